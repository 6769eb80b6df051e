import type { SubscriberAddress } from '@retainkit/shared/jurisdiction'
import { roundMinor } from '@retainkit/shared/money'
import type { SubscriberPlan, SubscriberSummary } from '@retainkit/shared/widget-api'
import Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { hasStripeCredentials, stripeForAccount } from '../merchant-stripe'
import { type BillingInterval, itemsMrrExact } from './mrr'

/** Reading a subscriber's subscription through the merchant's Stripe account, and what we derive from it. */

/** What a subscriber is told when Stripe fails; the details go to the log, sanitized. */
export const STRIPE_UNAVAILABLE_MESSAGE =
  "We couldn't reach the billing system to update your subscription. Nothing was changed; please try again in a moment."

/** A failed Stripe call as 502 EXTERNAL_SERVICE_ERROR with a subscriber-safe message; details logged, sanitized. */
export function stripeFailure(deps: AppDeps, what: string, error: unknown): never {
  if (!(error instanceof Stripe.errors.StripeError)) throw error
  deps.logger.warn('Stripe call failed', {
    what,
    type: error.type,
    code: error.code ?? null,
    status: error.statusCode ?? null,
    message: error.message,
  })
  throw new HttpError('EXTERNAL_SERVICE_ERROR', STRIPE_UNAVAILABLE_MESSAGE)
}

/** Runs a Stripe call; a Stripe failure becomes `stripeFailure`. */
export async function stripeCall<T>(deps: AppDeps, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    return stripeFailure(deps, what, error)
  }
}

export const isMissingResource = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeError &&
  (error.code === 'resource_missing' || error.statusCode === 404)

/** The merchant's Stripe client, or null when the account has not connected Stripe. */
export async function merchantStripe(deps: AppDeps, accountId: string): Promise<Stripe | null> {
  if (!(await hasStripeCredentials(deps, accountId))) return null
  return stripeForAccount(deps, accountId)
}

/** Expansions every subscription read uses: product names for the plan, the customer's address. */
export const SUBSCRIPTION_EXPAND = ['items.data.price.product', 'customer'] as const

/** Most relevant first when a customer has several; anything else is not "live" for the widget. */
const RELEVANCE: Readonly<Record<string, number>> = {
  active: 0,
  trialing: 1,
  past_due: 2,
  paused: 3,
  unpaid: 4,
}

export const isEnded = (sub: Stripe.Subscription): boolean =>
  sub.status === 'canceled' || sub.status === 'incomplete_expired'

export const customerIdOf = (sub: Stripe.Subscription): string =>
  typeof sub.customer === 'string' ? sub.customer : sub.customer.id

/** Stripe will end it: at period end, or at a set time. */
export const isScheduledToCancel = (sub: Stripe.Subscription): boolean =>
  sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at !== undefined)

export const isPaused = (sub: Stripe.Subscription): boolean =>
  sub.status === 'paused' || Boolean(sub.pause_collection)

export function hasActiveDiscount(sub: Stripe.Subscription, nowSeconds: number): boolean {
  return sub.discounts.some((d) => typeof d === 'string' || d.end === null || d.end > nowSeconds)
}

export function firstItem(sub: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = sub.items.data[0]
  if (!item) throw new HttpError('EXTERNAL_SERVICE_ERROR', STRIPE_UNAVAILABLE_MESSAGE)
  return item
}

export function customerAddress(sub: Stripe.Subscription): SubscriberAddress | null {
  const customer = sub.customer
  if (typeof customer === 'string' || customer.deleted) return null
  const address = customer.address ?? customer.shipping?.address ?? null
  return address ? { country: address.country ?? null, state: address.state ?? null } : null
}

export const subscriptionMrr = (sub: Stripe.Subscription): number => roundMinor(subscriptionMrrExact(sub))

/** The subscription's MRR unrounded (mrr.ts's itemsMrrExact): what an offer's MRR after starts from. */
export function subscriptionMrrExact(sub: Stripe.Subscription): number {
  return itemsMrrExact(
    sub.items.data.map((item) => ({
      quantity: item.quantity ?? 1,
      price: {
        unit_amount: item.price.unit_amount,
        recurring: item.price.recurring
          ? {
              interval: item.price.recurring.interval as BillingInterval,
              interval_count: item.price.recurring.interval_count,
              usage_type: item.price.recurring.usage_type,
            }
          : null,
      },
    })),
  )
}

export function planOf(sub: Stripe.Subscription): SubscriberPlan {
  const { price } = firstItem(sub)
  const product = price.product
  const productName =
    typeof product === 'object' && product !== null && !product.deleted
      ? product.name
      : (price.nickname ?? '')
  return {
    priceId: price.id,
    productName,
    amount: price.unit_amount ?? 0,
    currency: price.currency,
    interval: (price.recurring?.interval ?? 'month') as BillingInterval,
    intervalCount: price.recurring?.interval_count ?? 1,
  }
}

/** Period fields live on subscription items in this API version (2026-10-28), not on the subscription. */
export function currentPeriodEnd(sub: Stripe.Subscription): number | null {
  return sub.items.data[0]?.current_period_end ?? null
}

/** When a subscription scheduled to cancel ends (unix seconds), null when Stripe does not say. */
export function scheduledEndOf(sub: Stripe.Subscription): number | null {
  return sub.cancel_at ?? currentPeriodEnd(sub)
}

export function summarize(sub: Stripe.Subscription): SubscriberSummary {
  const end = currentPeriodEnd(sub)
  return {
    customerId: customerIdOf(sub),
    subscriptionId: sub.id,
    status: sub.status,
    plan: planOf(sub),
    mrr: subscriptionMrr(sub),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: end === null ? null : new Date(end * 1000).toISOString(),
  }
}

export async function retrieveSubscription(
  deps: AppDeps,
  stripe: Stripe,
  subscriptionId: string,
): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(subscriptionId, { expand: [...SUBSCRIPTION_EXPAND] })
  } catch (error) {
    if (isMissingResource(error)) return null
    return stripeFailure(deps, 'subscriptions.retrieve', error)
  }
}

/** The subscription must belong to the token's customer: a token cannot reach another customer's. */
export function assertOwnedBy(sub: Stripe.Subscription, customerId: string): void {
  if (customerIdOf(sub) !== customerId) {
    throw new HttpError('FORBIDDEN', 'This subscription belongs to another customer.')
  }
}

/**
 * The customer's subscription the widget acts on: the token's `sid` (which must be theirs), or their
 * most relevant live one (active, then trialing, past_due, paused, unpaid; newest first). Null when
 * there is none or it has ended.
 */
export async function findSubscription(
  deps: AppDeps,
  stripe: Stripe,
  customerId: string,
  subscriptionId: string | null,
): Promise<Stripe.Subscription | null> {
  if (subscriptionId) {
    const sub = await retrieveSubscription(deps, stripe, subscriptionId)
    if (!sub) return null
    assertOwnedBy(sub, customerId)
    return isEnded(sub) ? null : sub
  }
  const list = await stripeCall(deps, 'subscriptions.list', () =>
    stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
  )
  const candidates = list.data
    .filter((sub) => RELEVANCE[sub.status] !== undefined)
    .sort((a, b) => (RELEVANCE[a.status] ?? 9) - (RELEVANCE[b.status] ?? 9) || b.created - a.created)
  const picked = candidates[0]
  if (!picked) return null
  // Lists cannot expand four levels deep (items.data.price.product); read the one we picked.
  const sub = await retrieveSubscription(deps, stripe, picked.id)
  return sub && !isEnded(sub) ? sub : null
}
