import type { BillingInterval } from '@retainkit/shared/billing'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { configChanged } from '../config-changes'
import { subscriptionTargetOf, verifyStripeEvent } from '../stripe-events'
import { callBilling, lockBilling, type PlatformBilling, platformBilling } from './platform'
import { isLiveSubscriptionStatus } from './tier'

/**
 * The platform's Stripe webhooks: the only way an account's subscription state changes. Each event is
 * verified (Stripe's signature over the raw body), applied once (its id is stored with the change, in
 * one transaction), and never trusted for state: the subscription it concerns is read again from
 * Stripe, so events arriving late, twice or out of order all leave the state Stripe has now. When
 * several subscriptions of one account are in play, a live one beats an ended one and a newer one
 * (by Stripe's `created`) beats an older one.
 */

/** What the platform subscription row should hold for `sub`. */
function summarize(billing: PlatformBilling, sub: Stripe.Subscription) {
  const { monthly, annual } = billing.config.prices
  const item =
    sub.items.data.find((candidate) => [monthly, annual].includes(candidate.price.id)) ?? sub.items.data[0]
  const interval = item?.price.recurring?.interval
  return {
    subscription_id: sub.id,
    subscription_created: new Date(sub.created * 1000),
    status: sub.status,
    price_id: item?.price.id ?? null,
    billing_interval: interval === 'month' || interval === 'year' ? (interval as BillingInterval) : null,
    cancel_at_period_end: sub.cancel_at_period_end || sub.cancel_at !== null,
    current_period_end: item ? new Date(item.current_period_end * 1000) : null,
    trial_end: sub.status === 'trialing' && sub.trial_end ? new Date(sub.trial_end * 1000) : null,
  }
}

export interface WebhookOutcome {
  /** 'applied': state re-read and stored; 'duplicate': this event id was applied before. */
  result: 'applied' | 'duplicate' | 'ignored'
  accountId: string | null
}

/**
 * Verifies and applies one delivery. Throws HttpError 400 for a bad signature (nothing changes) and
 * lets Stripe failures through as 502/503, so Stripe delivers the event again later.
 */
export async function receiveBillingWebhook(
  deps: AppDeps,
  payload: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const billing = platformBilling(deps)
  if (!billing) throw new HttpError('NOT_FOUND', 'Billing is not enabled on this server.')
  const event = verifyStripeEvent(deps, payload, signature, billing.config.webhookSecret)
  const target = event.account ? null : subscriptionTargetOf(event)
  const owner = target?.customerId
    ? await deps.db
        .selectFrom('platform_subscriptions')
        .select('account_id')
        .where('customer_id', '=', target.customerId)
        .executeTakeFirst()
    : undefined
  const accountId = owner?.account_id ?? null
  if (!target || !accountId) {
    // Not ours to follow (another event type, a connected account's, a customer we never made).
    await recordEvent(deps, event, null)
    return { result: 'ignored', accountId: null }
  }
  const eventTime = new Date(event.created * 1000)
  const applied = await deps.db.transaction().execute(async (trx) => {
    await lockBilling(trx, accountId)
    const fresh = await trx
      .insertInto('billing_events')
      .values({ event_id: event.id, type: event.type, account_id: accountId, event_created: eventTime })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst()
    if (!fresh) return false
    const row = await trx
      .selectFrom('platform_subscriptions')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow()
    const subscriptionId = target.subscriptionId
    if (!subscriptionId) return true
    const sub = await callBilling(deps, 'subscriptions.retrieve', () =>
      billing.stripe.subscriptions.retrieve(subscriptionId),
    )
    const next = summarize(billing, sub)
    const current = row.subscription_id
    const replaces =
      current === null ||
      current === sub.id ||
      (isLiveSubscriptionStatus(sub.status) &&
        (!isLiveSubscriptionStatus(row.status) ||
          next.subscription_created > (row.subscription_created ?? new Date(0))))
    if (!replaces) return true
    const dunning = sub.status === 'past_due' || sub.status === 'unpaid'
    const sameEpisode = current === sub.id && row.payment_failed_at !== null
    // The earliest failure seen of this dunning episode starts the grace period, whichever event
    // told us first; a paid subscription has no failure.
    const failedAt = !dunning
      ? null
      : sameEpisode && (row.payment_failed_at as Date) < eventTime
        ? row.payment_failed_at
        : eventTime
    await trx
      .updateTable('platform_subscriptions')
      .set({
        ...next,
        payment_failed_at: failedAt,
        checkout_session_id: event.type === 'checkout.session.completed' ? null : row.checkout_session_id,
        synced_at: deps.clock.now(),
        updated_at: deps.clock.now(),
      })
      .where('account_id', '=', accountId)
      .execute()
    if (isLiveSubscriptionStatus(sub.status)) {
      // Paying ends the trial: the subscription decides from now on, so canceling it leads to Starter
      // at the period's end rather than back into what was left of the trial.
      const now = deps.clock.now()
      await trx
        .updateTable('accounts')
        .set({ trial_ends_at: now, updated_at: now })
        .where('id', '=', accountId)
        .where('trial_ends_at', '>', now)
        .execute()
    }
    return true
  })
  if (!applied) return { result: 'duplicate', accountId }
  // The widget's cached config carries the tier: drop it (on every instance) so subscribers get the
  // new one at once.
  await configChanged(deps, accountId)
  deps.logger.info('billing event applied', { type: event.type, accountId })
  return { result: 'applied', accountId }
}

async function recordEvent(deps: AppDeps, event: Stripe.Event, accountId: string | null): Promise<void> {
  await deps.db
    .insertInto('billing_events')
    .values({
      event_id: event.id,
      type: event.type,
      account_id: accountId,
      event_created: new Date(event.created * 1000),
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute()
}
