import { roundMinor } from '@retainkit/shared/money'

/**
 * Monthly recurring revenue, in minor units (cents). A price is normalised to one month — a year is
 * 12 months, a week 52/12 of a month, a day 365/12 — divided by its interval_count and multiplied by
 * the quantity. MRR is the LIST price: existing discounts are not subtracted (a subscriber's MRR is
 * what they are worth at full price; a discount a save applies is accounted for in the save's
 * `mrr_after`, see `discountedMrr`). Metered prices have no fixed amount and count as zero.
 */
export type BillingInterval = 'day' | 'week' | 'month' | 'year'

const MONTHS_PER_INTERVAL: Readonly<Record<BillingInterval, number>> = {
  day: 12 / 365,
  week: 12 / 52,
  month: 1,
  year: 12,
}

/** The monthly equivalent of `amount` charged every `intervalCount` intervals (unrounded). */
export function monthlyAmount(amount: number, interval: BillingInterval, intervalCount = 1): number {
  const count = intervalCount > 0 ? intervalCount : 1
  return amount / (MONTHS_PER_INTERVAL[interval] * count)
}

export interface PricedItem {
  quantity?: number | null
  price: {
    unit_amount: number | null
    recurring: { interval: BillingInterval; interval_count: number; usage_type?: string | null } | null
  }
}

/** MRR of a subscription's items, rounded once at the end. */
export const itemsMrr = (items: readonly PricedItem[]): number => roundMinor(itemsMrrExact(items))

/** MRR of a subscription's items, unrounded: what a discount is taken off before rounding once. */
export function itemsMrrExact(items: readonly PricedItem[]): number {
  let total = 0
  for (const item of items) {
    const recurring = item.price.recurring
    if (!recurring || recurring.usage_type === 'metered') continue
    total +=
      monthlyAmount(item.price.unit_amount ?? 0, recurring.interval, recurring.interval_count) *
      (item.quantity ?? 1)
  }
  return total
}

export interface CouponTerms {
  percent_off: number | null
  /** Minor units off each invoice. */
  amount_off: number | null
}

/**
 * MRR while a discount applies (its first months): percent off the MRR, or a fixed amount off each
 * invoice normalised to a month with the subscription's own interval. Pass the exact (unrounded) MRR:
 * the result is rounded once, here (an annual $290 at 20 % off is 1933, not 1934 from 2417 × 0.8).
 */
export function discountedMrr(
  mrr: number,
  coupon: CouponTerms,
  interval: BillingInterval = 'month',
  intervalCount = 1,
): number {
  if (coupon.percent_off) return Math.max(0, roundMinor((mrr * (100 - coupon.percent_off)) / 100))
  if (coupon.amount_off) {
    return Math.max(0, roundMinor(mrr - monthlyAmount(coupon.amount_off, interval, intervalCount)))
  }
  return roundMinor(mrr)
}
