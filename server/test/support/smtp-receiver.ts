import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server in this process (the `smtp-server` package), for the mail worker's tests: it
 * accepts, refuses (4xx for now, 5xx for good) or never answers, per recipient, and keeps every message
 * it accepted, parsed (`mailparser`), with the raw source.
 */
export type SmtpBehaviour = 'accept' | 'try-later' | 'reject' | 'hang'

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL would say. */
  url: string
  received: { parsed: ParsedMail; raw: string }[]
  /** How the server answers a recipient (default: accept). */
  behave(to: string, behaviour: SmtpBehaviour): void
  close(): Promise<void>
}

function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code })
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const behaviours = new Map<string, SmtpBehaviour>()
  const received: SmtpReceiver['received'] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const behaviour = behaviours.get(address.address.toLowerCase()) ?? 'accept'
      if (behaviour === 'hang') return
      if (behaviour === 'try-later') return callback(smtpError(451, 'Try again later'))
      if (behaviour === 'reject') return callback(smtpError(550, 'No such mailbox here'))
      callback()
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        simpleParser(raw)
          .then((parsed) => {
            received.push({ parsed, raw })
            callback()
          })
          .catch((error: Error) => callback(error))
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    behave: (to, behaviour) => behaviours.set(to.toLowerCase(), behaviour),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
