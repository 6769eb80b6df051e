import { type Kysely, sql, type Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { Database } from '../../db/tables'
import { idOf } from '../stripe-events'

/**
 * What Stripe last said about a subscriber's subscription, one row per subscription. Written only from
 * a subscription Stripe just returned (never from an event's copy), under the account's lock.
 */

/** Statuses in which the subscriber is not paying: a save that reaches one did not stick. */
const UNPAID_STATUSES: ReadonlySet<string> = new Set(['past_due', 'unpaid', 'incomplete_expired'])

type Db = Kysely<Database> | Transaction<Database>

/** Serialises the merchant events of one account (deliveries, the reconcile, the backfill). */
export async function lockMerchantEvents(trx: Db, accountId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(4242016, hashtext(${accountId}))`.execute(trx)
}

const at = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null)

/**
 * Stores `sub` as read at `readAt`. A row written from a newer read is kept: a backfill page listed
 * before an event was applied must not put the older state back. A listed page (`from: 'list'`) also
 * yields to a row read at the same instant, since the single read of an event is never older than it.
 */
export async function storeSubscription(
  trx: Db,
  accountId: string,
  sub: Stripe.Subscription,
  readAt: Date,
  from: 'event' | 'list' = 'event',
): Promise<void> {
  const existing = await trx
    .selectFrom('subscriber_subscriptions')
    .select(['unpaid_since', 'synced_at'])
    .where('account_id', '=', accountId)
    .where('subscription_id', '=', sub.id)
    .executeTakeFirst()
  if (existing && (existing.synced_at > readAt || (from === 'list' && existing.synced_at >= readAt))) return
  const unpaid = UNPAID_STATUSES.has(sub.status)
  const values = {
    customer_id: idOf(sub.customer) ?? '',
    status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end || sub.cancel_at !== null,
    canceled_at: at(sub.canceled_at),
    ended_at: at(sub.ended_at),
    paused: sub.status === 'paused' || sub.pause_collection !== null,
    // The first time it was seen unpaid starts the loss; later reads of the same episode keep it.
    unpaid_since: unpaid ? (existing?.unpaid_since ?? readAt) : null,
    stripe_created: new Date(sub.created * 1000),
    synced_at: readAt,
  }
  await trx
    .insertInto('subscriber_subscriptions')
    .values({ account_id: accountId, subscription_id: sub.id, ...values })
    // The same rule again inside the write: a store that does not hold the account's events lock (an
    // in-flow change, recorded under the customer's lock) cannot put back an older state between the
    // read above and this statement.
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'subscription_id'])
        .doUpdateSet(values)
        .where('subscriber_subscriptions.synced_at', from === 'list' ? '<' : '<=', readAt),
    )
    .execute()
}

/**
 * A change Retainkit just made itself (an offer applied, a cancellation scheduled, a reactivation),
 * stored from Stripe's answer in the transaction that records it. The banner and the durability figures
 * then see it at once instead of waiting for the merchant's event, which may come late, out of order,
 * or never (an endpoint Stripe disabled); the event's own read still wins when it is newer.
 */
export function rememberOwnChange(
  trx: Db,
  accountId: string,
  sub: Stripe.Subscription,
  now: Date,
): Promise<void> {
  return storeSubscription(trx, accountId, sub, now)
}
