import type { MailStatus } from '../db/tables'
import type { AppDeps } from '../deps'

/**
 * `npm run admin -- mail`: what the outbox holds by status, and the mails not delivered — failed or
 * still waiting — newest first, with their last error. Never a body, a parameter or a link (a link may
 * sign someone in); the recipient is shown, for the operator to tell whom to contact.
 */

export const MAIL_LISTING_LIMIT = 50

export interface MailListing {
  counts: Record<MailStatus, number>
  mail: {
    id: string
    kind: string
    to: string
    account_id: string | null
    status: 'pending' | 'sending' | 'failed'
    attempts: number
    last_error: string | null
    created_at: string
    next_attempt_at: string
  }[]
}

const iso = (value: Date | string) => new Date(value).toISOString()

export async function listMail(deps: Pick<AppDeps, 'db'>): Promise<MailListing> {
  const [byStatus, rows] = await Promise.all([
    deps.db
      .selectFrom('mail_outbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    deps.db
      .selectFrom('mail_outbox')
      .select([
        'id',
        'kind',
        'to_address',
        'account_id',
        'status',
        'attempts',
        'last_error',
        'created_at',
        'next_attempt_at',
      ])
      .where('status', 'in', ['pending', 'sending', 'failed'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAIL_LISTING_LIMIT)
      .execute(),
  ])
  const counts: Record<MailStatus, number> = { pending: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 }
  for (const row of byStatus) counts[row.status] = Number(row.n)
  return {
    counts,
    mail: rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      to: row.to_address,
      account_id: row.account_id,
      status: row.status as 'pending' | 'sending' | 'failed',
      attempts: row.attempts,
      last_error: row.last_error,
      created_at: iso(row.created_at),
      next_attempt_at: iso(row.next_attempt_at),
    })),
  }
}

export function formatMailListing(listing: MailListing): string {
  const { counts } = listing
  const head = `Mail outbox: ${counts.sent} sent, ${counts.pending + counts.sending} waiting, ${counts.failed} failed, ${counts.cancelled} cancelled.`
  if (listing.mail.length === 0) return `${head}\nNothing failed or waiting.`
  const lines = listing.mail.map((mail) => {
    const when = mail.status === 'failed' ? 'gave up' : `next ${mail.next_attempt_at.slice(0, 19)}Z`
    const error = mail.last_error ? `  ${mail.last_error}` : ''
    return `#${mail.id}  ${mail.status}  ${mail.kind} to ${mail.to}  queued ${mail.created_at.slice(0, 19)}Z, ${mail.attempts} attempt${mail.attempts === 1 ? '' : 's'}, ${when}${error}`
  })
  return [head, ...lines].join('\n')
}
