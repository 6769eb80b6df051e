import type { SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { addMonthsUtc } from '../../services/widget/billing-actions'
import {
  acceptHelpers,
  acceptSuiteAccount,
  errorOf,
  fakeSubscription,
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

async function acceptedEvents(sessionId: string) {
  return t.database.db
    .selectFrom('session_events')
    .select(['offer', 'reason_key'])
    .where('session_id', '=', sessionId)
    .where('step', '=', 'offer_accepted')
    .execute()
}

describe('accepting a discount', () => {
  it('applies a coupon created once (retainkit_20off_3m) through `discounts`, and records the save', async () => {
    const o = await open()
    const res = await accept(o, { offer: 'discount', reasonKey: 'too_expensive' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'applied',
      mechanism: 'discount',
      mrrBefore: 2900,
      mrrAfter: 2320,
      message: 'Done — 20% off your next 3 months.',
    })
    const state = t.stripe.state(m.account)
    const coupon = state.coupons.find((c) => c.id === 'retainkit_20off_3m')
    expect(coupon).toMatchObject({ percent_off: 20, duration: 'repeating', duration_in_months: 3 })
    const sub = fakeSubscription(t, m, o.subscriptionId)
    expect(sub.discounts).toHaveLength(1)
    const discount = state.discounts.find((d) => d.id === sub.discounts[0])
    expect(discount?.source.coupon).toBe('retainkit_20off_3m')
    const [update] = subscriptionWrites(t, m, o.subscriptionId)
    expect(update?.params).not.toHaveProperty('coupon')
    expect(update?.params).toHaveProperty('discounts')
    // Derived from what changes (customer, subscription, offer, cooldown window), not the session.
    expect(update?.idempotencyKey).toMatch(/^retainkit_offer_[A-Za-z0-9_-]{40}$/)

    expect(await savesOf(o.sessionId)).toEqual([
      expect.objectContaining({
        account_id: account.accountId,
        customer_id: o.customerId,
        subscription_id: o.subscriptionId,
        mechanism: 'discount',
        mrr_before: 2900,
        mrr_after: 2320,
        currency: 'usd',
        detail: expect.objectContaining({ via: 'stripe', coupon: 'retainkit_20off_3m' }),
      }),
    ])
    expect(await acceptedEvents(o.sessionId)).toEqual([{ offer: 'discount', reason_key: 'too_expensive' }])
    expect(await session(o.sessionId)).toMatchObject({ status: 'saved', reason_key: 'too_expensive' })

    // A second subscriber reuses the same coupon instead of creating another.
    const second = await open()
    expect((await accept(second, { offer: 'discount' })).status).toBe(200)
    const couponCreates = t.stripe.mutations({ accountId: m.account }).filter((x) => x.path === '/v1/coupons')
    expect(couponCreates).toHaveLength(1)
  })

  it("uses the merchant's coupon (promo_code) when set, or an active promotion code of that name", async () => {
    const other = await widgetAccount(t)
    const om = other.merchant as SeededMerchant
    await publishConfig(t, other.accountId, (c) => {
      c.discount = { enabled: true, promo_code: om.coupons.save20 }
    })
    const subscriber = await newSubscriber(t, om, om.prices.basicMonthly)
    const token = await tokenFor(t, other, subscriber)
    const { body } = await startSession(t, token)
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'discount' },
    })
    expect(await res.json()).toEqual({
      status: 'applied',
      mechanism: 'discount',
      mrrBefore: 1499,
      mrrAfter: 1199,
      message: 'Done — 20% off your next 3 months.',
    })
    expect(
      t.stripe.mutations({ accountId: om.account }).filter((x) => x.path === '/v1/coupons'),
    ).toHaveLength(0)

    await publishConfig(t, other.accountId, (c) => {
      c.discount = { enabled: true, promo_code: om.promotionCodes.comeback.code }
    })
    const next = await newSubscriber(t, om, om.prices.proMonthly)
    const nextToken = await tokenFor(t, other, next)
    const started = await startSession(t, nextToken)
    const viaCode = await widgetCall(t, `/api/widget/sessions/${started.body.sessionId}/accept`, {
      token: nextToken,
      body: { offer: 'discount' },
    })
    expect(await viaCode.json()).toMatchObject({
      status: 'applied',
      mrrAfter: 1450,
      message: 'Done — 50% off your next invoice.',
    })
    const discounts = t.stripe.state(om.account).discounts
    expect(
      discounts.some(
        (d) => d.promotion_code === om.promotionCodes.comeback.id && d.subscription === next.subscriptionId,
      ),
    ).toBe(true)
  })

  it('refuses a promo_code that matches nothing, recording nothing', async () => {
    const other = await widgetAccount(t)
    const om = other.merchant as SeededMerchant
    await publishConfig(t, other.accountId, (c) => {
      c.discount = { enabled: true, promo_code: 'NOPE_NOT_THERE' }
    })
    const subscriber = await newSubscriber(t, om, om.prices.proMonthly)
    const token = await tokenFor(t, other, subscriber)
    const { body } = await startSession(t, token)
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'discount' },
    })
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toEqual({
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'This offer is not available right now. You can still cancel or keep your plan.',
    })
    expect(await savesOf(body.sessionId)).toEqual([])
    expect((await session(body.sessionId)).status).toBe('open')
  })
})

describe('accepting a pause', () => {
  it('sets pause_collection (void) until the chosen number of months from the session start', async () => {
    const o = await open()
    const res = await accept(o, { offer: 'pause', choice: { months: 2 } })
    const startedAt = (await session(o.sessionId)).created_at
    const resumesAt = Math.floor(addMonthsUtc(startedAt, 2).getTime() / 1000)
    expect(await res.json()).toEqual({
      status: 'applied',
      mechanism: 'pause',
      mrrBefore: 2900,
      mrrAfter: 2900,
      message: `Done — your subscription is paused until ${new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(resumesAt * 1000))}. It resumes automatically then.`,
    })
    expect(fakeSubscription(t, m, o.subscriptionId).pause_collection).toEqual({
      behavior: 'void',
      resumes_at: resumesAt,
    })
    expect(await savesOf(o.sessionId)).toEqual([
      expect.objectContaining({ mechanism: 'pause', mrr_before: 2900, mrr_after: 2900 }),
    ])
  })

  it('takes only a configured duration', async () => {
    const o = await open()
    const wrong = await accept(o, { offer: 'pause', choice: { months: 5 } })
    expect(wrong.status).toBe(400)
    expect(await errorOf(wrong)).toEqual({
      code: 'INVALID_INPUT',
      message: 'This pause length is not offered',
      field: 'choice.months',
    })
    const none = await accept(o, { offer: 'pause' })
    expect(await errorOf(none)).toEqual({
      code: 'INVALID_INPUT',
      message: 'Choose how long to pause for',
      field: 'choice.months',
    })
    expect(subscriptionWrites(t, m, o.subscriptionId)).toEqual([])
    // A refused attempt leaves the session free for a valid one.
    expect((await accept(o, { offer: 'pause', choice: { months: 1 } })).status).toBe(200)
  })
})

describe('accepting a switch', () => {
  it('moves the item to the chosen plan with prorations (plan_switch)', async () => {
    const o = await open()
    const res = await accept(o, { offer: 'plan_switch', choice: { planId: m.prices.basicMonthly } })
    expect(await res.json()).toEqual({
      status: 'applied',
      mechanism: 'plan_switch',
      mrrBefore: 2900,
      mrrAfter: 1499,
      message: "Done — you're now on Basic.",
    })
    const sub = fakeSubscription(t, m, o.subscriptionId)
    expect(sub.items.data.map((item) => item.price.id)).toEqual([m.prices.basicMonthly])
    const prorations = t.stripe
      .state(m.account)
      .invoiceItems.filter((ii) => ii.subscription === o.subscriptionId)
    expect(prorations.length).toBeGreaterThan(0)
    expect(prorations.every((ii) => ii.proration)).toBe(true)
    expect(await savesOf(o.sessionId)).toEqual([
      expect.objectContaining({ mechanism: 'plan_switch', mrr_before: 2900, mrr_after: 1499 }),
    ])
  })

  it('switches the billing cycle (mechanism billing_cycle), with the new MRR', async () => {
    const o = await open()
    const res = await accept(o, { offer: 'billing_cycle_switch', choice: { planId: m.prices.proAnnual } })
    expect(await res.json()).toEqual({
      status: 'applied',
      mechanism: 'billing_cycle',
      mrrBefore: 2900,
      mrrAfter: 2417,
      message: "Done — you're now on Pro annual.",
    })
    expect(fakeSubscription(t, m, o.subscriptionId).items.data[0]?.price.id).toBe(m.prices.proAnnual)
    const update = subscriptionWrites(t, m, o.subscriptionId)[0]
    expect(update?.params).toMatchObject({ proration_behavior: 'create_prorations' })
    expect(
      t.stripe
        .state(m.account)
        .invoiceItems.some((ii) => ii.subscription === o.subscriptionId && ii.proration),
    ).toBe(true)
    expect(await savesOf(o.sessionId)).toEqual([
      expect.objectContaining({ mechanism: 'billing_cycle', mrr_before: 2900, mrr_after: 2417 }),
    ])
  })

  it('takes only a configured plan other than the current one', async () => {
    const o = await open()
    const notOffered = await accept(o, { offer: 'plan_switch', choice: { planId: 'price_not_configured' } })
    expect(await errorOf(notOffered)).toEqual({
      code: 'INVALID_INPUT',
      message: 'This plan is not offered',
      field: 'choice.planId',
    })
    const current = await accept(o, {
      offer: 'billing_cycle_switch',
      choice: { planId: m.prices.proMonthly },
    })
    expect((await errorOf(current)).message).toBe('You are already on this plan')
    expect(subscriptionWrites(t, m, o.subscriptionId)).toEqual([])
  })
})

describe('idempotency', () => {
  it('answers a replay with the stored response and makes exactly one Stripe change', async () => {
    const o = await open()
    const body = { offer: 'discount', reasonKey: 'too_expensive' }
    const first = await accept(o, body)
    const firstBody = await first.json()
    const replay = await accept(o, { reasonKey: 'too_expensive', offer: 'discount' })
    expect(replay.status).toBe(200)
    expect(await replay.json()).toEqual(firstBody)
    expect(subscriptionWrites(t, m, o.subscriptionId)).toHaveLength(1)
    expect(await savesOf(o.sessionId)).toHaveLength(1)
    expect(await acceptedEvents(o.sessionId)).toHaveLength(1)
  })

  it('refuses a different offer after one was accepted (409)', async () => {
    const o = await open()
    expect((await accept(o, { offer: 'pause', choice: { months: 1 } })).status).toBe(200)
    const other = await accept(o, { offer: 'discount' })
    expect(other.status).toBe(409)
    expect(await errorOf(other)).toEqual({
      code: 'CONSTRAINT_VIOLATION',
      message: 'An offer was already accepted in this session.',
    })
    const otherKey = await accept(o, { offer: 'discount' }, { 'idempotency-key': 'fresh-key-1' })
    expect(otherKey.status).toBe(409)
    expect((await errorOf(otherKey)).message).toBe('An offer was already accepted in this session.')
    expect(subscriptionWrites(t, m, o.subscriptionId)).toHaveLength(1)
  })

  it('replays by Idempotency-Key header too, and lets concurrent double clicks through only once', async () => {
    const o = await open()
    const body = { offer: 'plan_switch', choice: { planId: m.prices.teamMonthly } }
    const results = await Promise.all([
      accept(o, body, { 'idempotency-key': 'click-1' }),
      accept(o, body, { 'idempotency-key': 'click-1' }),
    ])
    const statuses = results.map((r) => r.status).sort()
    expect(statuses[0]).toBe(200)
    expect([200, 409]).toContain(statuses[1])
    const again = await accept(o, body, { 'idempotency-key': 'click-1' })
    expect(again.status).toBe(200)
    expect(subscriptionWrites(t, m, o.subscriptionId)).toHaveLength(1)
    expect(await savesOf(o.sessionId)).toHaveLength(1)
    const badKey = await accept(o, body, { 'idempotency-key': 'x'.repeat(201) })
    expect(badKey.status).toBe(400)
  })
})
