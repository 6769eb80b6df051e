import { invalidRequest, resourceMissing } from '../errors'
import { newId, randomToken } from '../ids'
import { paginate } from '../pagination'
import { accepted, mergeMetadata, p } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import type { PromotionCodeRecord } from '../types'
import { requireCoupon } from './coupons'
import { requireCustomer } from './customer-lookup'

export function requirePromotionCode(ctx: RouteContext, id: string, param = 'id'): PromotionCodeRecord {
  const code = ctx.state.promotionCodes.get(id)
  if (!code) throw resourceMissing('promotion code', id, param)
  return code
}

/** Expired or exhausted codes turn inactive by themselves, as on Stripe. */
export function refreshPromotionCode(code: PromotionCodeRecord, now: number): boolean {
  if (code.expires_at !== null && code.expires_at <= now) code.active = false
  if (code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions) code.active = false
  return code.active
}

const restrictions = p.object({
  first_time_transaction: p.boolean(),
  minimum_amount: p.integer({ min: 0 }),
  minimum_amount_currency: p.string(),
  ...accepted('currency_options'),
})

export const promotionCodeRoutes: Route[] = [
  {
    // In this API version the coupon sits under `promotion: {type: 'coupon', coupon}`.
    method: 'POST',
    path: '/v1/promotion_codes',
    resource: 'promotion_codes',
    params: {
      promotion: p.object(
        { type: p.enum(['coupon'], { required: true }), coupon: p.string() },
        { required: true },
      ),
      code: p.string(),
      active: p.boolean(),
      customer: p.string(),
      expires_at: p.integer(),
      max_redemptions: p.integer({ min: 1 }),
      metadata: p.metadata(),
      restrictions,
      ...accepted('customer_account'),
    },
    handle: (ctx) => {
      const params = ctx.params as {
        promotion: { type: 'coupon'; coupon?: string }
        code?: string
        active?: boolean
        customer?: string
        expires_at?: number
        max_redemptions?: number
        metadata?: Record<string, string | null>
        restrictions?: {
          first_time_transaction?: boolean
          minimum_amount?: number
          minimum_amount_currency?: string
        }
      }
      if (!params.promotion.coupon) {
        throw invalidRequest('Missing required param: promotion[coupon].', {
          code: 'parameter_missing',
          param: 'promotion[coupon]',
        })
      }
      const coupon = requireCoupon(ctx, params.promotion.coupon, 'promotion[coupon]')
      if (params.customer) requireCustomer(ctx, params.customer, 'customer')
      const code = params.code ?? randomToken(8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')
      if (!/^[A-Za-z0-9]{1,500}$/.test(code)) {
        throw invalidRequest('Promotion codes may only contain letters and digits.', { param: 'code' })
      }
      const clash = ctx.state.promotionCodes
        .values()
        .find((existing) => existing.active && existing.code.toLowerCase() === code.toLowerCase())
      if (clash) {
        throw invalidRequest(`An active promotion code with \`code: ${code}\` already exists.`, {
          param: 'code',
        })
      }
      if (params.expires_at !== undefined && params.expires_at <= ctx.now) {
        throw invalidRequest('Invalid expires_at: must be in the future', { param: 'expires_at' })
      }
      const record: PromotionCodeRecord = {
        id: newId('promo'),
        object: 'promotion_code',
        active: params.active ?? true,
        code,
        created: ctx.now,
        customer: params.customer ?? null,
        customer_account: null,
        expires_at: params.expires_at ?? null,
        livemode: false,
        max_redemptions: params.max_redemptions ?? null,
        metadata: mergeMetadata({}, params.metadata),
        promotion: { coupon: coupon.id, type: 'coupon' },
        restrictions: {
          currency_options: {},
          first_time_transaction: params.restrictions?.first_time_transaction ?? false,
          minimum_amount: params.restrictions?.minimum_amount ?? null,
          minimum_amount_currency: params.restrictions?.minimum_amount_currency ?? null,
        },
        times_redeemed: 0,
      }
      ctx.state.promotionCodes.add(record)
      const out = renderRecord(ctx.state, record)
      ctx.emit('promotion_code.created', out)
      return out
    },
  },
  {
    method: 'GET',
    path: '/v1/promotion_codes/:id',
    resource: 'promotion_codes',
    params: {},
    handle: (ctx) => {
      const code = requirePromotionCode(ctx, ctx.path.id as string)
      refreshPromotionCode(code, ctx.now)
      return renderRecord(ctx.state, code)
    },
  },
  {
    method: 'POST',
    path: '/v1/promotion_codes/:id',
    resource: 'promotion_codes',
    params: {
      active: p.boolean(),
      metadata: p.metadata(),
      restrictions: p.object(accepted('currency_options')),
    },
    handle: (ctx) => {
      const code = requirePromotionCode(ctx, ctx.path.id as string)
      const before = renderRecord(ctx.state, code)
      if (ctx.params.active !== undefined) code.active = ctx.params.active as boolean
      code.metadata = mergeMetadata(code.metadata, ctx.params.metadata as Record<string, string | null>)
      const after = renderRecord(ctx.state, code)
      ctx.emit('promotion_code.updated', after, before)
      return after
    },
  },
  {
    method: 'GET',
    path: '/v1/promotion_codes',
    resource: 'promotion_codes',
    list: true,
    params: {
      active: p.boolean(),
      code: p.string(),
      coupon: p.string(),
      customer: p.string(),
      ...accepted('created', 'customer_account'),
    },
    handle: (ctx) => {
      const q = ctx.params as { active?: boolean; code?: string; coupon?: string; customer?: string }
      const all = ctx.state.promotionCodes
        .list()
        .filter((code) => {
          refreshPromotionCode(code, ctx.now)
          return q.active === undefined || code.active === q.active
        })
        // Stripe matches codes case-insensitively.
        .filter((code) => q.code === undefined || code.code.toLowerCase() === q.code.toLowerCase())
        .filter((code) => q.coupon === undefined || code.promotion.coupon === q.coupon)
        .filter((code) => q.customer === undefined || code.customer === q.customer)
      const page = paginate(all, ctx.params, '/v1/promotion_codes', 'promotion code')
      return { ...page, data: page.data.map((code) => renderRecord(ctx.state, code)) }
    },
  },
]
