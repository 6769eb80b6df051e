import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import {
  confirmTarget,
  factsOfSubscription,
  findReactivationTarget,
  pickReactivation,
  type ReactivationTarget,
  type SubscriptionFacts,
} from './reactivation'

/**
 * What the banner offers, from the merchant's Stripe events. Once an account's subscriptions are
 * followed (backfilled, then kept current by its events and the reconcile), the banner decides from
 * those rows: a subscription paused, resumed, scheduled to cancel or cancelled anywhere changes the
 * offer as soon as its event is applied, and a subscriber with nothing to reactivate (most page loads)
 * costs no Stripe call at all. Only a candidate is read from Stripe, once, for the price the banner
 * states; that read is also what decides, so a late event cannot make the banner offer a stale kind.
 * Accounts not followed yet, customers without rows and rows older than a failed delivery of the
 * merchant's events (delivery-health.ts) read Stripe's list as before.
 */
export async function findBannerTarget(
  deps: AppDeps,
  stripe: Stripe,
  accountId: string,
  customerId: string,
  subscriptionId: string | null,
): Promise<ReactivationTarget | null> {
  const followed = await followedFactsOf(deps, accountId, customerId)
  if (!followed) return findReactivationTarget(deps, stripe, customerId, subscriptionId)
  const pick = pickReactivation(followed, subscriptionId)
  if (!pick) return null
  const target = await confirmTarget(deps, stripe, customerId, pick)
  if (!target) return null
  // The fresh read replaces what the events said of this subscription; the rule decides again.
  const fresh = followed.map((facts) =>
    facts.id === target.subscription.id ? factsOfSubscription(target.subscription) : facts,
  )
  const again = pickReactivation(fresh, subscriptionId)
  return again?.id === target.subscription.id ? { kind: again.kind, subscription: target.subscription } : null
}

/**
 * The customer's subscriptions as the events left them; null (read Stripe) while the account is not
 * followed, when the customer has no rows, or when a row predates the last failed delivery.
 */
async function followedFactsOf(
  deps: AppDeps,
  accountId: string,
  customerId: string,
): Promise<SubscriptionFacts[] | null> {
  const connection = await deps.db
    .selectFrom('gateway_credentials')
    .leftJoin(
      'merchant_delivery_failures',
      'merchant_delivery_failures.account_id',
      'gateway_credentials.account_id',
    )
    .select(['gateway_credentials.subscriptions_synced_at', 'merchant_delivery_failures.failed_at'])
    .where('gateway_credentials.account_id', '=', accountId)
    .executeTakeFirst()
  if (!connection?.subscriptions_synced_at) return null
  const rows = await deps.db
    .selectFrom('subscriber_subscriptions')
    .select([
      'subscription_id',
      'status',
      'paused',
      'cancel_at_period_end',
      'canceled_at',
      'ended_at',
      'stripe_created',
      'synced_at',
    ])
    .where('account_id', '=', accountId)
    .where('customer_id', '=', customerId)
    .execute()
  // No rows: a subscriber created since the last sync whose events did not arrive (or nobody to offer
  // anything). Rows written before a delivery failed may be stale. Either way Stripe decides.
  if (rows.length === 0) return null
  const failedAt = connection.failed_at ? new Date(connection.failed_at).getTime() : null
  if (failedAt !== null && rows.some((row) => new Date(row.synced_at).getTime() <= failedAt)) return null
  const seconds = (value: Date | string | null) => (value === null ? null : new Date(value).getTime() / 1000)
  return rows.map((row) => ({
    id: row.subscription_id,
    paused: row.paused,
    scheduledToCancel: row.cancel_at_period_end,
    ended: row.status === 'canceled' || row.status === 'incomplete_expired',
    endedAt: seconds(row.ended_at) ?? seconds(row.canceled_at) ?? seconds(row.stripe_created) ?? 0,
  }))
}
