import { createHash } from 'node:crypto'
import { formatMoney, fromStripe, isCurrencyCode, roundMinor } from '@retainkit/shared/money'
import type { CouponConfig } from '@retainkit/shared/schemas'
import type Stripe from 'stripe'
import type { Logger } from './logger'
import { callStripe } from './stripe-errors'

/**
 * What the console reads from and writes to a merchant's Stripe catalogue: recurring prices (for plan
 * and billing-cycle switches) and coupons (for discount offers), in the shapes the API answers.
 */

/** Enough for any real catalogue; a runaway account cannot make one request page forever. */
export const MAX_PLANS = 500

export interface PlanView {
  id: string
  product_id: string
  product_name: string
  nickname: string | null
  unit_amount: number | null
  currency: string
  interval: Stripe.Price.Recurring.Interval
  interval_count: number
  /** `$14.99/month`, `€90/3 months`. */
  display: string
}

export interface CouponView {
  id: string
  name: string | null
  percent_off: number | null
  amount_off: number | null
  currency: string | null
  duration: Stripe.Coupon.Duration
  duration_in_months: number | null
  valid: boolean
  times_redeemed: number
  max_redemptions: number | null
  redeem_by: number | null
  created: number
}

/** `$14.99`, `$29` (whole amounts without `.00`), `¥1,500`, in en-US formatting; `unitAmount` in Stripe's units. */
export function formatAmount(unitAmount: number, currency: string): string {
  if (!isCurrencyCode(currency)) return `${(unitAmount / 100).toFixed(2)} ${currency.toUpperCase()}`
  // A `unit_amount_decimal` may carry a fraction of a cent: the label rounds it once.
  return formatMoney(fromStripe(roundMinor(unitAmount), currency), 'en-US', { trimWholeAmounts: true })
}

/** `/month`, `/3 months`. */
export function formatInterval(interval: string, count: number): string {
  return count === 1 ? `/${interval}` : `/${count} ${interval}s`
}

export function formatPrice(price: {
  unit_amount: number | null
  unit_amount_decimal?: { toString(): string } | null
  currency: string
  interval: string
  interval_count: number
}): string {
  const amount =
    price.unit_amount ??
    (price.unit_amount_decimal != null ? Number(String(price.unit_amount_decimal)) : null)
  const label =
    amount === null || !Number.isFinite(amount) ? 'Variable price' : formatAmount(amount, price.currency)
  return `${label}${formatInterval(price.interval, price.interval_count)}`
}

function toPlan(price: Stripe.Price): PlanView | null {
  const product = price.product
  // An archived or deleted product cannot be switched to, whatever its prices say.
  if (typeof product === 'string' || ('deleted' in product && product.deleted) || !product.active) return null
  if (!price.recurring) return null
  const interval = price.recurring.interval
  const intervalCount = price.recurring.interval_count
  return {
    id: price.id,
    product_id: product.id,
    product_name: product.name,
    nickname: price.nickname,
    unit_amount: price.unit_amount,
    currency: price.currency,
    interval,
    interval_count: intervalCount,
    display: formatPrice({
      unit_amount: price.unit_amount,
      unit_amount_decimal: price.unit_amount_decimal,
      currency: price.currency,
      interval,
      interval_count: intervalCount,
    }),
  }
}

/** Active recurring prices with their product names, every page up to MAX_PLANS, sorted for a picker. */
export async function listPlans(stripe: Stripe, logger: Logger): Promise<PlanView[]> {
  const prices = await callStripe(logger, 'prices.list', () =>
    stripe.prices
      .list({ active: true, type: 'recurring', limit: 100, expand: ['data.product'] })
      .autoPagingToArray({ limit: MAX_PLANS }),
  )
  const plans = prices.map(toPlan).filter((plan): plan is PlanView => plan !== null)
  return plans.sort(
    (a, b) =>
      a.product_name.localeCompare(b.product_name) ||
      (a.unit_amount ?? 0) - (b.unit_amount ?? 0) ||
      a.id.localeCompare(b.id),
  )
}

export function toCouponView(coupon: Stripe.Coupon): CouponView {
  return {
    id: coupon.id,
    name: coupon.name,
    percent_off: coupon.percent_off,
    amount_off: coupon.amount_off,
    currency: coupon.currency,
    duration: coupon.duration,
    duration_in_months: coupon.duration_in_months,
    valid: coupon.valid,
    times_redeemed: coupon.times_redeemed,
    max_redemptions: coupon.max_redemptions,
    redeem_by: coupon.redeem_by,
    created: coupon.created,
  }
}

/**
 * The idempotency key for a coupon creation, derived from the account and the exact request: a
 * double-click or a retried request creates one coupon, and Stripe answers the replay with it.
 */
export function couponIdempotencyKey(accountId: string, config: CouponConfig): string {
  const canonical = JSON.stringify([
    accountId,
    config.percent_off,
    config.duration,
    config.duration_in_months ?? null,
    config.name ?? null,
    config.id ?? null,
  ])
  return `retainkit-coupon-${createHash('sha256').update(canonical).digest('hex').slice(0, 40)}`
}

export async function createCoupon(
  stripe: Stripe,
  logger: Logger,
  accountId: string,
  config: CouponConfig,
): Promise<Stripe.Coupon> {
  const params: Stripe.CouponCreateParams = {
    percent_off: config.percent_off,
    duration: config.duration,
    ...(config.duration_in_months !== undefined ? { duration_in_months: config.duration_in_months } : {}),
    ...(config.name !== undefined ? { name: config.name } : {}),
    ...(config.id !== undefined ? { id: config.id } : {}),
  }
  return callStripe(logger, 'coupons.create', () =>
    stripe.coupons.create(params, { idempotencyKey: couponIdempotencyKey(accountId, config) }),
  )
}

export async function listCoupons(
  stripe: Stripe,
  logger: Logger,
  page: { limit: number; starting_after?: string },
): Promise<{ data: CouponView[]; has_more: boolean }> {
  const list = await callStripe(logger, 'coupons.list', () =>
    stripe.coupons.list({
      limit: page.limit,
      ...(page.starting_after ? { starting_after: page.starting_after } : {}),
    }),
  )
  return { data: list.data.map(toCouponView), has_more: list.has_more }
}
