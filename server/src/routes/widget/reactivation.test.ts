import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import type { ReactivationResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  errorOf,
  fakeSubscription,
  newSubscriber,
  publishConfig,
  reactivationBanner,
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
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

type Eligible = Extract<ReactivationResponse, { eligible: true }>

const banner = (token: string) => reactivationBanner(t, token)

const acceptBanner = (token: string, body: unknown = {}) =>
  widgetCall(t, '/api/widget/reactivation/accept', { token, body })

const savesOf = (customerId: string) =>
  t.database.db.selectFrom('saves').selectAll().where('customer_id', '=', customerId).execute()

const stepsOf = async (sessionId: string) =>
  (
    await t.database.db
      .selectFrom('session_events')
      .select('step')
      .where('session_id', '=', sessionId)
      .orderBy('id')
      .execute()
  ).map((e) => e.step)

describe('a paused subscriber', () => {
  it('is offered to resume; accepting clears pause_collection and records the save', async () => {
    const customer = m.customers.paused
    const token = await tokenFor(t, account, customer)
    const shown = (await banner(token)) as Eligible
    expect(shown).toEqual({
      eligible: true,
      sessionId: expect.stringMatching(/^cs_/),
      kind: 'paused',
      subscriptionId: customer.subscriptionId,
      plan: {
        priceId: m.prices.proMonthly,
        productName: 'Pro',
        amount: 2900,
        currency: 'usd',
        interval: 'month',
        intervalCount: 1,
      },
      offer: null,
      // What it costs and when: reactivation-terms.test.ts.
      terms: expect.objectContaining({ amount: 2900, chargesNow: false }),
      // The widget's banner chunk, which draws it (the widget is built for the server's tests).
      chunk: expect.stringMatching(/^http:\/\/localhost:8787\/w\/banner\.[0-9a-f]+\.js$/),
    })
    const session = await t.database.db
      .selectFrom('cancel_sessions')
      .selectAll()
      .where('id', '=', shown.sessionId)
      .executeTakeFirstOrThrow()
    expect(session).toMatchObject({
      kind: 'reactivation',
      status: 'open',
      customer_id: customer.customerId,
      mrr: 2900,
    })
    expect(await stepsOf(shown.sessionId)).toEqual(['banner_shown'])

    const res = await acceptBanner(token, { sessionId: shown.sessionId })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toEqual({
      status: 'reactivated',
      kind: 'paused',
      subscriptionId: customer.subscriptionId,
      message: 'Welcome back — your subscription is active again.',
    })
    expect(fakeSubscription(t, m, customer.subscriptionId).pause_collection).toBeNull()
    expect(await savesOf(customer.customerId)).toEqual([
      expect.objectContaining({
        mechanism: 'reactivation',
        mrr_before: 2900,
        mrr_after: 2900,
        session_id: shown.sessionId,
      }),
    ])
    expect(await stepsOf(shown.sessionId)).toEqual(['banner_shown', 'banner_accepted'])

    // A replay (with or without the session id) answers the same, with no second Stripe change.
    expect(await (await acceptBanner(token, { sessionId: shown.sessionId })).json()).toEqual(body)
    expect(await (await acceptBanner(token)).json()).toEqual(body)
    expect(subscriptionWrites(t, m, customer.subscriptionId)).toHaveLength(1)
    expect(await savesOf(customer.customerId)).toHaveLength(1)
  })

  it('with status paused (flexible billing), is resumed through the resume endpoint', async () => {
    const stripe = createStripeClient(t.stripe, m.keys.secret)
    const subscriber = await newSubscriber(t, m, m.prices.basicMonthly, {
      billing_mode: { type: 'flexible' },
    })
    await stripe.subscriptions.pause(subscriber.subscriptionId, { type: 'subscription' })
    const token = await tokenFor(t, account, subscriber)
    expect(((await banner(token)) as Eligible).kind).toBe('paused')
    const res = await acceptBanner(token)
    expect(res.status).toBe(200)
    expect(fakeSubscription(t, m, subscriber.subscriptionId).status).toBe('active')
    const resumes = t.stripe
      .mutations({ accountId: m.account })
      .filter((w) => w.path === `/v1/subscriptions/${subscriber.subscriptionId}/resume`)
    expect(resumes).toHaveLength(1)
  })
})

describe('a subscriber scheduled to cancel', () => {
  it('is offered to stay; accepting turns cancel_at_period_end off', async () => {
    const customer = m.customers.scheduledCancel
    const token = await tokenFor(t, account, customer)
    const shown = (await banner(token)) as Eligible
    expect(shown).toMatchObject({
      kind: 'scheduled_cancel',
      subscriptionId: customer.subscriptionId,
      offer: null,
    })
    const res = await acceptBanner(token, { sessionId: shown.sessionId })
    expect(await res.json()).toEqual({
      status: 'reactivated',
      kind: 'scheduled_cancel',
      subscriptionId: customer.subscriptionId,
      message: 'Welcome back — your subscription will continue as before.',
    })
    const sub = fakeSubscription(t, m, customer.subscriptionId)
    expect(sub.cancel_at_period_end).toBe(false)
    expect(sub.cancel_at).toBeNull()
    expect(await savesOf(customer.customerId)).toEqual([
      expect.objectContaining({ mechanism: 'reactivation', mrr_before: 9900, mrr_after: 9900 }),
    ])
  })
})

describe('a churned subscriber', () => {
  it('gets the winback offer; accepting creates a new subscription on the old price with the coupon', async () => {
    const customer = m.customers.churned
    const token = await tokenFor(t, account, customer)
    const shown = (await banner(token)) as Eligible
    expect(shown).toMatchObject({
      kind: 'churned',
      subscriptionId: customer.subscriptionId,
      offer: { percentOff: 25, months: 1 },
      plan: expect.objectContaining({ priceId: m.prices.proMonthly }),
    })
    const res = await acceptBanner(token, { sessionId: shown.sessionId })
    const body = (await res.json()) as { subscriptionId: string; kind: string; message: string }
    expect(body).toMatchObject({
      status: 'reactivated',
      kind: 'churned',
      message: 'Welcome back — your subscription is active again. Your 25% discount is applied.',
    })
    expect(body.subscriptionId).not.toBe(customer.subscriptionId)
    const state = t.stripe.state(m.account)
    const created = fakeSubscription(t, m, body.subscriptionId)
    expect(created.customer).toBe(customer.customerId)
    expect(created.status).toBe('active')
    expect(created.items.data.map((i) => i.price.id)).toEqual([m.prices.proMonthly])
    const discount = state.discounts.find((d) => d.id === created.discounts[0])
    expect(discount?.source.coupon).toBe('retainkit_winback_25off_1m')
    expect(state.coupons.find((c) => c.id === 'retainkit_winback_25off_1m')).toMatchObject({
      percent_off: 25,
      duration: 'repeating',
      duration_in_months: 1,
    })
    expect(await savesOf(customer.customerId)).toEqual([
      expect.objectContaining({
        mechanism: 'reactivation',
        mrr_before: 2900,
        mrr_after: 2175,
        subscription_id: body.subscriptionId,
        detail: expect.objectContaining({ kind: 'churned', coupon: 'retainkit_winback_25off_1m' }),
      }),
    ])
    // Replayed: the stored answer, and still exactly one new subscription.
    expect(await (await acceptBanner(token, { sessionId: shown.sessionId })).json()).toEqual(body)
    const creates = t.stripe
      .mutations({ accountId: m.account })
      .filter((x) => x.path === '/v1/subscriptions' && x.params.customer === customer.customerId)
    expect(creates).toHaveLength(1)
    // The winback discount counts as the subscriber's offer for the 90-day rule.
    const session = await startSession(t, token)
    expect(session.body.offersSuppressedBy).toBe('recent_save')
  })

  it('gets no winback discount after a recent offer, and none when the config has none', async () => {
    const stripe = createStripeClient(t.stripe, m.keys.secret)
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    await stripe.subscriptions.cancel(subscriber.subscriptionId)
    await t.database.db
      .insertInto('saves')
      .values({
        account_id: account.accountId,
        customer_id: subscriber.customerId,
        mechanism: 'discount',
        created_at: t.clock.now(),
      })
      .execute()
    const token = await tokenFor(t, account, subscriber)
    expect(await banner(token)).toMatchObject({ kind: 'churned', offer: null })

    const other = await widgetAccount(t)
    const om = other.merchant as SeededMerchant
    await publishConfig(t, other.accountId, (c) => {
      if (c.reactivation) c.reactivation.winback_discount_percent = undefined
    })
    const churned = await banner(await tokenFor(t, other, om.customers.churned))
    expect(churned).toMatchObject({ kind: 'churned', offer: null })
    const res = await acceptBanner(await tokenFor(t, other, om.customers.churned))
    expect(await res.json()).toMatchObject({ message: 'Welcome back — your subscription is active again.' })
  })
})

describe('not eligible', () => {
  it('an active subscriber, a free account, reactivation switched off, no Stripe', async () => {
    expect(await banner(await tokenFor(t, account, m.customers.activeMonthly))).toEqual({ eligible: false })
    const free = await widgetAccount(t, { tier: 'free' })
    expect(await banner(await tokenFor(t, free, (free.merchant as SeededMerchant).customers.paused))).toEqual(
      {
        eligible: false,
      },
    )
    const off = await widgetAccount(t)
    await publishConfig(t, off.accountId, (c) => {
      if (c.reactivation) c.reactivation.enabled = false
    })
    expect(await banner(await tokenFor(t, off, (off.merchant as SeededMerchant).customers.paused))).toEqual({
      eligible: false,
    })
    const noStripe = await widgetAccount(t, { stripe: false })
    expect(await banner(await tokenFor(t, noStripe, 'cus_whoever1'))).toEqual({ eligible: false })
    const res = await acceptBanner(await tokenFor(t, noStripe, 'cus_whoever1'))
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toEqual({
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'Reactivation is not available for this account.',
    })
  })

  it('accept answers 409 when there is nothing to reactivate', async () => {
    const res = await acceptBanner(await tokenFor(t, account, m.customers.activeAnnual))
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toEqual({
      code: 'CONSTRAINT_VIOLATION',
      message:
        'There is nothing to reactivate: this subscriber already has an active subscription, or none to come back to.',
    })
  })
})

describe('banner events', () => {
  it('records banner_dismissed through the events call with the banner session', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly, { cancel_at_period_end: true })
    const token = await tokenFor(t, account, subscriber)
    const shown = (await banner(token)) as Eligible
    const res = await widgetCall(t, `/api/widget/sessions/${shown.sessionId}/events`, {
      token,
      body: { events: [{ step: 'banner_dismissed' }] },
    })
    expect(res.status).toBe(204)
    expect(await stepsOf(shown.sessionId)).toEqual(['banner_shown', 'banner_dismissed'])
    const flowStep = await widgetCall(t, `/api/widget/sessions/${shown.sessionId}/events`, {
      token,
      body: { events: [{ step: 'offer_shown' }] },
    })
    expect(flowStep.status).toBe(400)
  })

  it('validates the request bodies', async () => {
    const token = await tokenFor(t, account, m.customers.activeMonthly)
    const res = await widgetCall(t, '/api/widget/reactivation', { token, body: { sneaky: true } })
    expect(res.status).toBe(400)
    const bad = await acceptBanner(token, { sessionId: 'nope' })
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).message).toBe('Invalid session id')
    const empty = await widgetCall(t, '/api/widget/reactivation', { token, method: 'POST' })
    expect(empty.status).toBe(200)
  })
})
