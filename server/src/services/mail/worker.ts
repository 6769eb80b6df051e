import { sanitizeMessage } from '@retainkit/shared/sanitize'
import { sql } from 'kysely'
import type { AppDeps } from '../../deps'
import { mailAttempts } from '../../observability/metrics'
import { backoffMs } from '../retry-backoff'
import { drainSlots, type SlotQueue } from '../slot-dispatch'
import { renderMail, UnrenderableMailError } from './render'
import { isMailKind, MAIL_TEMPLATES } from './templates'
import type { AnyMailTemplate } from './templates/types'

/**
 * Sends due mail from the outbox. Rows are claimed in one statement (`FOR UPDATE SKIP LOCKED` on the
 * due rows, then a lease written on them): two workers, in one process or several, never hold the same
 * row. Each attempt has a deadline, so one hanging SMTP conversation never holds the others. A failed
 * attempt is retried with exponential backoff until the kind's deadline or MAX_MAIL_ATTEMPTS, then the
 * row is `failed`; a rejection that cannot get better (an unknown recipient, a row that cannot render)
 * fails at once. A worker killed mid-send loses nothing: its lease runs out and the row is due again.
 * Nothing here throws into the process: a database error ends the pass, the next one starts over.
 */

/** How long a claim holds: longer than an attempt's deadline, short enough to recover a crash. */
export const MAIL_LEASE_MS = 120_000
/** An attempt that has not finished by then counts as failed (and is retried). */
export const MAIL_DEADLINE_MS = 20_000
export const MAX_MAIL_ATTEMPTS = 25
const FIRST_RETRY_MS = 10_000
const MAX_RETRY_MS = 30 * 60_000
/** Sends in flight per process: a slow mail server holds at most these, each for its deadline. */
export const MAIL_CONCURRENCY = 8

/** 10 s, 20 s, 40 s, … then every 30 minutes. */
export const mailRetryDelayMs = (attempts: number): number =>
  backoffMs(attempts, FIRST_RETRY_MS, MAX_RETRY_MS)

export interface ClaimedMail {
  id: string
  account_id: string | null
  kind: string
  to_address: string
  locale: string | null
  /** What the mail is about (`receipt:cs_…`): the kind's `afterOutcome` reads it. */
  dedupe_key: string
  payload: string | null
  attempts: number
  give_up_at: Date | string
  locked_until: Date | string
}

export async function claimDueMail(
  deps: Pick<AppDeps, 'db'>,
  now: Date,
  limit: number,
): Promise<ClaimedMail[]> {
  const at = now.toISOString()
  const { rows } = await sql<ClaimedMail>`
    update mail_outbox
    set status = 'sending', attempts = attempts + 1,
      locked_until = ${new Date(now.getTime() + MAIL_LEASE_MS).toISOString()}::timestamptz
    where id in (
      select id from mail_outbox
      where status in ('pending', 'sending') and next_attempt_at <= ${at}::timestamptz
        and (locked_until is null or locked_until <= ${at}::timestamptz)
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, account_id, kind, to_address, locale, dedupe_key, payload, attempts, give_up_at, locked_until`.execute(
    deps.db,
  )
  return rows.map((row) => ({ ...row, id: String(row.id) }))
}

export type MailOutcome = 'sent' | 'retry' | 'failed'

/** What SMTP said "no" to for good: this recipient or this message (5xx), never the connection or login. */
function permanent(error: unknown): boolean {
  if (error instanceof UnrenderableMailError) return true
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown }
  return (
    typeof responseCode === 'number' && responseCode >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE')
  )
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ms / 1000} s (the attempt's deadline)`)),
      ms,
    )
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

async function send(deps: AppDeps, row: ClaimedMail, deadlineMs: number) {
  if (row.payload === null) throw new UnrenderableMailError('the mail has no content left to send')
  let params: unknown
  try {
    params = JSON.parse(deps.secrets.decrypt(row.payload))
  } catch {
    throw new UnrenderableMailError('the mail cannot be decrypted with this server key')
  }
  const message = await renderMail(deps, {
    kind: row.kind,
    to: row.to_address,
    accountId: row.account_id,
    locale: row.locale,
    params,
  })
  const { messageId } = await withDeadline(deps.mailer.send({ ...message, outboxId: row.id }), deadlineMs)
  return { subject: message.subject, messageId }
}

/** One attempt at one claimed row, recorded only while this worker still holds the row's lease. */
export async function attemptMail(
  deps: AppDeps,
  row: ClaimedMail,
  deadlineMs = MAIL_DEADLINE_MS,
): Promise<MailOutcome> {
  const outcome = await attemptAndRecord(deps, row, deadlineMs)
  // The kind is one of a closed list (or, from a newer version, one more): a bounded label.
  mailAttempts.inc({ outcome, kind: row.kind })
  if (outcome !== 'retry' && isMailKind(row.kind)) {
    // What the kind records once its mail went out or was given up (a receipt: the evidence ledger).
    const after = (MAIL_TEMPLATES[row.kind] as AnyMailTemplate).afterOutcome
    await after?.(deps, {
      accountId: row.account_id,
      dedupeKey: row.dedupe_key,
      to: row.to_address,
      outcome,
    }).catch((error: unknown) =>
      deps.logger.warn('mail outcome not recorded', {
        mailId: row.id,
        kind: row.kind,
        error: error instanceof Error ? error.message : String(error),
      }),
    )
  }
  return outcome
}

async function attemptAndRecord(deps: AppDeps, row: ClaimedMail, deadlineMs: number): Promise<MailOutcome> {
  const lease = new Date(row.locked_until)
  const mine = deps.db.updateTable('mail_outbox').where('id', '=', row.id).where('locked_until', '=', lease)
  if (deps.clock.now() >= new Date(row.give_up_at)) {
    await mine
      .set({
        status: 'failed',
        payload: null,
        locked_until: null,
        last_error: 'not sent before its deadline',
      })
      .execute()
    return 'failed'
  }
  try {
    const sent = await send(deps, row, deadlineMs)
    const now = deps.clock.now()
    await mine
      .set({
        status: 'sent',
        sent_at: now,
        subject: sent.subject,
        provider_message_id: sent.messageId,
        payload: null,
        locked_until: null,
        last_error: null,
      })
      .execute()
    return 'sent'
  } catch (error) {
    const now = deps.clock.now()
    const next = new Date(now.getTime() + mailRetryDelayMs(row.attempts))
    const giveUp = permanent(error) || row.attempts >= MAX_MAIL_ATTEMPTS || next > new Date(row.give_up_at)
    const lastError = sanitizeMessage(error)
    deps.logger.warn(giveUp ? 'mail failed; given up' : 'mail attempt failed; retrying', {
      mailId: row.id,
      kind: row.kind,
      attempts: row.attempts,
      error: lastError,
    })
    await mine
      .set(
        giveUp
          ? { status: 'failed', payload: null, locked_until: null, last_error: lastError }
          : { status: 'pending', next_attempt_at: next, locked_until: null, last_error: lastError },
      )
      .execute()
    return giveUp ? 'failed' : 'retry'
  }
}

export interface MailQueueOptions {
  /** One attempt (render and send) takes at most this long. */
  deadlineMs?: number
  /** Sends in flight in this process. */
  concurrency?: number
}

/** The outbox as a slot queue (slot-dispatch.ts, shared with the webhook deliveries). */
export function mailQueue(
  deps: AppDeps,
  options: MailQueueOptions = {},
): SlotQueue<ClaimedMail, MailOutcome> {
  return {
    name: 'mail',
    concurrency: options.concurrency ?? MAIL_CONCURRENCY,
    claim: (free) => claimDueMail(deps, deps.clock.now(), free),
    attempt: (row) => attemptMail(deps, row, options.deadlineMs ?? MAIL_DEADLINE_MS),
  }
}

export interface MailPassResult {
  attempted: number
  sent: number
  failed: number
}

/**
 * Sends everything due now until nothing is: what tests and tools call directly (the process's
 * worker, runner.ts, does the same continuously).
 */
export async function sendDueMail(deps: AppDeps, options: MailQueueOptions = {}): Promise<MailPassResult> {
  const outcomes = await drainSlots(mailQueue(deps, options), deps.logger)
  return {
    attempted: outcomes.length,
    sent: outcomes.filter((outcome) => outcome === 'sent').length,
    failed: outcomes.filter((outcome) => outcome === 'failed').length,
  }
}

/** Sent, given-up and withdrawn rows older than MAIL_RETENTION_DAYS go (their dedupe keys with them). */
export async function pruneMailOutbox(deps: AppDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.config.mailRetentionDays * 86_400_000)
  const result = await deps.db
    .deleteFrom('mail_outbox')
    .where('status', 'in', ['sent', 'failed', 'cancelled'])
    .where('created_at', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
