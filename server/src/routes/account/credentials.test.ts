import { seedMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { maskSecret } from '../../services/secret-box'
import { body, errorOf, otherSecretBox, saveKeys, stripeOutage } from '../stripe/test-support'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const path = (accountId: string) => `/api/account?accountId=${accountId}&action=credentials`

async function connectedAccount() {
  const { accountId, owner } = await t.createAccount()
  const merchant = await seedMerchant(t.stripe)
  return { accountId, owner, merchant }
}

async function storedRow(accountId: string) {
  return t.database.db
    .selectFrom('gateway_credentials')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst()
}

describe('GET credentials', () => {
  it('answers {gateway, connected: false} before anything is connected', async () => {
    const { accountId, owner } = await t.createAccount()
    const res = await t.request(path(accountId), { token: owner.token })
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({ data: { gateway: 'stripe', connected: false } })
  })
})

describe('POST credentials', () => {
  it('checks the key with Stripe, stores it encrypted and answers the masked view', async () => {
    const { accountId, owner, merchant } = await connectedAccount()
    const res = await saveKeys(t, accountId, owner.token, merchant.keys)
    expect(res.status).toBe(200)
    const expected = {
      gateway: 'stripe',
      connected: true,
      api_key: maskSecret(merchant.keys.secret),
      access_token: merchant.keys.publishable,
      stripe_account_id: merchant.account,
      connected_via: 'key',
      livemode: false,
      last_tested_at: t.clock.now().toISOString(),
      last_test_ok: true,
    }
    expect(await body(res)).toEqual({ data: expected })
    expect(expected.api_key).toMatch(/^sk_test_…[A-Za-z0-9]{4}$/)
    // Stripe was asked who the key belongs to before anything was stored; then the webhook endpoint
    // that follows saves was registered with the stored key.
    const calls = t.stripe.requests.map((request) => `${request.method} ${request.path}`)
    expect(calls.indexOf('GET /v1/account')).toBeGreaterThanOrEqual(0)
    expect(calls.indexOf('POST /v1/webhook_endpoints')).toBeGreaterThan(calls.indexOf('GET /v1/account'))
    const read = await t.request(path(accountId), { token: owner.token })
    expect(await body(read)).toEqual({ data: expected })
  })

  it('keeps only ciphertext in the database', async () => {
    const { accountId, owner, merchant } = await connectedAccount()
    await saveKeys(t, accountId, owner.token, merchant.keys)
    const row = await storedRow(accountId)
    expect(row).toBeDefined()
    expect(JSON.stringify(row)).not.toContain(merchant.keys.secret)
    expect(row?.secret_key_ciphertext).toMatch(/^v1\./)
    expect(t.deps.secrets.decrypt(row?.secret_key_ciphertext ?? '')).toBe(merchant.keys.secret)
    expect(() => otherSecretBox().decrypt(row?.secret_key_ciphertext ?? '')).toThrow()
  })

  it('accepts a restricted key and replaces earlier credentials', async () => {
    const { accountId, owner, merchant } = await connectedAccount()
    await saveKeys(t, accountId, owner.token, merchant.keys)
    const res = await saveKeys(t, accountId, owner.token, {
      secret: merchant.keys.restricted,
      publishable: merchant.keys.publishable,
    })
    expect(res.status).toBe(200)
    expect((await body<{ data: { api_key: string } }>(res)).data.api_key).toBe(
      maskSecret(merchant.keys.restricted),
    )
    expect(t.deps.secrets.decrypt((await storedRow(accountId))?.secret_key_ciphertext ?? '')).toBe(
      merchant.keys.restricted,
    )
  })

  it('answers a key Stripe rejects with 400 and stores nothing (earlier keys stay)', async () => {
    const { accountId, owner, merchant } = await connectedAccount()
    const unknown = { secret: `sk_test_${'U'.repeat(40)}`, publishable: 'pk_test_abc123' }
    const res = await saveKeys(t, accountId, owner.token, unknown)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Stripe rejected this key. Check that you pasted the full secret or restricted key.',
      field: 'api_key',
    })
    expect(await storedRow(accountId)).toBeUndefined()

    await saveKeys(t, accountId, owner.token, merchant.keys)
    const again = await saveKeys(t, accountId, owner.token, unknown)
    expect(again.status).toBe(400)
    expect(t.deps.secrets.decrypt((await storedRow(accountId))?.secret_key_ciphertext ?? '')).toBe(
      merchant.keys.secret,
    )
  })

  it('names the permission a restricted key lacks', async () => {
    const { accountId, owner } = await t.createAccount()
    const keys = t.stripe.createAccount({ restrictedKeys: [{ permissions: { account: 'none' } }] })
    const res = await saveKeys(t, accountId, owner.token, {
      secret: keys.restrictedKey ?? '',
      publishable: keys.publishableKey,
    })
    expect(res.status).toBe(403)
    expect(await errorOf(res)).toEqual({
      code: 'INSUFFICIENT_PERMISSIONS',
      message: 'Your restricted key needs read access to Account.',
    })
    expect(await storedRow(accountId)).toBeUndefined()
  })

  it('refuses test and live keys mixed, before asking Stripe', async () => {
    const { accountId, owner } = await t.createAccount()
    // An earlier test's connection may still be backfilling its subscriptions from Stripe.
    await t.deps.background.idle()
    const before = t.stripe.requests.length
    for (const keys of [
      { secret: 'sk_test_abc123', publishable: 'pk_live_abc123' },
      { secret: 'rk_live_abc123', publishable: 'pk_test_abc123' },
    ]) {
      const res = await saveKeys(t, accountId, owner.token, keys)
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The secret and publishable keys must both be test keys or both be live keys',
        field: 'access_token',
      })
    }
    expect(t.stripe.requests.length).toBe(before)
    expect(await storedRow(accountId)).toBeUndefined()
  })

  it('validates the body with the validation messages', async () => {
    const { accountId, owner } = await t.createAccount()
    const cases: Array<[unknown, string, string]> = [
      [
        { gateway: 'stripe', api_key: 'pk_test_1', access_token: 'pk_test_1' },
        'api_key',
        'Invalid Stripe secret key format',
      ],
      [
        { gateway: 'stripe', api_key: 'sk_test_1', access_token: 'sk_test_1' },
        'access_token',
        'Invalid Stripe publishable key format',
      ],
      [{ gateway: 'stripe', access_token: 'pk_test_1' }, 'api_key', 'Invalid Stripe secret key format'],
      [
        { gateway: 'paypal', api_key: 'sk_test_1', access_token: 'pk_test_1' },
        'gateway',
        'Only Stripe is supported',
      ],
    ]
    for (const [payload, field, message] of cases) {
      const res = await t.request(path(accountId), { method: 'POST', token: owner.token, body: payload })
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field, message })
    }
    const extra = await t.request(path(accountId), {
      method: 'POST',
      token: owner.token,
      body: { gateway: 'stripe', api_key: 'sk_test_1', access_token: 'pk_test_1', webhook: 'x' },
    })
    expect(extra.status).toBe(400)
    const broken = await t.request(path(accountId), {
      method: 'POST',
      token: owner.token,
      rawBody: '{"gateway":',
    })
    expect(broken.status).toBe(400)
    expect(await errorOf(broken)).toMatchObject({ message: 'Request body must be valid JSON' })
    expect(await storedRow(accountId)).toBeUndefined()
  })

  it('maps Stripe outages to 502/429 and stores nothing', async () => {
    const { accountId, owner, merchant } = await connectedAccount()
    for (const [outage, status, code, message] of [
      ['network', 502, 'EXTERNAL_SERVICE_ERROR', 'Stripe is not responding. Please try again.'],
      ['server-error', 502, 'EXTERNAL_SERVICE_ERROR', 'Stripe is not responding. Please try again.'],
      [
        'rate-limit',
        429,
        'RATE_LIMIT_EXCEEDED',
        'Stripe is receiving too many requests. Please wait a moment and try again.',
      ],
    ] as const) {
      const outageHandle = stripeOutage(t, outage)
      try {
        const res = await saveKeys(t, accountId, owner.token, merchant.keys)
        expect(res.status).toBe(status)
        expect(await errorOf(res)).toEqual({ code, message })
      } finally {
        outageHandle.restore()
      }
    }
    expect(await storedRow(accountId)).toBeUndefined()
  })
})

describe('DELETE credentials', () => {
  it('disconnects by removing the row, and is idempotent', async () => {
    const { accountId, owner, merchant } = await connectedAccount()
    await saveKeys(t, accountId, owner.token, merchant.keys)
    for (let i = 0; i < 2; i++) {
      const res = await t.request(path(accountId), { method: 'DELETE', token: owner.token })
      expect(res.status).toBe(200)
      expect(await body(res)).toEqual({ data: { gateway: 'stripe', connected: false } })
    }
    expect(await storedRow(accountId)).toBeUndefined()
    expect(await body(await t.request(path(accountId), { token: owner.token }))).toEqual({
      data: { gateway: 'stripe', connected: false },
    })
  })
})

describe('who may call it', () => {
  it('needs the API key and a signed-in user', async () => {
    const { accountId, owner } = await t.createAccount()
    for (const method of ['GET', 'POST', 'DELETE']) {
      const noToken = await t.request(path(accountId), { method })
      expect(noToken.status).toBe(401)
      expect((await errorOf(noToken)).code).toBe('UNAUTHORIZED')
      const wrongKey = await t.request(path(accountId), {
        method,
        token: owner.token,
        apiKey: 'x'.repeat(40),
      })
      expect(wrongKey.status).toBe(401)
      expect(await errorOf(wrongKey)).toEqual({ code: 'UNAUTHORIZED', message: 'Missing or invalid API key' })
    }
  })

  it('refuses non-members, and members who may not manage credentials', async () => {
    const { accountId, merchant } = await connectedAccount()
    const stranger = await t.signIn()
    const editor = await t.addMember(accountId, 'editor')
    const viewer = await t.addMember(accountId, 'viewer')
    const payload = {
      gateway: 'stripe',
      api_key: merchant.keys.secret,
      access_token: merchant.keys.publishable,
    }
    for (const method of ['GET', 'POST', 'DELETE']) {
      const init = { method, ...(method === 'POST' ? { body: payload } : {}) }
      const outsider = await t.request(path(accountId), { ...init, token: stranger.token })
      expect(outsider.status).toBe(403)
      expect((await errorOf(outsider)).code).toBe('FORBIDDEN')
      for (const member of [editor, viewer]) {
        const res = await t.request(path(accountId), { ...init, token: member.token })
        expect(res.status).toBe(403)
        expect((await errorOf(res)).code).toBe('INSUFFICIENT_PERMISSIONS')
      }
    }
    expect(await storedRow(accountId)).toBeUndefined()
  })

  it('lets an admin manage them', async () => {
    const { accountId, merchant } = await connectedAccount()
    const admin = await t.addMember(accountId, 'admin')
    expect((await saveKeys(t, accountId, admin.token, merchant.keys)).status).toBe(200)
    expect((await t.request(path(accountId), { token: admin.token })).status).toBe(200)
  })
})
