import { createStripeClient, type SeededMerchant } from '@retainkit/tests/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PLANS } from '../../services/stripe-catalog'
import { createTestContext, type TestContext } from '../../test-support/harness'
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

  it('validates the account id with the spec 5 message', async () => {
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

describe('POST /api/stripe/coupons', () => {
  const create = (token: string, payload: unknown) =>
    t.request('/api/stripe/coupons', { method: 'POST', token, body: payload })

  it("creates the coupon in the merchant's Stripe and answers it", async () => {
    const { accountId, owner, merchant } = await proAccount()
    const config = {
      percent_off: 25,
      duration: 'repeating',
      duration_in_months: 3,
      name: 'Stay with us',
      id: 'STAY25',
    }
    const res = await create(owner.token, { account_id: accountId, config })
    expect(res.status).toBe(201)
    expect(await body(res)).toEqual({
      data: {
        id: 'STAY25',
        name: 'Stay with us',
        percent_off: 25,
        duration: 'repeating',
        duration_in_months: 3,
      },
    })
    const coupon = t.stripe.state(merchant.account).coupons.find((c) => c.id === 'STAY25')
    expect(coupon).toMatchObject({
      percent_off: 25,
      duration: 'repeating',
      duration_in_months: 3,
      name: 'Stay with us',
    })
  })

  it('creates one coupon for a repeated request (idempotency key derived from the request)', async () => {
    const { accountId, owner, merchant } = await proAccount()
    const payload = { account_id: accountId, config: { percent_off: 15, duration: 'once' } }
    const first = await body<{ data: { id: string } }>(await create(owner.token, payload))
    const second = await body<{ data: { id: string } }>(await create(owner.token, payload))
    expect(second.data.id).toBe(first.data.id)
    const creates = t.stripe.requests.filter((r) => r.path === '/v1/coupons' && r.method === 'POST')
    expect(creates.at(-1)?.replayed).toBe(true)
    expect(creates.at(-1)?.idempotencyKey).toBe(creates.at(-2)?.idempotencyKey)
    expect(
      t.stripe.mutations({ accountId: merchant.account }).filter((m) => m.path === '/v1/coupons'),
    ).toHaveLength(1)
    // A different request is a different coupon.
    const other = await body<{ data: { id: string } }>(
      await create(owner.token, { account_id: accountId, config: { percent_off: 16, duration: 'once' } }),
    )
    expect(other.data.id).not.toBe(first.data.id)
  })

  it('refuses free accounts (spec 6), without calling Stripe', async () => {
    const { accountId, owner } = await proAccount('free')
    const before = t.stripe.requests.length
    const res = await create(owner.token, {
      account_id: accountId,
      config: { percent_off: 20, duration: 'once' },
    })
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toEqual({
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'Save offers are a Pro feature.',
    })
    expect(t.stripe.requests.length).toBe(before)
  })

  it('validates the body', async () => {
    const { accountId, owner } = await proAccount()
    const cases: Array<[unknown, string, string]> = [
      [
        { account_id: accountId, config: { percent_off: 0, duration: 'once' } },
        'config.percent_off',
        'Percent off must be between 1 and 100',
      ],
      [
        { account_id: accountId, config: { percent_off: 101, duration: 'once' } },
        'config.percent_off',
        'Percent off must be between 1 and 100',
      ],
      [
        { account_id: accountId, config: { percent_off: 20, duration: 'repeating' } },
        'config.duration_in_months',
        'Duration in months is required for repeating coupons',
      ],
      [
        { account_id: accountId, config: { percent_off: 20, duration: 'forever', duration_in_months: 2 } },
        'config.duration_in_months',
        'Duration in months is only allowed for repeating coupons',
      ],
      [
        { account_id: accountId, config: { percent_off: 20, duration: 'once', id: 'no spaces' } },
        'config.id',
        'Coupon ID can only contain letters, numbers, hyphens, and underscores',
      ],
      [
        { account_id: 'bad id', config: { percent_off: 20, duration: 'once' } },
        'account_id',
        'Account ID can only contain letters, numbers, hyphens, and underscores',
      ],
      [{ account_id: accountId }, 'config', 'Coupon settings are required'],
    ]
    for (const [payload, field, message] of cases) {
      const res = await create(owner.token, payload)
      expect(res.status, message).toBe(400)
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field, message })
    }
    const unknown = await create(owner.token, {
      account_id: accountId,
      config: { percent_off: 20, duration: 'once' },
      x: 1,
    })
    expect(unknown.status).toBe(400)
    const text = await t.request('/api/stripe/coupons', {
      method: 'POST',
      token: owner.token,
      rawBody: 'percent_off=20',
      headers: { 'content-type': 'text/plain' },
    })
    expect(text.status).toBe(415)
  })

  it('lets editors create coupons but not viewers or strangers', async () => {
    const { accountId } = await proAccount()
    const payload = { account_id: accountId, config: { percent_off: 10, duration: 'forever' } }
    const editor = await t.addMember(accountId, 'editor')
    expect((await create(editor.token, payload)).status).toBe(201)
    const viewer = await t.addMember(accountId, 'viewer')
    const refused = await create(viewer.token, payload)
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).code).toBe('INSUFFICIENT_PERMISSIONS')
    const stranger = await t.signIn()
    const outsider = await create(stranger.token, payload)
    expect(outsider.status).toBe(403)
    expect((await errorOf(outsider)).code).toBe('FORBIDDEN')
  })

  it('maps Stripe refusals: an existing id, a read-only restricted key, no connection', async () => {
    const { accountId, owner, merchant } = await proAccount()
    const duplicate = await create(owner.token, {
      account_id: accountId,
      config: { percent_off: 20, duration: 'once', id: merchant.coupons.save20 },
    })
    expect(duplicate.status).toBe(409)
    expect(await errorOf(duplicate)).toEqual({
      code: 'DUPLICATE_ENTRY',
      message: 'A coupon with this ID already exists in your Stripe account.',
      field: 'id',
    })

    const limited = await t.createAccount()
    const keys = t.stripe.createAccount({ restrictedKeys: [{ permissions: { coupons: 'read' } }] })
    await saveKeys(t, limited.accountId, limited.owner.token, {
      secret: keys.restrictedKey ?? '',
      publishable: keys.publishableKey,
    })
    const forbidden = await create(limited.owner.token, {
      account_id: limited.accountId,
      config: { percent_off: 20, duration: 'once' },
    })
    expect(forbidden.status).toBe(403)
    expect(await errorOf(forbidden)).toEqual({
      code: 'INSUFFICIENT_PERMISSIONS',
      message: 'Your restricted key needs write access to Coupons.',
    })
    expect(t.stripe.state(keys.id).coupons).toEqual([])

    const bare = await t.createAccount()
    const none = await create(bare.owner.token, {
      account_id: bare.accountId,
      config: { percent_off: 20, duration: 'once' },
    })
    expect(none.status).toBe(422)
    expect(await errorOf(none)).toEqual(NOT_CONNECTED)
  })
})

describe('GET /api/stripe/coupons/{accountId}', () => {
  let account: { accountId: string; owner: { token: string }; merchant: SeededMerchant }
  beforeAll(async () => {
    account = await proAccount()
    const stripe = createStripeClient(t.stripe, account.merchant.keys.secret)
    for (let i = 0; i < 12; i++) await stripe.coupons.create({ id: `EXTRA${i}`, percent_off: 5 + i })
  })
  const list = (query = '', token = account.owner.token) =>
    t.request(`/api/stripe/coupons/${account.accountId}${query}`, { token })

  it('pages with limit (default 10) and starting_after, passed through to Stripe', async () => {
    const first = await body<{ data: Array<{ id: string }>; has_more: boolean }>(await list())
    expect(first.data).toHaveLength(10)
    expect(first.has_more).toBe(true)
    expect(t.stripe.requests.at(-1)?.params).toEqual({ limit: '10' })
    expect(first.data[0]).toEqual({
      id: 'EXTRA11',
      name: null,
      percent_off: 16,
      amount_off: null,
      currency: null,
      duration: 'once',
      duration_in_months: null,
      valid: true,
      times_redeemed: 0,
      max_redemptions: null,
      redeem_by: null,
      created: expect.any(Number),
    })
    const last = first.data.at(-1)?.id ?? ''
    const second = await body<{ data: Array<{ id: string }>; has_more: boolean }>(
      await list(`?limit=100&starting_after=${last}`),
    )
    expect(t.stripe.requests.at(-1)?.params).toEqual({ limit: '100', starting_after: last })
    expect(second.has_more).toBe(false)
    expect([...first.data, ...second.data].map((c) => c.id)).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `EXTRA${11 - i}`),
      account.merchant.coupons.winback50,
      account.merchant.coupons.save20,
    ])
    const one = await body<{ data: unknown[]; has_more: boolean }>(await list('?limit=1'))
    expect(one.data).toHaveLength(1)
    expect(one.has_more).toBe(true)
  })

  it('validates limit, the cursor and unknown parameters, without calling Stripe', async () => {
    const before = t.stripe.requests.length
    for (const [query, field, message] of [
      ['?limit=0', 'limit', 'Limit must be a whole number between 1 and 100'],
      ['?limit=101', 'limit', 'Limit must be a whole number between 1 and 100'],
      ['?limit=abc', 'limit', 'Limit must be a whole number between 1 and 100'],
      ['?starting_after=%27%3Bdrop', 'starting_after', 'Invalid starting_after cursor'],
    ]) {
      const res = await list(query)
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field, message })
    }
    expect((await list('?page=2')).status).toBe(400)
    expect(t.stripe.requests.length).toBe(before)
  })

  it("answers Stripe's own refusal of an unknown cursor with 400", async () => {
    const res = await list('?starting_after=NOPE')
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({
      code: 'INVALID_INPUT',
      message: "No such coupon: 'NOPE'",
      field: 'starting_after',
    })
  })

  it('is open to viewers and closed to strangers', async () => {
    const viewer = await t.addMember(account.accountId, 'viewer')
    expect((await list('', viewer.token)).status).toBe(200)
    const stranger = await t.signIn()
    expect((await list('', stranger.token)).status).toBe(403)
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
