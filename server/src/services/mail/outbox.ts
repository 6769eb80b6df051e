import type { MailKind } from '@retainkit/shared/mail-words'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { MAIL_TEMPLATES, type MailParams } from './templates'

/**
 * The one way to send a mail to a person: a row in `mail_outbox` (migration 160), written in the
 * transaction of the event that causes it, so the mail exists exactly when its cause was committed.
 * The mail worker (worker.ts) sends it. NOTIFY on MAIL_CHANNEL wakes the worker of every instance as
 * the transaction commits (PostgreSQL delivers a notification only then, and never for a rollback), so
 * a sign-in link goes out within moments; the worker's periodic pass catches anything else.
 */

export const MAIL_CHANNEL = 'retainkit_mail'

export interface MailRequest<K extends MailKind> {
  kind: K
  to: string
  /** The account the mail is about (its name, colours, default language); null only for sign-in. */
  accountId: string | null
  /**
   * Unique per account: the same cause queues one mail however often, or however concurrently, it is
   * processed (a Stripe event id with the mail's role, e.g. `payment_failed:evt_123`).
   */
  dedupeKey: string
  /** The recipient's language (BCP 47), when known; else the account's default, then English. */
  locale?: string | null
  params: MailParams<K>
  /** Not before this time (a reminder due in three days); default now. Cancel with `cancelMail`. */
  sendAt?: Date
}

type Db = Kysely<Database>
type EnqueueDeps = Pick<AppDeps, 'clock' | 'secrets'>

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/

/**
 * Queues one mail in `trx` (the caller's transaction, normally). Returns the row's id, or `queued:
 * false` when a mail with this dedupe key already exists for the account (sent or not).
 * Throws on parameters its template refuses or an address that is not one: a bug, not a send failure.
 */
export async function enqueueMail<K extends MailKind>(
  trx: Db,
  deps: EnqueueDeps,
  mail: MailRequest<K>,
): Promise<{ queued: boolean; id: string | null }> {
  const template = MAIL_TEMPLATES[mail.kind]
  const params = template.params.parse(mail.params)
  const to = mail.to.trim()
  if (!EMAIL.test(to)) throw new Error(`enqueueMail(${mail.kind}): not an e-mail address`)
  const now = deps.clock.now()
  const due = mail.sendAt && mail.sendAt > now ? mail.sendAt : now
  const row = await trx
    .insertInto('mail_outbox')
    .values({
      account_id: mail.accountId,
      dedupe_key: mail.dedupeKey,
      kind: mail.kind,
      to_address: to,
      locale: mail.locale?.trim().slice(0, 35) || null,
      payload: deps.secrets.encrypt(JSON.stringify(params)),
      next_attempt_at: due,
      give_up_at: new Date(due.getTime() + template.giveUpAfterMs),
      created_at: now,
    })
    // Either partial unique index (per account, or for mail about no account) makes a repeat a no-op.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!row) return { queued: false, id: null }
  await sql`select pg_notify(${MAIL_CHANNEL}, '')`.execute(trx)
  return { queued: true, id: String(row.id) }
}

/**
 * Queues many mails in one statement (a pass that mails thousands at once), each as `enqueueMail`
 * would: validated, encrypted, deduplicated per account and key. Returns how many were queued.
 */
export async function enqueueMails(
  trx: Db,
  deps: EnqueueDeps,
  mails: ReadonlyArray<MailRequest<MailKind>>,
): Promise<number> {
  if (mails.length === 0) return 0
  const now = deps.clock.now()
  const rows = mails.map((mail) => {
    const template = MAIL_TEMPLATES[mail.kind]
    const params = (template.params as { parse(value: unknown): unknown }).parse(mail.params)
    const to = mail.to.trim()
    if (!EMAIL.test(to)) throw new Error(`enqueueMails(${mail.kind}): not an e-mail address`)
    const due = mail.sendAt && mail.sendAt > now ? mail.sendAt : now
    return {
      account_id: mail.accountId,
      dedupe_key: mail.dedupeKey,
      kind: mail.kind,
      to_address: to,
      locale: mail.locale?.trim().slice(0, 35) || null,
      payload: deps.secrets.encrypt(JSON.stringify(params)),
      next_attempt_at: due,
      give_up_at: new Date(due.getTime() + template.giveUpAfterMs),
      created_at: now,
    }
  })
  const queued = await trx
    .insertInto('mail_outbox')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  if (queued.length > 0) await sql`select pg_notify(${MAIL_CHANNEL}, '')`.execute(trx)
  return queued.length
}

/**
 * Withdraws a queued mail that is no longer wanted (the invoice got paid before the reminder): only
 * while it is pending, never once a worker is sending it. Returns whether it was withdrawn.
 */
export async function cancelMail(
  trx: Db,
  mail: { accountId: string | null; dedupeKey: string },
): Promise<boolean> {
  let query = trx
    .updateTable('mail_outbox')
    .set({ status: 'cancelled', payload: null, locked_until: null })
    .where('dedupe_key', '=', mail.dedupeKey)
    .where('status', '=', 'pending')
  query =
    mail.accountId === null
      ? query.where('account_id', 'is', null)
      : query.where('account_id', '=', mail.accountId)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
