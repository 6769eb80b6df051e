import { randomUUID } from 'node:crypto'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { stripeForAccount } from '../merchant-stripe'
import { startPeriodicWorker } from '../periodic-worker'
import { callStripe } from '../stripe-errors'
import { canceledAtOf, pastCancellationRow } from './rows'

/**
 * Runs an account's import of past cancellations: Stripe's canceled subscriptions, newest created first,
 * a page at a time from the stored cursor. Each page's rows and the cursor after it are written in one
 * transaction, under the run's lease, so a run that dies mid-way loses at most the page it was reading
 * and the next run goes on from there. Stripe cannot filter by cancellation time (only by creation), so
 * every canceled subscription is read and those canceled before the window are skipped.
 */

export const PAST_IMPORT_PAGE = 100
/** A run renews its lease with every page; one that stops renewing is taken over after this. */
export const PAST_IMPORT_LEASE_MS = 2 * 60 * 1000
/** A failure Stripe may get over (an outage, a rate limit) is tried again this much later. */
export const PAST_IMPORT_RETRY_MS = 5 * 60 * 1000
export const PAST_IMPORT_WORKER_MS = 60 * 1000

export type PastImportRun = 'done' | 'busy' | 'failed' | 'idle' | 'lost'

/** The lease went to another run (a newer import, or one that took over an expired lease). */
class LeaseLost extends Error {}

type Job = { window_start: Date; cursor: string | null; stripe_account_id: string | null }

async function claim(deps: AppDeps, accountId: string, token: string): Promise<Job | 'busy' | 'idle'> {
  const now = deps.clock.now()
  const claimed = await deps.db
    .updateTable('past_cancellation_imports')
    .set((eb) => ({
      status: 'running',
      lease_token: token,
      lease_until: new Date(now.getTime() + PAST_IMPORT_LEASE_MS),
      started_at: eb.fn.coalesce('started_at', eb.val(now)),
      error: null,
      retry_at: null,
    }))
    .where('account_id', '=', accountId)
    .where('status', '<>', 'done')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .returning(['window_start', 'cursor', 'stripe_account_id'])
    .executeTakeFirst()
  if (claimed) return { ...claimed, window_start: new Date(claimed.window_start) }
  const row = await deps.db
    .selectFrom('past_cancellation_imports')
    .select('status')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return row && row.status !== 'done' ? 'busy' : 'idle'
}

async function storePage(
  deps: AppDeps,
  accountId: string,
  token: string,
  job: Job,
  page: Stripe.ApiList<Stripe.Subscription>,
): Promise<void> {
  const now = deps.clock.now()
  const windowStart = job.window_start.getTime() / 1000
  const rows = page.data.flatMap((sub) => {
    const at = canceledAtOf(sub)
    if (sub.status !== 'canceled' || at === null || at < windowStart) return []
    const row = pastCancellationRow(sub, {
      accountId,
      stripeAccountId: job.stripe_account_id,
      importedAt: now,
    })
    return row ? [row] : []
  })
  const last = page.data.at(-1)
  await deps.db.transaction().execute(async (trx) => {
    const kept = await trx
      .updateTable('past_cancellation_imports')
      .set((eb) => ({
        cursor: last?.id ?? job.cursor,
        scanned: eb('scanned', '+', page.data.length),
        found: eb('found', '+', rows.length),
        lease_until: new Date(now.getTime() + PAST_IMPORT_LEASE_MS),
        ...(page.has_more
          ? {}
          : { status: 'done' as const, finished_at: now, lease_token: null, lease_until: null }),
      }))
      .where('account_id', '=', accountId)
      .where('lease_token', '=', token)
      .executeTakeFirst()
    if (Number(kept.numUpdatedRows) !== 1) throw new LeaseLost()
    if (rows.length > 0)
      await trx
        .insertInto('past_cancellations')
        .values(rows)
        .onConflict((oc) => oc.columns(['account_id', 'subscription_id']).doNothing())
        .execute()
  })
  job.cursor = last?.id ?? job.cursor
}

/** Whether the server should try again by itself: Stripe down or busy, not a key to fix. */
const retryable = (error: unknown) =>
  !(error instanceof HttpError) ||
  ['EXTERNAL_SERVICE_ERROR', 'RATE_LIMIT_EXCEEDED', 'SERVICE_UNAVAILABLE'].includes(error.code)

async function recordFailure(deps: AppDeps, accountId: string, token: string, error: unknown) {
  const now = deps.clock.now()
  const message =
    error instanceof HttpError
      ? `Stripe's canceled subscriptions could not be read: ${error.message}`
      : 'The import stopped unexpectedly; it is tried again shortly.'
  await deps.db
    .updateTable('past_cancellation_imports')
    .set({
      status: 'failed',
      error: message,
      lease_token: null,
      lease_until: null,
      retry_at: retryable(error) ? new Date(now.getTime() + PAST_IMPORT_RETRY_MS) : null,
    })
    .where('account_id', '=', accountId)
    .where('lease_token', '=', token)
    .execute()
}

export async function runPastImport(
  deps: AppDeps,
  accountId: string,
  options: { pageSize?: number } = {},
): Promise<PastImportRun> {
  const token = randomUUID()
  const job = await claim(deps, accountId, token)
  if (job === 'busy' || job === 'idle') return job
  try {
    const stripe = await stripeForAccount(deps, accountId)
    for (;;) {
      const page = await callStripe(
        deps.logger,
        'subscriptions.list',
        () =>
          stripe.subscriptions.list({
            status: 'canceled',
            limit: options.pageSize ?? PAST_IMPORT_PAGE,
            expand: ['data.customer'],
            ...(job.cursor ? { starting_after: job.cursor } : {}),
          }),
        { key: 'stored' },
      )
      await storePage(deps, accountId, token, job, page)
      if (!page.has_more) return 'done'
    }
  } catch (error) {
    if (error instanceof LeaseLost) return 'lost'
    deps.logger.warn('past cancellations import failed', {
      accountId,
      error: error instanceof Error ? error.message : String(error),
    })
    await recordFailure(deps, accountId, token, error)
    return 'failed'
  }
}

/** Imports asked for and not finished: new ones, those whose run died, failures due for a retry. */
export async function runDuePastImports(deps: AppDeps): Promise<number> {
  const now = deps.clock.now()
  const due = await deps.db
    .selectFrom('past_cancellation_imports')
    .select('account_id')
    .where('status', '<>', 'done')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '<>', 'failed'),
          eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]),
        ]),
        eb.and([eb('status', '=', 'failed'), eb('retry_at', '<=', now)]),
      ]),
    )
    .execute()
  let ran = 0
  for (const { account_id: accountId } of due) {
    if ((await runPastImport(deps, accountId)) !== 'busy') ran++
  }
  return ran
}

/** Every instance looks for due imports each minute; leases keep two from reading the same pages. */
export function startPastImportWorker(deps: AppDeps, everyMs = PAST_IMPORT_WORKER_MS): () => void {
  return startPeriodicWorker(deps.logger, 'past cancellations import', everyMs, () => runDuePastImports(deps))
}
