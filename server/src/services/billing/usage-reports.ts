import Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { platformBilling } from './platform'

/**
 * Reports queued overage (one row per cancel session beyond the fair-use line) to Stripe as Billing
 * Meter events. The session id is the event's identifier, so Stripe counts a unit once however often
 * it is sent; its "already exists" answer means an earlier attempt got through. Failures stay queued
 * (with the error) for the next attempt; Stripe takes events up to 35 days old.
 */

const MAX_AGE_MS = 34 * 86_400_000
const MAX_ATTEMPTS = 20
const BATCH = 100

const isDuplicate = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  /already exists with identifier/i.test(error.message)

export async function reportPendingUsage(deps: AppDeps, accountId?: string): Promise<number> {
  const billing = platformBilling(deps)
  if (!billing) return 0
  const now = deps.clock.now()
  let query = deps.db
    .selectFrom('usage_reports')
    .selectAll()
    .where('reported_at', 'is', null)
    .where('attempts', '<', MAX_ATTEMPTS)
    .where('occurred_at', '>', new Date(now.getTime() - MAX_AGE_MS))
    .orderBy('occurred_at')
    .limit(BATCH)
  if (accountId) query = query.where('account_id', '=', accountId)
  const pending = await query.execute()
  let reported = 0
  for (const row of pending) {
    try {
      await billing.stripe.billing.meterEvents.create({
        event_name: billing.config.meterEventName,
        identifier: row.session_id,
        timestamp: Math.floor(row.occurred_at.getTime() / 1000),
        payload: { stripe_customer_id: row.customer_id, value: '1' },
      })
    } catch (error) {
      if (!isDuplicate(error)) {
        const message = error instanceof Error ? error.message : String(error)
        await deps.db
          .updateTable('usage_reports')
          .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: message.slice(0, 500) }))
          .where('session_id', '=', row.session_id)
          .execute()
        deps.logger.warn('metered usage not reported yet', { accountId: row.account_id, error: message })
        continue
      }
    }
    await deps.db
      .updateTable('usage_reports')
      .set((eb) => ({ reported_at: deps.clock.now(), attempts: eb('attempts', '+', 1), last_error: null }))
      .where('session_id', '=', row.session_id)
      .execute()
    reported += 1
  }
  return reported
}
