import { createStripeClient } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { MAX_PLANS } from '../../services/stripe-catalog'
import { body, errorOf, saveKeys, storeKeyUnchecked, stripeOutage } from './test-support'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

async function proAccount(tier: 'free' | 'pro' = 'pro') {
  const { accountId, owner } = await t.createAccount({ tier })
  const merchant = await t.connectStripe(accountId)
  return { accountId, owner, merchant }
}

const NOT_CONNECTED = {
  code: 'BUSINESS_RULE_VIOLATION',
  message: 'Connect your Stripe account first (Settings → Stripe).',
}

describe('GET /api/stripe/plans/{accountId}', () => {
  it("lists the merchant's active recurring prices with product names and a display price", async () => {
    const { accountId, owner, merchant } = await proAccount()
    // Earlier tests' connects may still be backfilling; the last request below must be ours.
    await t.deps.background.idle()
    const res = await t.request(`/api/stripe/plans/${accountId}`, { token: owner.token })
    expect(res.status).toBe(200)
    const plan = (
      id: string,
      product: string,
      name: string,
      nickname: string,
      amount: number,
      interval: string,
      display: string,
    ) => ({
      id,
      product_id: product,
      product_name: name,
      nickname,
      unit_amount: amount,
      currency: 'usd',
      interval,
      interval_count: 1,
      display,
    })
    expect(await body(res)).toEqual({
      data: [
        plan(
          merchant.prices.basicMonthly,
          merchant.products.basic,
          'Basic',
          'Basic monthly',
          1499,
          'month',
          '$14.99/month',
        ),
        plan(
          merchant.prices.proMonthly,
          merchant.products.pro,
          'Pro',
          'Pro monthly',
          2900,
          'month',
          '$29/month',
        ),
        plan(
          merchant.prices.proAnnual,
          merchant.products.pro,
          'Pro',
          'Pro annual',
          29000,
          'year',
          '$290/year',
        ),
        plan(
          merchant.prices.teamMonthly,
          merchant.products.team,
          'Team',
          'Team monthly',
          9900,
          'month',
          '$99/month',
        ),
      ],
    })
    const request = t.stripe.requests.at(-1)
    expect(request).toMatchObject({ method: 'GET', path: '/v1/prices', accountId: merchant.account })
    expect(request?.params).toMatchObject({ active: 'true', type: 'recurring', expand: ['data.product'] })
  })

  it('leaves out inactive and one-time prices and prices of archived products', async () => {
    const { accountId, owner, merchant } = await proAccount()
    const stripe = createStripeClient(t.stripe, merchant.keys.secret)
    await stripe.prices.update(merchant.prices.teamMonthly, { active: false })
    await stripe.products.update(merchant.products.basic, { active: false })
    await stripe.prices.create({ product: merchant.products.pro, unit_amount: 500, currency: 'usd' })
    const quarterly = await stripe.prices.create({
      product: merchant.products.pro,
      unit_amount: 7500,
      currency: 'eur',
      recurring: { interval: 'month', interval_count: 3 },
    })
    const res = await t.request(`/api/stripe/plans/${accountId}`, { token: owner.token })
    const plans = (await body<{ data: Array<{ id: string; display: string }> }>(res)).data
    expect(plans.map((p) => [p.id, p.display])).toEqual([
      [merchant.prices.proMonthly, '$29/month'],
      [quarterly.id, '€75/3 months'],
      [merchant.prices.proAnnual, '$290/year'],
    ])
  })

  it(`follows Stripe's pages past 100 prices and stops at ${MAX_PLANS}`, async () => {
    const { accountId, owner } = await t.createAccount()
    const keys = t.stripe.createAccount()
    await storeKeyUnchecked(t, accountId, keys.secretKey)
    const stripe = createStripeClient(t.stripe, keys.secretKey)
    const product = await stripe.products.create({ name: 'Many' })
    for (let i = 0; i < MAX_PLANS + 10; i++) {
      await stripe.prices.create({
        product: product.id,
        unit_amount: 100 + i,
        currency: 'usd',
        recurring: { interval: 'month' },
      })
    }
    const before = t.stripe.requests.length
    const res = await t.request(`/api/stripe/plans/${accountId}`, { token: owner.token })
    const plans = (await body<{ data: unknown[] }>(res)).data
    expect(plans).toHaveLength(MAX_PLANS)
    const pages = t.stripe.requests.slice(before).filter((r) => r.path === '/v1/prices')
    expect(pages).toHaveLength(5)
    expect(pages[1]?.params.starting_after).toMatch(/^price_/)
  }, 60_000)

  it('is open to viewers and closed to strangers', async () => {
    const { accountId } = await proAccount()
    const viewer = await t.addMember(accountId, 'viewer')
    expect((await t.request(`/api/stripe/plans/${accountId}`, { token: viewer.token })).status).toBe(200)
    const stranger = await t.signIn()
    const res = await t.request(`/api/stripe/plans/${accountId}`, { token: stranger.token })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('FORBIDDEN')
  })

  it('validates the account id with the validation messages', async () => {
    const { token } = await t.signIn()
    const res = await t.request('/api/stripe/plans/bad%20id', { token })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'accountId',
      message: 'Account ID can only contain letters, numbers, hyphens, and underscores',
    })
  })

  it('asks to connect Stripe first', async () => {
    const { accountId, owner } = await t.createAccount()
    const res = await t.request(`/api/stripe/plans/${accountId}`, { token: owner.token })
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toEqual(NOT_CONNECTED)
  })

  it('maps Stripe-side failures: a key Stripe no longer knows, a missing permission, outages', async () => {
    const revoked = await t.createAccount()
    await storeKeyUnchecked(t, revoked.accountId, `sk_test_${'R'.repeat(40)}`)
    const rejected = await t.request(`/api/stripe/plans/${revoked.accountId}`, { token: revoked.owner.token })
    expect(rejected.status).toBe(400)
    expect(await errorOf(rejected)).toEqual({
      code: 'INVALID_CREDENTIALS',
      message:
        'Stripe rejected the stored key (it may have been rolled or revoked). Reconnect Stripe in Settings.',
    })

    const limited = await t.createAccount()
    const keys = t.stripe.createAccount({ restrictedKeys: [{ permissions: { prices: 'none' } }] })
    await saveKeys(t, limited.accountId, limited.owner.token, {
      secret: keys.restrictedKey ?? '',
      publishable: keys.publishableKey,
    })
    const forbidden = await t.request(`/api/stripe/plans/${limited.accountId}`, {
      token: limited.owner.token,
    })
    expect(forbidden.status).toBe(403)
    expect(await errorOf(forbidden)).toEqual({
      code: 'INSUFFICIENT_PERMISSIONS',
      message: 'Your restricted key needs read access to Prices.',
    })

    const { accountId, owner } = await proAccount()
    const outage = stripeOutage(t, 'server-error')
    try {
      const res = await t.request(`/api/stripe/plans/${accountId}`, { token: owner.token })
      expect(res.status).toBe(502)
      expect(await errorOf(res)).toEqual({
        code: 'EXTERNAL_SERVICE_ERROR',
        message: 'Stripe is not responding. Please try again.',
      })
    } finally {
      outage.restore()
    }
  })
})

describe('every /api/stripe call', () => {
  it('needs the API key and a signed-in user', async () => {
    const { accountId, owner } = await proAccount()
    const calls: Array<[string, string, unknown]> = [
      ['GET', `/api/stripe/plans/${accountId}`, undefined],
      ['GET', `/api/stripe/coupons/${accountId}`, undefined],
      [
        'POST',
        '/api/stripe/coupons',
        { account_id: accountId, config: { percent_off: 20, duration: 'once' } },
      ],
      ['POST', `/api/stripe/test-connection/${accountId}`, undefined],
      ['POST', '/api/stripe/oauth/start', { account_id: accountId }],
      ['POST', '/api/stripe/oauth/callback', { code: 'ac_123', state: 'x'.repeat(43) }],
    ]
    for (const [method, path, payload] of calls) {
      const noToken = await t.request(path, { method, body: payload })
      expect(noToken.status, `${method} ${path}`).toBe(401)
      expect((await errorOf(noToken)).code).toBe('UNAUTHORIZED')
      for (const apiKey of [null, 'x'.repeat(40)]) {
        const res = await t.request(path, { method, body: payload, token: owner.token, apiKey })
        expect(res.status, `${method} ${path}`).toBe(401)
        expect(await errorOf(res)).toEqual({ code: 'UNAUTHORIZED', message: 'Missing or invalid API key' })
      }
    }
  })
})
