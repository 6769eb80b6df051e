import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { isMissingResource, stripeCall, stripeFailure } from './stripe-subscriber'

/**
 * Coupons the widget applies. A merchant's `promo_code` names an existing coupon (or, failing that, an
 * active customer-facing promotion code); otherwise Retainkit creates one coupon per offer shape with
 * a deterministic id (`retainkit_20off_3m`), once, and reuses it for every subscriber.
 */
export interface CouponChoice {
  /** What goes into `discounts: [...]` (this API version removed the `coupon` parameter). */
  discount: { coupon: string } | { promotion_code: string }
  coupon: Stripe.Coupon
}

export const OFFER_UNAVAILABLE_MESSAGE =
  'This offer is not available right now. You can still cancel or keep your plan.'

const idPart = (value: number): string => String(value).replace('.', '_')

export function couponIdFor(prefix: string, percentOff: number, months: number | null): string {
  return `${prefix}_${idPart(percentOff)}off_${months ? `${months}m` : 'once'}`
}

async function retrieveCoupon(deps: AppDeps, stripe: Stripe, id: string): Promise<Stripe.Coupon | null> {
  try {
    return await stripe.coupons.retrieve(id)
  } catch (error) {
    if (isMissingResource(error)) return null
    return stripeFailure(deps, 'coupons.retrieve', error)
  }
}

/** The percent-off coupon with this deterministic id, created on first use. */
export async function ensurePercentCoupon(
  deps: AppDeps,
  stripe: Stripe,
  spec: { id: string; percentOff: number; months: number | null; name: string },
): Promise<Stripe.Coupon> {
  const existing = await retrieveCoupon(deps, stripe, spec.id)
  if (existing) return existing
  try {
    return await stripe.coupons.create({
      id: spec.id,
      name: spec.name,
      percent_off: spec.percentOff,
      ...(spec.months ? { duration: 'repeating', duration_in_months: spec.months } : { duration: 'once' }),
    })
  } catch (error) {
    // Another session created it a moment ago.
    const raced = await retrieveCoupon(deps, stripe, spec.id)
    if (raced) return raced
    return stripeFailure(deps, 'coupons.create', error)
  }
}

function unavailable(deps: AppDeps, why: string, fields: Record<string, unknown>): never {
  deps.logger.warn(`discount offer unavailable: ${why}`, fields)
  throw new HttpError('BUSINESS_RULE_VIOLATION', OFFER_UNAVAILABLE_MESSAGE)
}

const monthsLabel = (months: number | null) =>
  months === null ? 'your next invoice' : months === 1 ? '1 month' : `${months} months`

/** The coupon a discount offer applies, from the config's promo_code or amount/duration. */
export async function discountCoupon(
  deps: AppDeps,
  stripe: Stripe,
  discount: { amount?: number; duration?: number; promo_code?: string },
): Promise<CouponChoice> {
  if (discount.promo_code) {
    const coupon = await retrieveCoupon(deps, stripe, discount.promo_code)
    if (coupon) {
      if (!coupon.valid) unavailable(deps, 'coupon no longer valid', { coupon: coupon.id })
      return { discount: { coupon: coupon.id }, coupon }
    }
    const codes = await stripeCall(deps, 'promotionCodes.list', () =>
      stripe.promotionCodes.list({ code: discount.promo_code, active: true, limit: 1 }),
    )
    const promotion = codes.data[0]
    const ref = promotion?.promotion.coupon
    if (!promotion || !ref)
      unavailable(deps, 'promo_code matches no coupon', { promo_code: discount.promo_code })
    const promoCoupon = typeof ref === 'string' ? await retrieveCoupon(deps, stripe, ref) : ref
    if (!promoCoupon?.valid) unavailable(deps, 'promotion code coupon invalid', { promotion: promotion.id })
    return { discount: { promotion_code: promotion.id }, coupon: promoCoupon }
  }
  if (discount.amount === undefined) unavailable(deps, 'no amount or promo_code', {})
  const months = discount.duration ?? null
  const coupon = await ensurePercentCoupon(deps, stripe, {
    id: couponIdFor('retainkit', discount.amount, months),
    percentOff: discount.amount,
    months,
    name: `Retainkit: ${discount.amount}% off for ${monthsLabel(months)}`,
  })
  return { discount: { coupon: coupon.id }, coupon }
}
