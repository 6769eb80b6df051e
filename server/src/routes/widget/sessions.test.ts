import type { SessionStartResponse, SubscriberSummary } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  errorOf,
  fakeSubscription,
  publishConfig,
  seededPlans,
  startSession,
  subscriptionWrites,
  type TokenClaims,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

let t: TestContext
let pro: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  pro = await widgetAccount(t)
})
afterAll(() => t.close())

type Started = Extract<SessionStartResponse, { fallback: false }>
const merchant = () => {
  if (!pro.merchant) throw new Error('no merchant')
  return pro.merchant
}

async function start(
  account: WidgetAccount,
  customer: { customerId: string; subscriptionId?: string } | string,
  body = {},
  claims: TokenClaims = {},
) {
  const res = await startSession(t, await tokenFor(t, account, customer, claims), body)
  return { status: res.status, body: res.body as unknown as Started }
}

describe('POST /api/widget/sessions with Stripe', () => {
  it("summarises the subscriber's subscription and records the session", async () => {
    const customer = merchant().customers.activeMonthly
    const { status, body } = await start(pro, customer)
    expect(status).toBe(201)
    const stripeSub = fakeSubscription(t, merchant(), customer.subscriptionId)
    const periodEnd = stripeSub.items.data[0]?.current_period_end ?? 0
    expect(body).toEqual({
      fallback: false,
      sessionId: expect.stringMatching(/^cs_/),
      subscriber: {
        customerId: customer.customerId,
        subscriptionId: customer.subscriptionId,
        status: 'active',
        plan: {
          priceId: merchant().prices.proMonthly,
          productName: 'Pro',
          amount: 2900,
          currency: 'usd',
          interval: 'month',
          intervalCount: 1,
        },
        mrr: 2900,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      } satisfies SubscriberSummary,
      // The default config: discount and pause on, switches off until plans are picked.
      eligibleOffers: ['discount', 'pause'],
      plan: expect.any(Object),
      words: expect.any(Object),
      // No address anywhere: the account's default mode.
      jurisdiction: { mode: 'standard' },
    })
    // The flow planned for this subscriber: each reason leads to its eligible offer, "Step x of 4".
    expect(body.plan.steps).toEqual(['reason', 'feedback', 'offer', 'confirm'])
    expect(body.plan.requireReason).toBe(true)
    expect(body.plan.paths['']).toEqual([
      { kind: 'reason' },
      { kind: 'feedback', category: 'any_reason' },
      { kind: 'offer', offer: 'discount' },
      { kind: 'confirm' },
    ])
    expect(body.plan.paths.not_using_enough?.[2]).toEqual({ kind: 'offer', offer: 'pause' })
    expect(body.plan.paths.technical_issues).toEqual([
      { kind: 'reason' },
      { kind: 'feedback', category: 'bad_experience' },
      { kind: 'confirm' },
    ])
    expect(body.plan.options).toEqual({
      pause: [1, 2, 3].map((months) => ({ kind: 'months', months })),
    })
    const row = await t.database.db
      .selectFrom('cancel_sessions')
      .selectAll()
      .where('id', '=', body.sessionId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      account_id: pro.accountId,
      kind: 'cancel',
      mode: 'live',
      status: 'open',
      customer_id: customer.customerId,
      subscription_id: customer.subscriptionId,
      mrr: 2900,
      currency: 'usd',
      eligible_offers: ['discount', 'pause'],
    })
    const events = await t.database.db
      .selectFrom('session_events')
      .select(['step', 'created_at'])
      .where('session_id', '=', body.sessionId)
      .execute()
    expect(events).toEqual([{ step: 'session_started', created_at: t.clock.now() }])
    expect(subscriptionWrites(t, merchant())).toEqual([])
  })

  it('normalises an annual price to a monthly MRR', async () => {
    const { body } = await start(pro, merchant().customers.activeAnnual)
    expect(body.subscriber?.mrr).toBe(2417)
    expect(body.subscriber?.plan).toMatchObject({ amount: 29000, interval: 'year' })
  })

  it('uses the token sid, and refuses a subscription of another customer with 403', async () => {
    const { activeMonthly, activeAnnual } = merchant().customers
    const own = await start(pro, activeMonthly)
    expect(own.body.subscriber?.subscriptionId).toBe(activeMonthly.subscriptionId)
    const before = await t.database.db.selectFrom('cancel_sessions').select('id').execute()
    const res = await startSession(
      t,
      await tokenFor(t, pro, activeMonthly.customerId, { sid: activeAnnual.subscriptionId }),
    )
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      error: { code: 'FORBIDDEN', message: 'This subscription belongs to another customer.' },
    })
    expect(await t.database.db.selectFrom('cancel_sessions').select('id').execute()).toHaveLength(
      before.length,
    )
  })

  it('reports a trialing subscription as such', async () => {
    const { body } = await start(pro, merchant().customers.trialing)
    expect(body.subscriber?.status).toBe('trialing')
  })

  it('offers nothing to a customer without a live subscription', async () => {
    const { body } = await start(pro, merchant().customers.churned.customerId)
    expect(body).toMatchObject({
      subscriber: null,
      eligibleOffers: [],
      offersSuppressedBy: 'no_subscription',
    })
  })

  it('does not offer a discount on top of an active one, nor a pause to a paused subscription', async () => {
    const discounted = await start(pro, merchant().customers.discounted)
    expect(discounted.body.eligibleOffers).toEqual(['pause'])
    const paused = await start(pro, merchant().customers.paused)
    expect(paused.body.eligibleOffers).toEqual(['discount'])
  })

  it('offers plan and billing-cycle switches when plans other than the current price are configured', async () => {
    const account = await widgetAccount(t)
    const m = account.merchant
    if (!m) throw new Error('no merchant')
    await publishConfig(t, account.accountId, (c) => {
      c.plan_switch = {
        enabled: true,
        plans: [{ id: m.prices.basicMonthly, name: 'Basic', price: '$14.99' }],
      }
      c.billing_cycle_switch = {
        enabled: true,
        plans: [{ id: m.prices.proMonthly, name: 'Monthly', price: '$29' }],
      }
    })
    const monthly = await start(account, m.customers.activeMonthly)
    // The only billing-cycle plan is the one they are on: nothing to switch to.
    expect(monthly.body.eligibleOffers).toEqual(['discount', 'pause', 'plan_switch'])
    const annual = await start(account, m.customers.activeAnnual)
    expect(annual.body.eligibleOffers).toEqual(['discount', 'pause', 'plan_switch', 'billing_cycle_switch'])
  })

  it('suppresses offers for a subscriber in a listed jurisdiction (US-MN)', async () => {
    const account = await widgetAccount(t)
    const m = account.merchant
    if (!m) throw new Error('no merchant')
    await publishConfig(t, account.accountId, (c) => {
      c.compliance = { suppress_offers: false, suppress_offers_in: ['US-MN'] }
    })
    const mn = await start(account, m.customers.minnesota)
    expect(mn.body).toMatchObject({ eligibleOffers: [], offersSuppressedBy: 'compliance' })
    expect(mn.body.subscriber?.subscriptionId).toBe(m.customers.minnesota.subscriptionId)
    const elsewhere = await start(account, m.customers.activeMonthly)
    expect(elsewhere.body.eligibleOffers).toEqual(['discount', 'pause'])
  })

  it('suppresses every offer with compliance.suppress_offers', async () => {
    const account = await widgetAccount(t)
    await publishConfig(t, account.accountId, (c) => {
      c.compliance = { suppress_offers: true, suppress_offers_in: [] }
    })
    const { body } = await start(account, account.merchant?.customers.activeMonthly ?? '')
    expect(body).toMatchObject({ eligibleOffers: [], offersSuppressedBy: 'compliance' })
  })

  it('allows one accepted offer per subscriber per 90 days', async () => {
    const account = await widgetAccount(t)
    const customer = account.merchant?.customers.activeMonthly
    if (!customer) throw new Error('no merchant')
    const first = await start(account, customer)
    const accept = await widgetCall(t, `/api/widget/sessions/${first.body.sessionId}/accept`, {
      token: await tokenFor(t, account, customer),
      body: { offer: 'pause', choice: { months: 1 } },
    })
    expect(accept.status).toBe(200)
    const soon = await start(account, customer)
    expect(soon.body).toMatchObject({ eligibleOffers: [], offersSuppressedBy: 'recent_save' })
    t.clock.advanceDays(89)
    expect((await start(account, customer)).body.offersSuppressedBy).toBe('recent_save')
    t.clock.advanceDays(2)
    const later = await start(account, customer)
    // Still paused in Stripe, so a discount (not another pause) comes back.
    expect(later.body.eligibleOffers).toEqual(['discount'])
    expect(later.body.offersSuppressedBy).toBeUndefined()
  })

  it('counts recent saves within their mode: a test-mode rehearsal does not take live offers away', async () => {
    const account = await widgetAccount(t)
    const customer = account.merchant?.customers.activeMonthly
    if (!customer) throw new Error('no merchant')
    const testToken = await tokenFor(t, account, customer, { mode: 'test' })
    const rehearsal = await startSession(t, testToken)
    const accept = await widgetCall(t, `/api/widget/sessions/${rehearsal.body.sessionId}/accept`, {
      token: testToken,
      body: { offer: 'discount', choice: {} },
    })
    expect(accept.status).toBe(200)
    expect((await startSession(t, testToken)).body).toMatchObject({ offersSuppressedBy: 'recent_save' })
    // Live: the discount the rehearsal applied is active on the subscription (one discount at a time),
    // but a pause is offered: no 90-day cooldown from a test-mode save.
    const live = await start(account, customer)
    expect(live.body.offersSuppressedBy).toBeUndefined()
    expect(live.body.eligibleOffers).toContain('pause')
    expect(live.body.eligibleOffers).not.toContain('discount')
  })

  it('records test mode from the token', async () => {
    const { body } = await start(pro, 'cus_testmode1', {})
    const live = await t.database.db
      .selectFrom('cancel_sessions')
      .select('mode')
      .where('id', '=', body.sessionId)
      .executeTakeFirstOrThrow()
    expect(live.mode).toBe('live')
    const res = await startSession(t, await tokenFor(t, pro, 'cus_testmode1', { mode: 'test' }))
    const row = await t.database.db
      .selectFrom('cancel_sessions')
      .select('mode')
      .where('id', '=', res.body.sessionId)
      .executeTakeFirstOrThrow()
    expect(row.mode).toBe('test')
  })

  it('answers a Stripe failure with 502 and a subscriber-safe message, creating nothing', async () => {
    const account = await widgetAccount(t)
    await t.database.db
      .updateTable('gateway_credentials')
      .set({ secret_key_ciphertext: t.deps.secrets.encrypt('sk_test_revoked_key_0000000000') })
      .where('account_id', '=', account.accountId)
      .execute()
    const res = await startSession(t, await tokenFor(t, account, 'cus_anyone1'))
    expect(res.status).toBe(502)
    expect(res.body).toEqual({
      error: {
        code: 'EXTERNAL_SERVICE_ERROR',
        message:
          "We couldn't reach the billing system to update your subscription. Nothing was changed; please try again in a moment.",
      },
    })
    expect(t.logger.lines.join('\n')).not.toContain('sk_test_revoked_key_0000000000')
  })
})

describe('POST /api/widget/sessions without Stripe', () => {
  it('has no subscriber and offers only what needs no Stripe', async () => {
    const account = await widgetAccount(t, { stripe: false })
    const plain = await start(account, 'cus_nostripe1')
    expect(plain.body).toEqual({
      fallback: false,
      sessionId: expect.any(String),
      subscriber: null,
      eligibleOffers: [],
      plan: expect.any(Object),
      words: expect.any(Object),
      jurisdiction: { mode: 'standard' },
    })
    // Nothing eligible: no path shows an offer, and the step count stays the config's.
    const screens = Object.values(plain.body.plan.paths).flat()
    expect(screens.filter((screen) => screen.kind === 'offer')).toEqual([])
    expect(plain.body.plan.steps).toEqual(['reason', 'feedback', 'offer', 'confirm'])
    // The merchant's handlers carry offers out only when its signed token says they do.
    const handled = await start(
      account,
      'cus_nostripe1',
      { merchantHandlesOffers: true, merchantHandlesCancel: true },
      { handles: ['offers', 'cancel'] },
    )
    expect(handled.body.eligibleOffers).toEqual(['discount', 'pause'])
    await publishConfig(t, account.accountId, (c) => {
      c.pause.redirect_template = 'https://shop.example/pause?customer={customer_id}'
    })
    const redirect = await start(account, 'cus_nostripe1')
    expect(redirect.body.eligibleOffers).toEqual(['pause'])
  })

  it("plans the switch offers without the subscriber's own plan, and only eligible offers on the paths", async () => {
    const account = await widgetAccount(t)
    const m = account.merchant as NonNullable<WidgetAccount['merchant']>
    const plans = seededPlans(m)
    await publishConfig(t, account.accountId, (c) => {
      c.billing_cycle_switch = { enabled: true, plans: plans.billingCycle }
      c.plan_switch = { enabled: false, plans: plans.planSwitch }
    })
    const { body } = await start(account, m.customers.activeMonthly)
    // On Pro monthly: the cycle switch offers only the annual price; the disabled switch is on no path.
    expect(body.plan.options.billing_cycle_switch).toEqual([{ kind: 'plan', plan: plans.billingCycle[1] }])
    const offers = Object.values(body.plan.paths)
      .flat()
      .flatMap((screen) => (screen.kind === 'offer' ? [screen.offer] : []))
    expect(new Set(offers)).toEqual(
      new Set(body.eligibleOffers.filter((offer) => offer !== 'billing_cycle_switch')),
    )
    expect(offers).not.toContain('plan_switch')
  })

  it('validates the body with the shared schema', async () => {
    const token = await tokenFor(t, pro, 'cus_validate1')
    const unknownKey = await widgetCall(t, '/api/widget/sessions', { token, body: { plan: 'x' } })
    expect(unknownKey.status).toBe(400)
    expect((await errorOf(unknownKey)).code).toBe('VALIDATION_FAILED')
    const badMode = await widgetCall(t, '/api/widget/sessions', { token, body: { mode: 'prod' } })
    expect(badMode.status).toBe(400)
    const notJson = await widgetCall(t, '/api/widget/sessions', {
      token,
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    })
    expect(notJson.status).toBe(400)
  })
})

describe('free accounts', () => {
  async function seedSessions(
    accountId: string,
    count: number,
    at: Date,
    kind: 'cancel' | 'reactivation' = 'cancel',
  ) {
    await t.database.db
      .insertInto('cancel_sessions')
      .values(
        Array.from({ length: count }, (_, i) => ({
          id: `cs_seeded${kind}${i}_${Math.random().toString(36).slice(2, 12)}`,
          account_id: accountId,
          kind,
          customer_id: `cus_seed${i}`,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute()
  }

  it('get no offers', async () => {
    const account = await widgetAccount(t, { tier: 'free' })
    const { body } = await start(account, account.merchant?.customers.activeMonthly ?? '')
    expect(body).toMatchObject({ eligibleOffers: [], offersSuppressedBy: 'free_tier' })
    expect(body.subscriber?.mrr).toBe(2900)
  })

  it('step aside on the 51st cancel session of a UTC month: fallback, 200, nothing created', async () => {
    const account = await widgetAccount(t, { tier: 'free', stripe: false })
    const now = t.clock.now()
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    await seedSessions(account.accountId, 49, monthStart)
    // Last month's sessions and banner sessions do not count.
    await seedSessions(account.accountId, 5, new Date(monthStart.getTime() - 1))
    await seedSessions(account.accountId, 5, now, 'reactivation')
    const fiftieth = await start(account, 'cus_free50')
    expect(fiftieth.status).toBe(201)
    const count = async () =>
      (
        await t.database.db
          .selectFrom('cancel_sessions')
          .select('id')
          .where('account_id', '=', account.accountId)
          .execute()
      ).length
    const before = await count()
    const res = await startSession(t, await tokenFor(t, account, 'cus_free51'))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ fallback: true, reason: 'session_limit' })
    expect(await count()).toBe(before)
  })

  it('get a fresh allowance in the next month', async () => {
    const account = await widgetAccount(t, { tier: 'free', stripe: false })
    const now = t.clock.now()
    await seedSessions(account.accountId, 50, now)
    expect((await startSession(t, await tokenFor(t, account, 'cus_month1'))).body).toEqual({
      fallback: true,
      reason: 'session_limit',
    })
    t.clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1)))
    expect((await startSession(t, await tokenFor(t, account, 'cus_month1'))).status).toBe(201)
  })
})

describe('rate limit', () => {
  it('allows 20 session starts per customer per hour, then 429 with Retry-After', async () => {
    const account = await widgetAccount(t, { stripe: false })
    // Fresh tokens (one token opens at most 10 sessions): the customer's own limit is what stops this.
    const now = Math.floor(t.clock.now().getTime() / 1000)
    const fresh = (i: number) => tokenFor(t, account, 'cus_busy1', { iat: now - i })
    for (let i = 0; i < 20; i++) expect((await startSession(t, await fresh(i))).status).toBe(201)
    const token = await fresh(20)
    const res = await widgetCall(t, '/api/widget/sessions', { token, body: {} })
    expect(res.status).toBe(429)
    expect(await errorOf(res)).toEqual({
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Too many requests. Please wait a moment and try again.',
    })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another customer of the same account is not affected.
    expect((await startSession(t, await tokenFor(t, account, 'cus_calm1'))).status).toBe(201)
  })
})
