import type { Kysely } from 'kysely'
import nodemailer from 'nodemailer'
import type { Database } from '../db/tables'
import type { Logger } from './logger'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** The one action link in the mail (sign-in), kept for the dev outbox. */
  link?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** Keeps every message in `sent`: the test harnesses read sign-in links from there. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = []
  return {
    sent,
    async send(message) {
      sent.push(message)
    },
  }
}

/** SMTP through nodemailer when SMTP_URL is set. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text })
    },
  }
}

/**
 * The development outbox: mail is stored (readable at GET /auth/v1/dev/outbox outside production) and
 * printed on the server log so a newcomer can sign in without an SMTP server.
 */
export function createOutboxMailer(db: Kysely<Database>, logger: Logger): Mailer {
  return {
    async send(message) {
      await db
        .insertInto('auth_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text: message.text,
          link: message.link ?? null,
        })
        .execute()
      // The link is a one-time sign-in credential meant for this developer's eyes: printed to the
      // console directly rather than through the redacting logger, and only when not in production.
      process.stdout.write(
        `\n[dev outbox] To: ${message.to}\n[dev outbox] ${message.subject}\n[dev outbox] ${message.link ?? ''}\n\n`,
      )
      logger.info('mail stored in the dev outbox', { subject: message.subject })
    },
  }
}
