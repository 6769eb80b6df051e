import { invalidRequest, resourceMissing } from '../errors'
import { newId } from '../ids'
import { p } from '../params'
import { renderRecord } from '../render'
import type { RouteContext } from '../router'
import { addMonths } from '../time'
import type { CouponRecord, DiscountRecord, PromotionCodeRecord } from '../types'
import { refreshValidity } from './coupons'
import { refreshPromotionCode } from './promotion-codes'

/** `discounts: [{coupon} | {promotion_code} | {discount}]`, or `''` to remove them all. */
export const discountsSpec = p.array(
  p.object({ coupon: p.string(), discount: p.string(), promotion_code: p.string() }),
  {
    emptyable: true,
  },
)

export interface DiscountInput {
  coupon?: string
  promotion_code?: string
  discount?: string
}

export type DiscountPlanEntry =
  | { kind: 'keep'; id: string }
  | { kind: 'new'; coupon: CouponRecord; promotion: PromotionCodeRecord | null }

/** The coupon's `duration` decides when the discount ends; `once` ends at the next renewal instead. */
export function discountEnd(coupon: CouponRecord, start: number): number | null {
  return coupon.duration === 'repeating' && coupon.duration_in_months
    ? addMonths(start, coupon.duration_in_months)
    : null
}

/**
 * Checks a `discounts` param without touching state, so a bad entry fails the whole request before
 * anything is written. `existing` are the discount ids already on the object (reusable by id).
 */
export function planDiscounts(
  ctx: RouteContext,
  inputs: DiscountInput[],
  target: { customer: string; currency: string; existing: readonly string[] },
): DiscountPlanEntry[] {
  if (inputs.length > 20) throw invalidRequest('You can apply at most 20 discounts.', { param: 'discounts' })
  const seenCoupons = new Set<string>()
  return inputs.map((input, i) => {
    const param = `discounts[${i}]`
    const given = (['coupon', 'promotion_code', 'discount'] as const).filter(
      (key) => input[key] !== undefined,
    )
    if (given.length !== 1) {
      throw invalidRequest('You must specify exactly one of coupon, discount or promotion_code.', { param })
    }
    if (input.discount !== undefined) {
      if (!target.existing.includes(input.discount)) {
        throw resourceMissing('discount', input.discount, `${param}[discount]`)
      }
      return { kind: 'keep', id: input.discount }
    }
    let promotion: PromotionCodeRecord | null = null
    let couponId = input.coupon as string
    if (input.promotion_code !== undefined) {
      promotion = ctx.state.promotionCodes.get(input.promotion_code) ?? null
      if (!promotion)
        throw resourceMissing('promotion code', input.promotion_code, `${param}[promotion_code]`)
      if (!refreshPromotionCode(promotion, ctx.now)) {
        throw invalidRequest(`This promotion code is inactive: '${promotion.code}'.`, {
          param: `${param}[promotion_code]`,
        })
      }
      if (promotion.customer && promotion.customer !== target.customer) {
        throw invalidRequest('This promotion code cannot be redeemed by this customer.', {
          param: `${param}[promotion_code]`,
        })
      }
      couponId = promotion.promotion.coupon
    }
    const couponParam = promotion ? `${param}[promotion_code]` : `${param}[coupon]`
    const coupon = ctx.state.coupons.get(couponId)
    if (!coupon) throw resourceMissing('coupon', couponId, couponParam)
    if (!refreshValidity(coupon, ctx.now)) {
      throw invalidRequest(`Coupon expired: ${coupon.id}`, { code: 'coupon_expired', param: couponParam })
    }
    if (coupon.amount_off !== null && coupon.currency !== target.currency) {
      throw invalidRequest(
        `The coupon currency (${coupon.currency}) must match the currency of the subscription (${target.currency}).`,
        { param: couponParam },
      )
    }
    if (seenCoupons.has(coupon.id)) {
      throw invalidRequest('You cannot apply the same coupon more than once.', { param: couponParam })
    }
    seenCoupons.add(coupon.id)
    return { kind: 'new', coupon, promotion }
  })
}

/** Creates the planned discounts (counting redemptions) and returns the ids to store. */
export function commitDiscounts(
  ctx: RouteContext,
  plan: DiscountPlanEntry[],
  owner: { customer: string; subscription: string },
): string[] {
  return plan.map((entry) => {
    if (entry.kind === 'keep') return entry.id
    const discount: DiscountRecord = {
      id: newId('di'),
      object: 'discount',
      checkout_session: null,
      customer: owner.customer,
      customer_account: null,
      end: discountEnd(entry.coupon, ctx.now),
      invoice: null,
      invoice_item: null,
      promotion_code: entry.promotion?.id ?? null,
      source: { coupon: entry.coupon.id, type: 'coupon' },
      start: ctx.now,
      subscription: owner.subscription,
      subscription_item: null,
    }
    ctx.state.discounts.add(discount)
    entry.coupon.times_redeemed += 1
    refreshValidity(entry.coupon, ctx.now)
    if (entry.promotion) {
      entry.promotion.times_redeemed += 1
      refreshPromotionCode(entry.promotion, ctx.now)
    }
    ctx.emit('customer.discount.created', renderRecord(ctx.state, discount))
    return discount.id
  })
}

/** Removes discounts that are no longer on the object, with Stripe's `customer.discount.deleted`. */
export function dropDiscounts(
  ctx: Pick<RouteContext, 'state' | 'emit'>,
  previous: readonly string[],
  kept: readonly string[],
): void {
  for (const id of previous) {
    if (kept.includes(id)) continue
    const discount = ctx.state.discounts.get(id)
    if (!discount) continue
    ctx.state.discounts.delete(id)
    ctx.emit('customer.discount.deleted', renderRecord(ctx.state, discount))
  }
}
