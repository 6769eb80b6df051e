import type { OfferTerms } from '@retainkit/shared/api'
import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { fromStripe, type Money } from '@retainkit/shared/money'
import type { OfferType } from '@retainkit/shared/vocabulary'
import type Stripe from 'stripe'

/**
 * The terms a save was made on, as its webhooks tell them (shared `offerTerms`): built when the offer is
 * accepted — from Stripe's answer when Retainkit applied it, from the flow the subscriber was shown when
 * a redirect or the merchant's own handler carried it out — and kept in the save's `detail.terms`, so a
 * `save.lost` months later repeats exactly what `offer.accepted` said.
 */

export type TermsPart = Partial<Omit<OfferTerms, 'offer' | 'applied_by'>>

const NONE: Omit<OfferTerms, 'offer' | 'applied_by'> = {
  discount_percent: null,
  discount_amount: null,
  discount_months: null,
  discount_duration: null,
  pause_months: null,
  pause_resumes_at: null,
  from_price: null,
  to_price: null,
  to_plan_name: null,
  billing_interval_before: null,
  billing_interval_after: null,
  trial_extension_days: null,
  trial_ends_at: null,
  previous_subscription_id: null,
}

export const offerTermsOf = (
  offer: OfferTerms['offer'],
  appliedBy: OfferTerms['applied_by'],
  part: TermsPart,
): OfferTerms => ({ offer, applied_by: appliedBy, ...NONE, ...part })

export const isoOfUnix = (seconds: number | null | undefined): string | null =>
  seconds ? new Date(seconds * 1000).toISOString() : null

/** A Stripe coupon's terms: percent or amount off, and for how long. */
export function couponTerms(
  coupon: Pick<Stripe.Coupon, 'percent_off' | 'amount_off' | 'currency' | 'duration' | 'duration_in_months'>,
): TermsPart {
  const amount: Money | null =
    coupon.amount_off !== null && coupon.currency ? fromStripe(coupon.amount_off, coupon.currency) : null
  return {
    discount_percent: coupon.percent_off,
    discount_amount: amount,
    discount_duration: DURATIONS.find((duration) => duration === coupon.duration) ?? null,
    discount_months: coupon.duration === 'repeating' ? (coupon.duration_in_months ?? null) : null,
  }
}

const DURATIONS = ['once', 'repeating', 'forever'] as const
const INTERVALS = ['day', 'week', 'month', 'year'] as const

/** The interval a price bills on, as the terms name it. */
export function intervalOf(
  price: Pick<Stripe.Price, 'recurring'> | null | undefined,
): OfferTerms['billing_interval_before'] {
  const recurring = price?.recurring
  const interval = INTERVALS.find((name) => name === recurring?.interval)
  return recurring && interval ? { interval, interval_count: recurring.interval_count } : null
}

/** What a redirect or the merchant's handler was asked to do: the terms the flow showed the subscriber. */
export function promisedTerms(
  offer: OfferType,
  config: CancelFlowConfig,
  choice: { months?: number; planId?: string },
): TermsPart {
  if (offer === 'discount' && config.discount.amount !== undefined) {
    const months = config.discount.duration ?? null
    return {
      discount_percent: config.discount.amount,
      discount_months: months,
      discount_duration: months === null ? 'forever' : 'repeating',
    }
  }
  if (offer === 'pause') return { pause_months: choice.months ?? null }
  if (offer === 'plan_switch' || offer === 'billing_cycle_switch') {
    const plan = (config[offer].plans ?? []).find((candidate) => candidate.id === choice.planId)
    return { to_price: choice.planId ?? null, to_plan_name: plan?.name ?? null }
  }
  if (offer === 'trial_extension') return { trial_extension_days: config.trial_extension.days ?? null }
  return {}
}
