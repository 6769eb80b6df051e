import { invalidRequest, missingParameter, resourceMissing } from '../errors'
import { randomToken } from '../ids'
import { paginate } from '../pagination'
import { accepted, mergeMetadata, p } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import type { CouponDuration, CouponRecord } from '../types'

export function requireCoupon(ctx: RouteContext, id: string, param = 'id'): CouponRecord {
  const coupon = ctx.state.coupons.get(id)
  if (!coupon) throw resourceMissing('coupon', id, param)
  return coupon
}

/** A coupon stops being redeemable once `redeem_by` passes or `max_redemptions` is reached. */
export function refreshValidity(coupon: CouponRecord, now: number): boolean {
  const expired = coupon.redeem_by !== null && coupon.redeem_by <= now
  const exhausted = coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions
  coupon.valid = !expired && !exhausted
  return coupon.valid
}

interface CouponInput {
  id?: string
  percent_off?: number
  amount_off?: number
  currency?: string
  duration?: CouponDuration
  duration_in_months?: number
  name?: string
  max_redemptions?: number
  redeem_by?: number
  metadata?: Record<string, string | null>
}

function validate(ctx: RouteContext, input: CouponInput): void {
  if (input.id !== undefined) {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(input.id)) {
      throw invalidRequest('Coupon ids may only contain letters, digits, dashes and underscores.', {
        param: 'id',
      })
    }
    if (ctx.state.coupons.has(input.id)) {
      throw invalidRequest('Coupon already exists.', { code: 'resource_already_exists', param: 'id' })
    }
  }
  if (input.percent_off !== undefined && input.amount_off !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: amount_off, percent_off.', {
      param: 'amount_off',
    })
  }
  if (input.percent_off === undefined && input.amount_off === undefined) {
    throw invalidRequest('You must specify either percent_off or amount_off.', { param: 'percent_off' })
  }
  if (input.percent_off !== undefined && (input.percent_off <= 0 || input.percent_off > 100)) {
    throw invalidRequest('Invalid percent_off: must be greater than 0 and less than or equal to 100', {
      param: 'percent_off',
    })
  }
  if (input.amount_off !== undefined) {
    if (input.amount_off <= 0)
      throw invalidRequest('Invalid amount_off: must be greater than 0', { param: 'amount_off' })
    if (!input.currency) throw missingParameter('currency')
  }
  const duration = input.duration ?? 'once'
  if (duration === 'repeating' && input.duration_in_months === undefined)
    throw missingParameter('duration_in_months')
  if (duration !== 'repeating' && input.duration_in_months !== undefined) {
    throw invalidRequest('duration_in_months can only be set when duration is `repeating`.', {
      param: 'duration_in_months',
    })
  }
  if (input.redeem_by !== undefined && input.redeem_by <= ctx.now) {
    throw invalidRequest('Invalid redeem_by: must be in the future', { param: 'redeem_by' })
  }
  if (input.max_redemptions !== undefined && input.max_redemptions < 1) {
    throw invalidRequest('Invalid max_redemptions: must be at least 1', { param: 'max_redemptions' })
  }
}

export const couponRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/coupons',
    resource: 'coupons',
    params: {
      id: p.string(),
      percent_off: p.number(),
      amount_off: p.integer(),
      currency: p.string(),
      duration: p.enum(['forever', 'once', 'repeating']),
      duration_in_months: p.integer({ min: 1 }),
      name: p.string(),
      max_redemptions: p.integer(),
      redeem_by: p.integer(),
      metadata: p.metadata(),
      ...accepted('applies_to', 'currency_options'),
    },
    handle: (ctx) => {
      const input = ctx.params as CouponInput
      validate(ctx, input)
      const coupon: CouponRecord = {
        // Stripe generates short upper-case ids for coupons.
        id: input.id ?? randomToken(8, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
        object: 'coupon',
        amount_off: input.amount_off ?? null,
        created: ctx.now,
        currency: input.amount_off !== undefined ? (input.currency ?? '').toLowerCase() : null,
        duration: input.duration ?? 'once',
        duration_in_months: input.duration_in_months ?? null,
        livemode: false,
        max_redemptions: input.max_redemptions ?? null,
        metadata: mergeMetadata({}, input.metadata),
        name: input.name ?? null,
        percent_off: input.percent_off ?? null,
        redeem_by: input.redeem_by ?? null,
        times_redeemed: 0,
        valid: true,
      }
      ctx.state.coupons.add(coupon)
      const out = renderRecord(ctx.state, coupon)
      ctx.emit('coupon.created', out)
      return out
    },
  },
  {
    method: 'GET',
    path: '/v1/coupons/:id',
    resource: 'coupons',
    params: {},
    handle: (ctx) => {
      const coupon = requireCoupon(ctx, ctx.path.id as string)
      refreshValidity(coupon, ctx.now)
      return renderRecord(ctx.state, coupon)
    },
  },
  {
    method: 'POST',
    path: '/v1/coupons/:id',
    resource: 'coupons',
    params: { name: p.string(), metadata: p.metadata(), ...accepted('currency_options') },
    handle: (ctx) => {
      const coupon = requireCoupon(ctx, ctx.path.id as string)
      const before = renderRecord(ctx.state, coupon)
      if (ctx.params.name !== undefined) coupon.name = (ctx.params.name as string) || null
      coupon.metadata = mergeMetadata(coupon.metadata, ctx.params.metadata as Record<string, string | null>)
      const after = renderRecord(ctx.state, coupon)
      ctx.emit('coupon.updated', after, before)
      return after
    },
  },
  {
    method: 'GET',
    path: '/v1/coupons',
    resource: 'coupons',
    list: true,
    params: accepted('created'),
    handle: (ctx) => {
      const all = ctx.state.coupons.list()
      for (const coupon of all) refreshValidity(coupon, ctx.now)
      const page = paginate(all, ctx.params, '/v1/coupons', 'coupon')
      return { ...page, data: page.data.map((coupon) => renderRecord(ctx.state, coupon)) }
    },
  },
  {
    // Existing discounts keep working after their coupon is deleted; new redemptions fail.
    method: 'DELETE',
    path: '/v1/coupons/:id',
    resource: 'coupons',
    params: {},
    handle: (ctx) => {
      const coupon = requireCoupon(ctx, ctx.path.id as string)
      ctx.state.coupons.delete(coupon.id)
      ctx.emit('coupon.deleted', renderRecord(ctx.state, coupon))
      return { id: coupon.id, object: 'coupon', deleted: true }
    },
  },
]
