import { evaluateCampaign, OPEN_RECOVERY_STATES, type RecoverySettings } from '@retainkit/shared/recovery'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { startClusterPass } from '../cluster-pass'
import { runLoss, runRefresh } from './lose'
import { queueTimelineMails, type TimelineMail } from './mails'
import { runRetry } from './retry'
import { type RecoveryAccess, recoveryAccess } from './settings'
import { asCampaign, type Campaign, factsOf } from './store'

/**
 * The periodic evaluation pass: every open campaign whose `due_at` has come, read in batches (the
 * partial index on due_at, id; keyset pagination), judged by the shared timeline, and moved on. What
 * needs no Stripe call — the reminder and final notice, the next due time, a campaign whose account
 * switched the module off — is written back for the whole batch in one statement (only where the row
 * is unchanged since it was read: a Stripe event or a click in between wins, the next pass looks
 * again) with its mails in the same transaction. Retries, losses and re-reads then run one by one
 * under each customer's lock, a few at a time.
 */

export interface PassOptions {
  batchSize?: number
  /** Stripe calls in flight at once. */
  concurrency?: number
}

export interface PassResult {
  evaluated: number
  mailed: number
  retried: number
  lost: number
  refreshed: number
  /** Steps that threw (Stripe down, a revoked key): tried again on the next pass. */
  failed: number
}

type Job = { kind: 'retry' | 'lose' | 'refresh'; id: string }
type PassMail = TimelineMail & { settings: RecoverySettings }

interface RowUpdate {
  id: string
  version: number
  due_at: string | null
  reminder_sent_at: string | null
  final_notice_sent_at: string | null
}

function judge(
  campaign: Campaign,
  access: RecoveryAccess,
  now: Date,
): { update: RowUpdate; mails: PassMail[]; jobs: Job[] } {
  const base = {
    id: campaign.id,
    version: campaign.version,
    reminder_sent_at: null,
    final_notice_sent_at: null,
  }
  // The module was switched off (or the plan lapsed): its campaigns rest until it is on again.
  if (!access.active) return { update: { ...base, due_at: null }, mails: [], jobs: [] }
  const { settings } = access
  const facts = factsOf(campaign, settings)
  const evaluation = evaluateCampaign(facts, settings, now)
  const { due } = evaluation
  const mails: PassMail[] = []
  const update: RowUpdate = { ...base, due_at: null }
  if (due.includes('reminder')) {
    mails.push({ campaign, kind: 'payment_reminder', settings })
    update.reminder_sent_at = now.toISOString()
    facts.reminderSent = true
  }
  if (due.includes('final_notice')) {
    mails.push({ campaign, kind: 'payment_final_notice', settings })
    update.final_notice_sent_at = now.toISOString()
    facts.finalNoticeSent = true
  }
  const jobs = (['retry', 'lose', 'refresh'] as const)
    .filter((kind) => due.includes(kind))
    .map((kind) => ({ kind, id: campaign.id }))
  // A Stripe step sets the next time itself; until it has run, the campaign stays due as it was (so
  // this pass's keyset does not meet it again, and a step that failed is tried by the next pass).
  const next =
    jobs.length > 0
      ? campaign.due_at
      : mails.length > 0
        ? evaluateCampaign(facts, settings, now).nextAt
        : evaluation.nextAt
  update.due_at = next ? next.toISOString() : null
  return { update, mails, jobs }
}

async function writeBatch(
  trx: Transaction<Database>,
  deps: AppDeps,
  updates: RowUpdate[],
  mails: PassMail[],
  now: Date,
): Promise<number> {
  const written = await sql<{ id: string }>`
    update recovery_campaigns c set
      due_at = v.due_at,
      reminder_sent_at = coalesce(v.reminder_sent_at, c.reminder_sent_at),
      final_notice_sent_at = coalesce(v.final_notice_sent_at, c.final_notice_sent_at),
      version = c.version + 1,
      updated_at = ${now}
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(
      id bigint, version integer, due_at timestamptz, reminder_sent_at timestamptz, final_notice_sent_at timestamptz)
    where c.id = v.id and c.version = v.version and c.state in ('failed', 'retrying')
    returning c.id`.execute(trx)
  const kept = new Set(written.rows.map((row) => String(row.id)))
  return queueTimelineMails(
    trx,
    deps,
    mails.filter((mail) => kept.has(mail.campaign.id)),
    now,
  )
}

async function runJobs(deps: AppDeps, jobs: Job[], concurrency: number, result: PassResult): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as Job
      try {
        if (job.kind === 'retry') {
          const outcome = await runRetry(deps, job.id)
          if (outcome !== 'not_due') result.retried++
        } else if (job.kind === 'lose') {
          if (await runLoss(deps, job.id)) result.lost++
        } else {
          await runRefresh(deps, job.id)
          result.refreshed++
        }
      } catch (error) {
        result.failed++
        deps.logger.warn('recovery step failed; tried again on the next pass', {
          step: job.kind,
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))
}

export async function runRecoveryPass(deps: AppDeps, options: PassOptions = {}): Promise<PassResult> {
  const batchSize = options.batchSize ?? 1000
  const now = deps.clock.now()
  const result: PassResult = { evaluated: 0, mailed: 0, retried: 0, lost: 0, refreshed: 0, failed: 0 }
  const access = new Map<string, Promise<RecoveryAccess>>()
  const accessOf = (accountId: string) => {
    let found = access.get(accountId)
    if (!found) {
      found = recoveryAccess(deps.db, accountId, now)
      access.set(accountId, found)
    }
    return found
  }
  let after: { due: Date; id: string } | null = null
  for (;;) {
    let query = deps.db
      .selectFrom('recovery_campaigns')
      .selectAll()
      .where('state', 'in', [...OPEN_RECOVERY_STATES])
      .where('due_at', '<=', now)
    if (after) {
      const { due, id } = after
      query = query.where((eb) =>
        eb.or([eb('due_at', '>', due), eb.and([eb('due_at', '=', due), eb('id', '>', id)])]),
      )
    }
    const rows = (await query.orderBy('due_at').orderBy('id').limit(batchSize).execute()).map(asCampaign)
    if (rows.length === 0) break
    const updates: RowUpdate[] = []
    const mails: PassMail[] = []
    const jobs: Job[] = []
    for (const row of rows) {
      const judged = judge(row, await accessOf(row.account_id), now)
      updates.push(judged.update)
      mails.push(...judged.mails)
      jobs.push(...judged.jobs)
    }
    result.mailed += await deps.db.transaction().execute((trx) => writeBatch(trx, deps, updates, mails, now))
    result.evaluated += rows.length
    await runJobs(deps, jobs, options.concurrency ?? 4, result)
    const last = rows.at(-1) as Campaign
    after = { due: last.due_at as Date, id: last.id }
    if (rows.length < batchSize) break
  }
  return result
}

/** The evaluation pass every `everyMs` (five minutes by default), once per cluster; returns a stop function. */
export function startRecoveryWorker(deps: AppDeps, everyMs = 5 * 60_000): () => void {
  return startClusterPass(deps, 'payment recovery', everyMs, async () => {
    await runRecoveryPass(deps)
  })
}
