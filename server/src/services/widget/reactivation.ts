import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import type { ReactivationKind } from '@retainkit/shared/widget-api'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { couponTerms, offerTermsOf } from '../webhooks-out/save-terms'
import { couponIdFor, ensurePercentCoupon } from './coupons'
import { discountedMrr } from './mrr'
import {
  customerIdOf,
  firstItem,
  isEnded,
  isPaused,
  isScheduledToCancel,
  retrieveSubscription,
  stripeCall,
  subscriptionMrr,
  subscriptionMrrExact,
} from './stripe-subscriber'

/**
 * The reactivation banner: a returning subscriber whose subscription is paused, scheduled
 * to cancel, or already canceled (churned) gets a one-click way back; churned ones may get the winback
 * discount of config.reactivation.
 */
export interface ReactivationTarget {
  kind: ReactivationKind
  /** Expanded (items.data.price.product, customer): the paused/scheduled one, or the last canceled one. */
  subscription: Stripe.Subscription
}

export interface WinbackOffer {
  percentOff: number
  months: number
}

/** Churned subscribers get the configured winback discount, unless they used an offer recently. */
export function winbackOffer(
  config: CancelFlowConfig,
  kind: ReactivationKind,
  recentSave: boolean,
): WinbackOffer | null {
  const percentOff = config.reactivation?.winback_discount_percent
  if (kind !== 'churned' || recentSave || !percentOff) return null
  return { percentOff, months: config.reactivation?.winback_discount_months ?? 1 }
}

const endedAt = (sub: Stripe.Subscription): number => sub.ended_at ?? sub.canceled_at ?? sub.created

/**
 * What the customer could come back from, looking at ALL their subscriptions (never only the one a
 * token names: a customer who already came back has a new live subscription beside the canceled one):
 * a paused subscription (pause_collection or status paused), one scheduled to cancel, else — only when
 * no subscription of theirs is live — the last canceled one. With a `sid` in the token, only that
 * subscription may be the target, and a churned one only while nothing else is live.
 */
export async function findReactivationTarget(
  deps: AppDeps,
  stripe: Stripe,
  customerId: string,
  subscriptionId: string | null,
): Promise<ReactivationTarget | null> {
  const subs = await allSubscriptionsOf(deps, stripe, customerId)
  const pick = pickReactivation(subs.map(factsOfSubscription), subscriptionId)
  if (!pick) return null
  return confirmTarget(deps, stripe, customerId, pick)
}

/** What choosing a reactivation target needs to know of a subscription, from Stripe or from its events. */
export interface SubscriptionFacts {
  id: string
  paused: boolean
  scheduledToCancel: boolean
  ended: boolean
  /** Unix seconds: when it ended (or was cancelled, or created), to find the latest churned one. */
  endedAt: number
}

export const factsOfSubscription = (sub: Stripe.Subscription): SubscriptionFacts => ({
  id: sub.id,
  paused: isPaused(sub),
  scheduledToCancel: isScheduledToCancel(sub),
  ended: isEnded(sub),
  endedAt: endedAt(sub),
})

/** The rule above, over facts: paused, else scheduled to cancel, else the latest churned one. */
export function pickReactivation(
  subs: SubscriptionFacts[],
  subscriptionId: string | null,
): { kind: ReactivationKind; id: string } | null {
  const live = subs.filter((sub) => !sub.ended)
  const named = (sub: SubscriptionFacts) => subscriptionId === null || sub.id === subscriptionId
  const paused = live.filter(named).find((sub) => sub.paused)
  if (paused) return { kind: 'paused', id: paused.id }
  const scheduled = live.filter(named).find((sub) => sub.scheduledToCancel)
  if (scheduled) return { kind: 'scheduled_cancel', id: scheduled.id }
  if (live.length > 0) return null
  const churned = subs
    .filter((sub) => sub.ended)
    .filter(named)
    .sort((a, b) => b.endedAt - a.endedAt)[0]
  return churned ? { kind: 'churned', id: churned.id } : null
}

/** Reads the picked subscription afresh (expanded, for the banner's terms) and checks it is the customer's. */
export async function confirmTarget(
  deps: AppDeps,
  stripe: Stripe,
  customerId: string,
  pick: { kind: ReactivationKind; id: string },
): Promise<ReactivationTarget | null> {
  const subscription = await retrieveSubscription(deps, stripe, pick.id)
  if (!subscription || customerIdOf(subscription) !== customerId) return null
  return { kind: pick.kind, subscription }
}

/** Every subscription of the customer, whatever its status, following Stripe's pages. */
async function allSubscriptionsOf(
  deps: AppDeps,
  stripe: Stripe,
  customerId: string,
): Promise<Stripe.Subscription[]> {
  const all: Stripe.Subscription[] = []
  let startingAfter: string | undefined
  for (let page = 0; page < 10; page++) {
    const list = await stripeCall(deps, 'subscriptions.list', () =>
      stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 100,
        ...(startingAfter ? { starting_after: startingAfter } : {}),
      }),
    )
    all.push(...list.data)
    if (!list.has_more || list.data.length === 0) break
    startingAfter = list.data[list.data.length - 1]?.id
  }
  return all
}

export interface Reactivated {
  subscriptionId: string
  mrrBefore: number
  mrrAfter: number
  message: string
  detail: Record<string, unknown>
  /** The subscription as Stripe answered (resumed, kept or created): remembered at once for the banner. */
  subscription: Stripe.Subscription
}

const MESSAGES: Readonly<Record<ReactivationKind, string>> = {
  paused: 'Welcome back — your subscription is active again.',
  scheduled_cancel: 'Welcome back — your subscription will continue as before.',
  churned: 'Welcome back — your subscription is active again.',
}

/**
 * Brings the subscriber back through Stripe; `idempotencyKey` derives from the customer and the change
 * (customer-lock.ts), so however many tabs accept, Stripe creates at most one subscription.
 */
export async function reactivate(
  deps: AppDeps,
  stripe: Stripe,
  target: ReactivationTarget,
  offer: WinbackOffer | null,
  idempotencyKey: string,
): Promise<Reactivated> {
  const sub = target.subscription
  const mrrBefore = subscriptionMrr(sub)
  const options = { idempotencyKey }
  if (target.kind === 'paused') {
    const resumed = await stripeCall(deps, 'reactivate paused', () =>
      sub.status === 'paused'
        ? stripe.subscriptions.resume(sub.id, {}, options)
        : stripe.subscriptions.update(sub.id, { pause_collection: '' }, options),
    )
    return {
      subscriptionId: sub.id,
      mrrBefore,
      mrrAfter: mrrBefore,
      message: MESSAGES.paused,
      detail: { kind: 'paused', terms: offerTermsOf('reactivation', 'stripe', {}) },
      subscription: resumed,
    }
  }
  if (target.kind === 'scheduled_cancel') {
    const kept = await stripeCall(deps, 'reactivate scheduled cancel', () =>
      stripe.subscriptions.update(
        sub.id,
        sub.cancel_at_period_end ? { cancel_at_period_end: false } : { cancel_at: '' },
        options,
      ),
    )
    return {
      subscriptionId: sub.id,
      mrrBefore,
      mrrAfter: mrrBefore,
      message: MESSAGES.scheduled_cancel,
      detail: { kind: 'scheduled_cancel', terms: offerTermsOf('reactivation', 'stripe', {}) },
      subscription: kept,
    }
  }
  const item = firstItem(sub)
  if (!item.price.active) throw new HttpError('BUSINESS_RULE_VIOLATION', 'This plan is no longer available.')
  const coupon = offer
    ? await ensurePercentCoupon(deps, stripe, {
        id: couponIdFor('retainkit_winback', offer.percentOff, offer.months),
        percentOff: offer.percentOff,
        months: offer.months,
        name: `Retainkit winback: ${offer.percentOff}% off`,
      })
    : null
  const created = await stripeCall(deps, 'reactivate churned', () =>
    stripe.subscriptions.create(
      {
        customer: customerIdOf(sub),
        items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
        ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
        // Never leave an unpaid "incomplete" subscription behind: a failed first charge is an error.
        payment_behavior: 'error_if_incomplete',
      },
      options,
    ),
  )
  const listMrr = subscriptionMrr(created)
  // The discounted MRR from the exact price, rounded once (not from the rounded list MRR).
  const exactMrr = subscriptionMrrExact(created)
  const suffix = offer ? ` Your ${offer.percentOff}% discount is applied.` : ''
  return {
    subscriptionId: created.id,
    mrrBefore,
    mrrAfter: coupon ? discountedMrr(exactMrr, coupon) : listMrr,
    message: `${MESSAGES.churned}${suffix}`,
    detail: {
      kind: 'churned',
      previous_subscription: sub.id,
      ...(coupon ? { coupon: coupon.id } : {}),
      terms: offerTermsOf('reactivation', 'stripe', {
        ...(coupon ? couponTerms(coupon) : {}),
        previous_subscription_id: sub.id,
      }),
    },
    subscription: created,
  }
}
