import { PAST_CANCELLATION_MONTHS } from '@retainkit/shared/sessions'
import type { AppDeps } from '../../deps'

/** The start of the window: the same day and time, PAST_CANCELLATION_MONTHS calendar months earlier (UTC). */
export function monthsBefore(at: Date, months = PAST_CANCELLATION_MONTHS): Date {
  const start = new Date(at)
  const day = start.getUTCDate()
  start.setUTCDate(1)
  start.setUTCMonth(start.getUTCMonth() - months)
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate()
  start.setUTCDate(Math.min(day, lastDay))
  return start
}

/**
 * Asks for a (new) import of the account's past cancellations: the job starts over from the newest
 * canceled subscription, over the 12 months before now. Rows already imported stay (a second run
 * imports each cancellation once); rows of another Stripe account or mode than the one connected now
 * are dropped, so test-mode history never sits beside live. A run holding the old job's lease loses
 * it: its next page is not stored.
 */
export async function requestPastImport(deps: AppDeps, accountId: string): Promise<boolean> {
  const credentials = await deps.db
    .selectFrom('gateway_credentials')
    .select(['stripe_account_id', 'livemode'])
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!credentials) return false
  const now = deps.clock.now()
  const job = {
    status: 'pending' as const,
    stripe_account_id: credentials.stripe_account_id,
    livemode: credentials.livemode,
    requested_at: now,
    window_start: monthsBefore(now),
    cursor: null,
    scanned: 0,
    found: 0,
    lease_token: null,
    lease_until: null,
    started_at: null,
    finished_at: null,
    error: null,
    retry_at: null,
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('past_cancellation_imports')
      .values({ account_id: accountId, ...job })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(job))
      .execute()
    await trx
      .deleteFrom('past_cancellations')
      .where('account_id', '=', accountId)
      .where((eb) => {
        const otherMode = eb('livemode', '<>', credentials.livemode)
        const stripeAccount = credentials.stripe_account_id
        return stripeAccount === null
          ? otherMode
          : eb.or([otherMode, eb('stripe_account_id', 'is distinct from', stripeAccount)])
      })
      .execute()
  })
  return true
}
