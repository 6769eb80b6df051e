import { accountIdSchema, couponListQuerySchema, createCouponSchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../../deps'
import type { AppEnv } from '../../http/app-env'
import { HttpError } from '../../http/http-error'
import { answer, ok } from '../../http/respond'
import { parseWith, readBody } from '../../http/validate'
import { requireMembership } from '../../services/access'
import { loadEffectiveTier } from '../../services/billing/tier'
import { stripeForAccount } from '../../services/merchant-stripe'
import { createCoupon, listCoupons, listPlans, toCouponView } from '../../services/stripe-catalog'

export const PRO_COUPONS_MESSAGE = 'Save offers are a Pro feature.'

/**
 * The merchant's Stripe catalogue: `GET /api/stripe/plans/{accountId}`,
 * `POST /api/stripe/coupons`, `GET /api/stripe/coupons/{accountId}?limit&starting_after`.
 */
export function catalogRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  app.get('/api/stripe/plans/:accountId', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['accountId'])
    await requireMembership(deps.db, c.get('user').id, accountId, 'canViewConfig')
    const stripe = await stripeForAccount(deps, accountId)
    return ok(c, 'GET /api/stripe/plans/{accountId}', await listPlans(stripe, deps.logger))
  })

  app.post('/api/stripe/coupons', async (c) => {
    const body = await readBody(c, createCouponSchema)
    await requireMembership(deps.db, c.get('user').id, body.account_id, 'canEditConfig')
    const account = await loadEffectiveTier(deps.db, body.account_id, deps.clock.now())
    if (!account) throw new HttpError('NOT_FOUND')
    // Discount offers are a Pro save action; free accounts cannot create their coupons either.
    if (account.tier !== 'pro') throw new HttpError('BUSINESS_RULE_VIOLATION', PRO_COUPONS_MESSAGE)
    const stripe = await stripeForAccount(deps, body.account_id)
    const coupon = await createCoupon(stripe, deps.logger, body.account_id, body.config)
    deps.logger.info('stripe coupon created', { accountId: body.account_id, couponId: coupon.id })
    const { id, name, percent_off, duration, duration_in_months } = toCouponView(coupon)
    return ok(c, 'POST /api/stripe/coupons', { id, name, percent_off, duration, duration_in_months }, 201)
  })

  app.get('/api/stripe/coupons/:accountId', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['accountId'])
    const query = parseWith(couponListQuerySchema, c.req.query())
    await requireMembership(deps.db, c.get('user').id, accountId, 'canViewConfig')
    const stripe = await stripeForAccount(deps, accountId)
    const page = await listCoupons(stripe, deps.logger, query)
    c.header('Cache-Control', 'no-store')
    // Stripe's paging beside the data, as the public API lists it: `{data: [...], has_more}`.
    return answer(c, 'GET /api/stripe/coupons/{accountId}', { data: page.data, has_more: page.has_more })
  })

  return app
}
