/** accept: what it refuses, and offers carried out without a Stripe change (redirect, merchant). */
import type { SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  acceptHelpers,
  acceptSuiteAccount,
  errorOf,
  newSubscriber,
  publishConfig,
  startSession,
  subscriptionWrites,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await acceptSuiteAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

const { open, accept, savesOf, session } = acceptHelpers(() => ({ t, account, merchant: m }))

describe('what accept refuses', () => {
  it('an offer the session did not find eligible', async () => {
    const discounted = await newSubscriber(t, m, m.prices.proMonthly, {
      discounts: [{ coupon: m.coupons.save20 }],
    })
    const token = await tokenFor(t, account, discounted)
    const { body } = await startSession(t, token)
    expect(body.eligibleOffers).not.toContain('discount')
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'discount' },
    })
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toEqual({
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'This offer is not available for this subscription.',
    })
    expect(subscriptionWrites(t, m, discounted.subscriptionId)).toEqual([])
  })

  it('a subscription that does not belong to the token customer (403)', async () => {
    const o = await open()
    const someoneElse = await newSubscriber(t, m, m.prices.proMonthly)
    await t.database.db
      .updateTable('cancel_sessions')
      .set({ subscription_id: someoneElse.subscriptionId })
      .where('id', '=', o.sessionId)
      .execute()
    const res = await accept(o, { offer: 'discount' })
    expect(res.status).toBe(403)
    expect(await errorOf(res)).toEqual({
      code: 'FORBIDDEN',
      message: 'This subscription belongs to another customer.',
    })
    expect(subscriptionWrites(t, m, someoneElse.subscriptionId)).toEqual([])
    expect(await savesOf(o.sessionId)).toEqual([])
  })

  it('a Stripe failure: 502 with a subscriber-safe message, nothing recorded, and a retry can succeed', async () => {
    const other = await widgetAccount(t)
    const om = other.merchant as SeededMerchant
    await publishConfig(t, other.accountId, (c) => {
      c.plan_switch = { enabled: true, plans: [{ id: 'price_deleted_in_stripe', name: 'Gone', price: '$1' }] }
    })
    const subscriber = await newSubscriber(t, om, om.prices.proMonthly)
    const token = await tokenFor(t, other, subscriber)
    const { body } = await startSession(t, token)
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'plan_switch', choice: { planId: 'price_deleted_in_stripe' } },
    })
    expect(res.status).toBe(502)
    expect(await errorOf(res)).toEqual({
      code: 'EXTERNAL_SERVICE_ERROR',
      message:
        "We couldn't reach the billing system to update your subscription. Nothing was changed; please try again in a moment.",
    })
    expect(await savesOf(body.sessionId)).toEqual([])
    expect((await session(body.sessionId)).status).toBe('open')
    const retry = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'pause', choice: { months: 1 } },
    })
    expect(retry.status).toBe(200)
  })

  it('a reactivation session', async () => {
    const token = await tokenFor(t, account, m.customers.paused)
    const banner = await widgetCall(t, '/api/widget/reactivation', { token, body: {} })
    const { sessionId } = (await banner.json()) as { sessionId: string }
    const res = await widgetCall(t, `/api/widget/sessions/${sessionId}/accept`, {
      token,
      body: { offer: 'discount' },
    })
    expect(res.status).toBe(400)
  })
})

describe('offers carried out without a Stripe change', () => {
  it('a redirect_template answers the filled URL and records the save', async () => {
    const other = await widgetAccount(t)
    const om = other.merchant as SeededMerchant
    await publishConfig(t, other.accountId, (c) => {
      c.discount.redirect_template = 'https://shop.example/retain?c={customer_id}&s={subscription_id}'
    })
    const subscriber = await newSubscriber(t, om, om.prices.proMonthly)
    const token = await tokenFor(t, other, subscriber)
    const { body } = await startSession(t, token)
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'discount' },
    })
    expect(await res.json()).toEqual({
      status: 'redirect',
      mechanism: 'discount',
      redirectUrl: `https://shop.example/retain?c=${subscriber.customerId}&s=${subscriber.subscriptionId}`,
    })
    expect(subscriptionWrites(t, om, subscriber.subscriptionId)).toEqual([])
    expect(await savesOf(body.sessionId)).toEqual([
      expect.objectContaining({ mechanism: 'discount', mrr_before: 2900, mrr_after: 2320 }),
    ])
  })

  it("handledByMerchant answers 'recorded' and records the save (with the token's handles claim)", async () => {
    const o = await open()
    const signed = { ...o, token: await tokenFor(t, account, o, { handles: ['offers'] }) }
    const res = await accept(signed, { offer: 'pause', choice: { months: 3 }, handledByMerchant: true })
    expect(await res.json()).toEqual({ status: 'recorded', mechanism: 'pause' })
    expect(subscriptionWrites(t, m, o.subscriptionId)).toEqual([])
    expect(await savesOf(o.sessionId)).toEqual([
      expect.objectContaining({ mechanism: 'pause', detail: expect.objectContaining({ via: 'merchant' }) }),
    ])
    expect((await session(o.sessionId)).status).toBe('saved')
  })

  it('without Stripe, a Stripe-applied offer is handed back to the merchant (409)', async () => {
    const noStripe = await widgetAccount(t, { stripe: false })
    const token = await tokenFor(t, noStripe, 'cus_nostripe2', { handles: ['offers'] })
    const { body } = await startSession(t, token, { merchantHandlesOffers: true })
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'discount' },
    })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).message).toBe(
      "This account has no Stripe connection: let the merchant's own handler perform this, then call again with handledByMerchant.",
    )
    const handled = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'discount', handledByMerchant: true },
    })
    expect(await handled.json()).toEqual({ status: 'recorded', mechanism: 'discount' })
  })
})
