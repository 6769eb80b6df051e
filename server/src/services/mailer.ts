import type { Kysely } from 'kysely'
import nodemailer from 'nodemailer'
import type { Database } from '../db/tables'
import type { Logger } from './logger'

/**
 * The transports a rendered mail leaves through: SMTP (`SMTP_URL`), the development outbox, or memory
 * (tests). Nothing calls them but the mail worker (services/mail/worker.ts): every mail is first a row
 * of the outbox, written in its cause's transaction, and the worker sends it, retries it and records it.
 */
export interface MailMessage {
  /** The sender's display name and address (the merchant's name for a merchant's mail). */
  from: { name: string; address: string }
  to: string
  subject: string
  text: string
  html: string
  /** The one action link in the mail, kept for the dev outbox (a developer signs in from it). */
  link?: string
  replyTo?: string
  /** The outbox row, as a header: a receiving system can tell a retried mail from a new one. */
  outboxId?: string
}

export interface Mailer {
  /** Resolves once the mail was accepted; the provider's message id when there is one. */
  send(message: MailMessage): Promise<{ messageId: string | null }>
}

/** Keeps every message in `sent`: the test harnesses read mail from there (after the worker ran). */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = []
  return {
    sent,
    async send(message) {
      sent.push(message)
      return { messageId: `<memory-${sent.length}@retainkit.test>` }
    },
  }
}

/** How long SMTP may take to connect, greet and answer each command before the socket is dropped. */
export const SMTP_TIMEOUT_MS = 15_000

/** SMTP through nodemailer when SMTP_URL is set: multipart/alternative (plain text and HTML). */
export function createSmtpMailer(smtpUrl: string, options: { timeoutMs?: number } = {}): Mailer {
  const timeout = options.timeoutMs ?? SMTP_TIMEOUT_MS
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  })
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: { name: message.from.name, address: message.from.address },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.outboxId ? { headers: { 'X-Retainkit-Mail-Id': message.outboxId } } : {}),
      })
      return { messageId: typeof info.messageId === 'string' ? info.messageId : null }
    },
  }
}

/**
 * A production server without SMTP_URL (possible with Supabase doing sign-in): every send fails with
 * a plain reason, so the outbox shows the mail as failed (`npm run admin -- mail`) instead of printing
 * it to the log as the dev outbox would.
 */
export function createUnconfiguredMailer(): Mailer {
  return {
    async send() {
      throw new Error('SMTP_URL is not set: this production server has no way to send mail')
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
      const row = await db
        .insertInto('auth_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text: message.text,
          link: message.link ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      // The link is a one-time sign-in credential meant for this developer's eyes: printed to the
      // console directly rather than through the redacting logger, and only when not in production.
      process.stdout.write(
        `\n[dev outbox] To: ${message.to}\n[dev outbox] ${message.subject}\n[dev outbox] ${message.link ?? ''}\n\n`,
      )
      logger.info('mail stored in the dev outbox', { subject: message.subject })
      return { messageId: `dev-outbox-${row.id}` }
    },
  }
}
