import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import {
  offerAcceptedData,
  reactivationAcceptedData,
  saveLostData,
  WEBHOOK_DATA,
} from '@retainkit/shared/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import type { AppDeps } from '../../deps'
import { deliverDueWebhooks } from '../../services/webhooks-out/deliver'
import { TEST_EVENT_SAMPLES } from '../../services/webhooks-out/test-event'
import { backfilled, saveKeys } from '../stripe/test-support'
import {
  acceptHelpers,
  acceptSuiteAccount,
  publishConfig,
  reactivationBanner,
  seededPlans,
  tokenFor,
  type WidgetAccount,
  widgetCall,
} from './testing'

/**
 * What a merchant's finance system needs to book a save from its webhook alone: the MRR before and after
 * the offer, each with its currency in ISO minor units (yen without decimals), the offer's terms and the
 * Stripe ids. Every event is produced by the real calls (accept, banner, a cancellation Stripe reports)
 * against the Stripe fake and read off the real delivery path; each body is parsed with the shared schema.
 */

let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
const received: Array<{ type: string; data: Record<string, unknown> }> = []
let deps: AppDeps

beforeAll(async () => {
  t = await createTestContext()
  account = await acceptSuiteAccount(t)
  m = account.merchant as SeededMerchant
  const plans = seededPlans(m)
  await publishConfig(t, account.accountId, (c) => {
    c.discount = { enabled: true, amount: 20, duration: 3 }
    c.pause = { enabled: true, durations: [1, 2, 3] }
    c.plan_switch = { enabled: true, plans: plans.planSwitch }
    c.billing_cycle_switch = { enabled: true, plans: plans.billingCycle }
  })
  const res = await t.request(`/api/webhooks/${account.accountId}`, {
    token: account.ownerToken,
    body: {
      url: 'https://merchant.example/hooks/finance',
      events: ['offer.accepted', 'save.lost', 'reactivation.accepted'],
    },
  })
  expect(res.status).toBe(201)
  deps = {
    ...t.deps,
    webhookFetch: async (_url: string, init: RequestInit) => {
      received.push(JSON.parse(String(init.body)) as { type: string; data: Record<string, unknown> })
      return new Response('ok')
    },
  } as AppDeps
})
afterAll(() => t.close())

const { open, accept, savesOf } = acceptHelpers(() => ({ t, account, merchant: m }))
const stripe = () => createStripeClient(t.stripe, m.keys.secret)

/** A monthly price in another currency, on the seeded product line. */
async function monthlyPrice(currency: string, unitAmount: number): Promise<string> {
  const product = await stripe().products.create({ name: `Pro (${currency.toUpperCase()})` })
  const price = await stripe().prices.create({
    product: product.id,
    currency,
    unit_amount: unitAmount,
    recurring: { interval: 'month' },
  })
  return price.id
}

/** The one event of `type` about `subscriptionId` delivered since the last call. */
async function delivered(type: string, subscriptionId: string) {
  received.length = 0
  await deliverDueWebhooks(deps)
  const mine = received.filter((e) => e.type === type && e.data.subscription_id === subscriptionId)
  expect(mine).toHaveLength(1)
  return (mine[0] as { data: Record<string, unknown> }).data
}

const NO_TERMS = {
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

describe('offer.accepted', () => {
  it('a 20 % discount for 3 months on $29.00 a month: 2900 → 2320 cents, with its terms and ids', async () => {
    const o = await open()
    expect((await accept(o, { offer: 'discount', reasonKey: 'too_expensive' })).status).toBe(200)
    const data = offerAcceptedData.parse(await delivered('offer.accepted', o.subscriptionId))
    const [save] = await savesOf(o.sessionId)
    expect(data).toEqual({
      session_id: o.sessionId,
      save_id: String(save?.id),
      kind: 'cancel',
      mode: 'live',
      customer_id: o.customerId,
      subscription_id: o.subscriptionId,
      reason_key: 'too_expensive',
      offer: 'discount',
      // The fields an earlier receiver reads, unchanged: the MRR at stake and its currency.
      mrr: 2900,
      currency: 'usd',
      // 2900 × (1 − 0.20) = 2320 cents.
      mrr_before: { amount: 2900, currency: 'usd' },
      mrr_after: { amount: 2320, currency: 'usd' },
      terms: {
        ...NO_TERMS,
        offer: 'discount',
        applied_by: 'stripe',
        discount_percent: 20,
        discount_months: 3,
        discount_duration: 'repeating',
      },
    })
  })

  // Yen have no minor unit, so the ISO amount is the yen amount (3000 × 0.8 = 2400, not 240000); a euro
  // amount is rounded once (1999 × 0.8 = 1599.2 → 1599 cents).
  it.each([
    {
      what: 'in yen (no decimals): ¥3,000 a month at 20 % off is 2400 yen, not 240000',
      currency: 'jpy',
      before: 3000,
      after: 2400,
    },
    {
      what: 'in euros: €19.99 a month at 20 % off is 1599 cents (1599.2 rounded once)',
      currency: 'eur',
      before: 1999,
      after: 1599,
    },
  ])('$what', async ({ currency, before, after }) => {
    const o = await open(await monthlyPrice(currency, before))
    expect((await accept(o, { offer: 'discount' })).status).toBe(200)
    const data = offerAcceptedData.parse(await delivered('offer.accepted', o.subscriptionId))
    expect(data).toMatchObject({
      mrr_before: { amount: before, currency },
      mrr_after: { amount: after, currency },
    })
  })

  it('a 2-month pause: its length and the day billing resumes; the MRR it comes back at', async () => {
    const o = await open()
    const started = t.clock.now()
    expect((await accept(o, { offer: 'pause', choice: { months: 2 } })).status).toBe(200)
    const data = offerAcceptedData.parse(await delivered('offer.accepted', o.subscriptionId))
    const resumes = new Date(started)
    resumes.setUTCMonth(resumes.getUTCMonth() + 2)
    expect(data).toMatchObject({
      offer: 'pause',
      mrr_before: { amount: 2900, currency: 'usd' },
      mrr_after: { amount: 2900, currency: 'usd' },
      terms: {
        ...NO_TERMS,
        offer: 'pause',
        applied_by: 'stripe',
        pause_months: 2,
        pause_resumes_at: new Date(Math.floor(resumes.getTime() / 1000) * 1000).toISOString(),
      },
    })
  })

  it('a plan switch names the target price and plan; a billing-cycle switch the intervals', async () => {
    const down = await open()
    expect(
      (await accept(down, { offer: 'plan_switch', choice: { planId: m.prices.basicMonthly } })).status,
    ).toBe(200)
    expect(offerAcceptedData.parse(await delivered('offer.accepted', down.subscriptionId))).toMatchObject({
      mrr_after: { amount: 1499, currency: 'usd' },
      terms: {
        ...NO_TERMS,
        offer: 'plan_switch',
        applied_by: 'stripe',
        from_price: m.prices.proMonthly,
        to_price: m.prices.basicMonthly,
        to_plan_name: 'Basic',
        billing_interval_before: { interval: 'month', interval_count: 1 },
        billing_interval_after: { interval: 'month', interval_count: 1 },
      },
    })

    const annual = await open()
    expect(
      (await accept(annual, { offer: 'billing_cycle_switch', choice: { planId: m.prices.proAnnual } }))
        .status,
    ).toBe(200)
    expect(offerAcceptedData.parse(await delivered('offer.accepted', annual.subscriptionId))).toMatchObject({
      // $290.00 a year is 29000 / 12 = 2416.67 → 2417 cents a month.
      mrr_before: { amount: 2900, currency: 'usd' },
      mrr_after: { amount: 2417, currency: 'usd' },
      terms: {
        ...NO_TERMS,
        offer: 'billing_cycle_switch',
        applied_by: 'stripe',
        from_price: m.prices.proMonthly,
        to_price: m.prices.proAnnual,
        to_plan_name: 'Pro annual',
        billing_interval_before: { interval: 'month', interval_count: 1 },
        billing_interval_after: { interval: 'year', interval_count: 1 },
      },
    })
  })
})

describe('save.lost', () => {
  it('repeats what was saved: amounts, terms, ids, once Stripe reports the cancellation', async () => {
    const o = await open(await monthlyPrice('jpy', 5000))
    expect((await accept(o, { offer: 'discount' })).status).toBe(200)
    await delivered('offer.accepted', o.subscriptionId)
    expect((await saveKeys(t, account.accountId, account.ownerToken, m.keys)).status).toBe(200)
    await backfilled(t, account.accountId)
    await t.stripe.deliverWebhooks()
    await stripe().subscriptions.cancel(o.subscriptionId)
    expect((await t.stripe.deliverWebhooks()).every((d) => d.ok)).toBe(true)
    const data = saveLostData.parse(await delivered('save.lost', o.subscriptionId))
    const [save] = await savesOf(o.sessionId)
    expect(data).toMatchObject({
      save_id: String(save?.id),
      session_id: o.sessionId,
      customer_id: o.customerId,
      subscription_id: o.subscriptionId,
      offer: 'discount',
      subscription_status: 'canceled',
      // 5000 × 0.8 = 4000 yen a month, lost.
      mrr_before: { amount: 5000, currency: 'jpy' },
      mrr_after: { amount: 4000, currency: 'jpy' },
      terms: {
        ...NO_TERMS,
        offer: 'discount',
        applied_by: 'stripe',
        discount_percent: 20,
        discount_months: 3,
        discount_duration: 'repeating',
      },
    })
  })
})

describe('reactivation.accepted', () => {
  it('a churned subscriber back with the 25 % winback for 1 month: the new subscription, the old one, both amounts', async () => {
    await publishConfig(t, account.accountId, (c) => {
      c.discount = { enabled: true, amount: 20, duration: 3 }
    })
    const customer = m.customers.churned
    const token = await tokenFor(t, account, customer)
    const shown = (await reactivationBanner(t, token)) as { sessionId: string }
    const res = await widgetCall(t, '/api/widget/reactivation/accept', {
      token,
      body: { sessionId: shown.sessionId },
    })
    expect(res.status).toBe(200)
    const { subscriptionId } = (await res.json()) as { subscriptionId: string }
    const data = reactivationAcceptedData.parse(await delivered('reactivation.accepted', subscriptionId))
    expect(data).toMatchObject({
      session_id: shown.sessionId,
      kind: 'reactivation',
      customer_id: customer.customerId,
      subscription_id: subscriptionId,
      // 2900 × (1 − 0.25) = 2175 cents.
      mrr_before: { amount: 2900, currency: 'usd' },
      mrr_after: { amount: 2175, currency: 'usd' },
      terms: {
        ...NO_TERMS,
        offer: 'reactivation',
        applied_by: 'stripe',
        discount_percent: 25,
        discount_months: 1,
        discount_duration: 'repeating',
        previous_subscription_id: customer.subscriptionId,
      },
    })
  })
})

describe('the documented bodies', () => {
  it('"Send test event" samples and the OpenAPI document follow the same schemas', async () => {
    for (const [type, schema] of Object.entries(WEBHOOK_DATA))
      expect(() => schema.parse(TEST_EVENT_SAMPLES[type as keyof typeof WEBHOOK_DATA])).not.toThrow()
    const res = await t.request('/api/openapi.json', { apiKey: null })
    const doc = (await res.json()) as { webhooks: Record<string, { post: { requestBody: unknown } }> }
    expect(Object.keys(doc.webhooks).sort()).toEqual(['offer.accepted', 'reactivation.accepted', 'save.lost'])
    const body = JSON.stringify(doc.webhooks['offer.accepted']?.post.requestBody)
    for (const field of ['mrr_before', 'mrr_after', 'terms', 'discount_percent', 'pause_months', 'to_price'])
      expect(body).toContain(`"${field}"`)
  })
})
