import { createStripeClient, type SeededMerchant, seedMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  acceptSuiteAccount,
  errorOf,
  newSubscriber,
  startSession,
  subscriptionWrites,
  tokenFor,
  type WidgetAccount,
  widgetCall,
} from './testing'

/**
 * Money moves once per customer: every billing action runs under one lock per (account, customer) and
 * re-checks eligibility at that moment, whatever session, tab or request it comes from.
 */
let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await acceptSuiteAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

const accept = (token: string, sessionId: string, body: unknown) =>
  widgetCall(t, `/api/widget/sessions/${sessionId}/accept`, { token, body })
const cancel = (token: string, sessionId: string, body: unknown = {}) =>
  widgetCall(t, `/api/widget/sessions/${sessionId}/cancel`, { token, body })

const savesOf = (customerId: string) =>
  t.database.db.selectFrom('saves').selectAll().where('customer_id', '=', customerId).execute()

async function sessionsOf(token: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const { status, body } = await startSession(t, token)
    expect(status).toBe(201)
    expect(body.eligibleOffers).toEqual(expect.arrayContaining(['discount', 'pause', 'plan_switch']))
    ids.push(body.sessionId)
  }
  return ids
}

describe('accepting offers across the sessions of one customer', () => {
  it('20 parallel accepts spread over 10 sessions: exactly one change reaches Stripe', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    const sessions = await sessionsOf(token, 10)
    const offers = [
      { offer: 'discount' },
      { offer: 'pause', choice: { months: 1 } },
      { offer: 'plan_switch', choice: { planId: m.prices.basicMonthly } },
    ]
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => accept(token, sessions[i % 10] as string, offers[i % 3])),
    )
    const statuses = answers.map((res) => res.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(19)
    expect(subscriptionWrites(t, m, subscriber.subscriptionId)).toHaveLength(1)
    expect(await savesOf(subscriber.customerId)).toHaveLength(1)
    const saved = await t.database.db
      .selectFrom('cancel_sessions')
      .select('status')
      .where('customer_id', '=', subscriber.customerId)
      .where('status', '=', 'saved')
      .execute()
    expect(saved).toHaveLength(1)
  })

  it('two sessions opened first: a pause after a discount in the other session is refused', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    const [first, second] = (await sessionsOf(token, 2)) as [string, string]
    expect((await accept(token, first, { offer: 'discount' })).status).toBe(200)
    const refused = await accept(token, second, { offer: 'pause', choice: { months: 2 } })
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).message).toMatch(/already accepted an offer/i)
    expect(subscriptionWrites(t, m, subscriber.subscriptionId)).toHaveLength(1)
    expect(await savesOf(subscriber.customerId)).toHaveLength(1)
  })

  it('an accept after another session scheduled the cancellation is refused', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    const [first, second] = (await sessionsOf(token, 2)) as [string, string]
    expect((await cancel(token, first)).status).toBe(200)
    const refused = await accept(token, second, { offer: 'discount' })
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).message).toMatch(/scheduled to cancel/i)
    expect(await savesOf(subscriber.customerId)).toHaveLength(0)
  })

  it('parallel cancels from several sessions change Stripe once', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    const sessions = await sessionsOf(token, 5)
    const answers = await Promise.all(sessions.map((id) => cancel(token, id, { feedback: 'bye' })))
    // Every subscriber who asked to cancel is told so; Stripe is asked once.
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200])
    expect(subscriptionWrites(t, m, subscriber.subscriptionId)).toHaveLength(1)
  })

  it('Stripe idempotency keys name what changes, never the browser session', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    const [sessionId] = (await sessionsOf(token, 1)) as [string]
    expect((await accept(token, sessionId, { offer: 'discount' })).status).toBe(200)
    const [write] = subscriptionWrites(t, m, subscriber.subscriptionId)
    expect(write?.idempotencyKey).toMatch(/^retainkit_offer_/)
    expect(write?.idempotencyKey).not.toContain(sessionId)
  })
})

describe('the mode', () => {
  it('`mode` in the body has no effect: a live token stays live, with the live cooldown', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    const [live] = (await sessionsOf(token, 1)) as [string]
    expect((await accept(token, live, { offer: 'discount' })).status).toBe(200)
    const { status, body } = await startSession(t, token, { mode: 'test' })
    expect(status).toBe(201)
    expect(body).toMatchObject({ eligibleOffers: [], offersSuppressedBy: 'recent_save' })
    const row = await t.database.db
      .selectFrom('cancel_sessions')
      .select('mode')
      .where('id', '=', body.sessionId)
      .executeTakeFirstOrThrow()
    expect(row.mode).toBe('live')
    const refused = await accept(token, body.sessionId, {
      offer: 'plan_switch',
      choice: { planId: m.prices.basicMonthly },
    })
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(subscriptionWrites(t, m, subscriber.subscriptionId)).toHaveLength(1)
  })

  it('a test-mode session never changes a live-mode Stripe subscription', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'pro' })
    const live = await connectLiveMerchant(accountId)
    const res = await t.request(`/api/account?accountId=${accountId}&action=widget-secret`, {
      method: 'POST',
      token: owner.token,
    })
    const secret = ((await res.json()) as { data: { secret: string } }).data.secret
    const liveAccount: WidgetAccount = { accountId, ownerToken: owner.token, secret, merchant: live }
    const customer = live.customers.activeMonthly
    const token = await tokenFor(t, liveAccount, customer, { mode: 'test' })
    const { status, body } = await startSession(t, token)
    expect(status).toBe(201)
    for (const attempt of [
      () => accept(token, body.sessionId, { offer: 'pause', choice: { months: 1 } }),
      () => cancel(token, body.sessionId),
    ]) {
      const refused = await attempt()
      expect(refused.status).toBe(403)
      expect((await errorOf(refused)).message).toMatch(/test mode.*live/i)
    }
    expect(subscriptionWrites(t, live, customer.subscriptionId)).toHaveLength(0)
  })

  it('a token signed with a test widget secret is test mode, and cannot claim live mode', async () => {
    const res = await t.request(`/api/account?accountId=${account.accountId}&action=widget-secret`, {
      method: 'POST',
      token: account.ownerToken,
      body: { mode: 'test' },
    })
    expect(res.status).toBe(201)
    const testSecret = ((await res.json()) as { data: { secret: string } }).data.secret
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const testAccount = { ...account, secret: testSecret }
    const token = await tokenFor(t, testAccount, subscriber)
    const { status, body } = await startSession(t, token)
    expect(status).toBe(201)
    const row = await t.database.db
      .selectFrom('cancel_sessions')
      .select('mode')
      .where('id', '=', body.sessionId)
      .executeTakeFirstOrThrow()
    expect(row.mode).toBe('test')
    const claimingLive = await tokenFor(t, testAccount, subscriber, { mode: 'live' })
    const refused = await startSession(t, claimingLive)
    expect(refused.status).toBe(401)
  })
})

describe('merchant-handled actions need the signed claim', () => {
  it('handledByMerchant without the claim → 403 and nothing recorded; with it → recorded', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    const [sessionId] = (await sessionsOf(token, 1)) as [string]
    const forged = await accept(token, sessionId, {
      offer: 'plan_switch',
      choice: { planId: m.prices.basicMonthly },
      handledByMerchant: true,
    })
    expect(forged.status).toBe(403)
    expect(await savesOf(subscriber.customerId)).toHaveLength(0)
    const forgedCancel = await cancel(token, sessionId, { handledByMerchant: true })
    expect(forgedCancel.status).toBe(403)

    const signed = await tokenFor(t, account, subscriber, { handles: ['offers', 'cancel'] })
    const started = await startSession(t, signed, { merchantHandlesOffers: true })
    expect(started.status).toBe(201)
    // The merchant's handleOffer applies the discount its own way before the widget records it.
    await createStripeClient(t.stripe, m.keys.secret).subscriptions.update(subscriber.subscriptionId, {
      discounts: [{ coupon: m.coupons.save20 }],
    })
    const recorded = await accept(signed, started.body.sessionId, {
      offer: 'discount',
      handledByMerchant: true,
    })
    expect(recorded.status).toBe(200)
    expect(await recorded.json()).toEqual({ status: 'recorded', mechanism: 'discount' })
    // Retainkit itself wrote nothing to Stripe.
    const ours = subscriptionWrites(t, m, subscriber.subscriptionId).filter((w) =>
      w.idempotencyKey?.startsWith('retainkit_'),
    )
    expect(ours).toHaveLength(0)
  })

  it('merchantHandlesOffers / merchantHandlesCancel at session start without the claim → 403', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    expect((await startSession(t, token, { merchantHandlesOffers: true })).status).toBe(403)
    expect((await startSession(t, token, { merchantHandlesCancel: true })).status).toBe(403)
    const offersOnly = await tokenFor(t, account, subscriber, { handles: ['offers'] })
    expect((await startSession(t, offersOnly, { merchantHandlesCancel: true })).status).toBe(403)
  })
})

/** A Pro account connected to a live-mode Stripe merchant (live keys, livemode objects). */
async function connectLiveMerchant(accountId: string): Promise<SeededMerchant> {
  const merchant = await seedMerchant(t.stripe, { livemode: true })
  await t.database.db
    .insertInto('gateway_credentials')
    .values({
      account_id: accountId,
      secret_key_ciphertext: t.deps.secrets.encrypt(merchant.keys.secret),
      secret_key_hint: 'sk_live_…',
      publishable_key: merchant.keys.publishable,
      stripe_account_id: merchant.account,
      livemode: true,
    })
    .execute()
  // The subscription really is live.
  const sub = await createStripeClient(t.stripe, merchant.keys.secret).subscriptions.retrieve(
    merchant.customers.activeMonthly.subscriptionId,
  )
  expect(sub.livemode).toBe(true)
  return merchant
}
