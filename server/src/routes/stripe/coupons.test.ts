import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { body, errorOf, saveKeys } from './test-support'

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

  it('refuses free accounts, without calling Stripe', async () => {
    const { accountId, owner } = await proAccount('free')
    await t.deps.background.idle()
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
    // Earlier tests' connects may still be backfilling; each test reads the last request as its own.
    await t.deps.background.idle()
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
    await t.deps.background.idle()
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
