import { createHash } from 'node:crypto'
import { createStripeClient, seedMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { maskSecret } from '../../services/secret-box'
import { body, errorOf, otherSecretBox, saveKeys, storeKeyUnchecked } from './test-support'

const CLIENT_ID = 'ca_RetainkitPlatformTest'
const PLATFORM_KEY = `sk_test_platform${'P'.repeat(30)}`
const EXPIRED = 'This connection link has expired. Start again from Settings.'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext({
    config: { stripe: { clientId: CLIENT_ID, platformSecretKey: PLATFORM_KEY, apiBase: null } },
  })
  t.stripe.createAccount({
    businessName: 'Retainkit',
    secretKey: PLATFORM_KEY,
    clientId: CLIENT_ID,
    restrictedKeys: [],
  })
})
afterAll(() => t.close())

const testConnection = (accountId: string, token: string) =>
  t.request(`/api/stripe/test-connection/${accountId}`, { method: 'POST', token })

async function credentialsRow(accountId: string) {
  return t.database.db
    .selectFrom('gateway_credentials')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst()
}

describe('POST /api/stripe/test-connection/{accountId}', () => {
  it('answers ok with the Stripe account and records the test', async () => {
    const { accountId, owner } = await t.createAccount()
    const merchant = await t.connectStripe(accountId)
    t.clock.advance(60_000)
    const res = await testConnection(accountId, owner.token)
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({
      data: { ok: true, account: { id: merchant.account, name: 'Acme Cloud' }, livemode: false },
    })
    expect(await credentialsRow(accountId)).toMatchObject({
      last_test_ok: true,
      last_tested_at: t.clock.now(),
    })
  })

  it('answers ok: false with what to fix, and records the failure', async () => {
    const { accountId, owner } = await t.createAccount()
    const keys = t.stripe.createAccount({ restrictedKeys: [{ permissions: { subscriptions: 'none' } }] })
    await saveKeys(t, accountId, owner.token, {
      secret: keys.restrictedKey ?? '',
      publishable: keys.publishableKey,
    })
    const res = await testConnection(accountId, owner.token)
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({
      data: { ok: false, message: 'Your restricted key needs read access to Subscriptions.' },
    })
    expect(await credentialsRow(accountId)).toMatchObject({ last_test_ok: false })

    const revoked = await t.createAccount()
    await storeKeyUnchecked(t, revoked.accountId, `sk_test_${'Z'.repeat(40)}`)
    const rejected = await testConnection(revoked.accountId, revoked.owner.token)
    expect(await body(rejected)).toEqual({
      data: {
        ok: false,
        message:
          'Stripe rejected the stored key (it may have been rolled or revoked). Reconnect Stripe in Settings.',
      },
    })
    expect(await credentialsRow(revoked.accountId)).toMatchObject({
      last_test_ok: false,
      last_tested_at: t.clock.now(),
    })
  })

  it('asks to connect first, and is for credential managers only', async () => {
    const { accountId, owner } = await t.createAccount()
    const none = await testConnection(accountId, owner.token)
    expect(none.status).toBe(422)
    await t.connectStripe(accountId)
    for (const role of ['editor', 'viewer'] as const) {
      const member = await t.addMember(accountId, role)
      const res = await testConnection(accountId, member.token)
      expect(res.status).toBe(403)
      expect((await errorOf(res)).code).toBe('INSUFFICIENT_PERMISSIONS')
    }
    const stranger = await t.signIn()
    expect((await testConnection(accountId, stranger.token)).status).toBe(403)
    expect((await testConnection('bad%20id', owner.token)).status).toBe(400)
    expect(await credentialsRow(accountId)).toMatchObject({ last_tested_at: null })
  })
})

async function start(accountId: string, token: string) {
  const res = await t.request('/api/stripe/oauth/start', {
    method: 'POST',
    token,
    body: { account_id: accountId },
  })
  return {
    res,
    url: res.status === 200 ? new URL((await body<{ data: { url: string } }>(res)).data.url) : null,
  }
}

/**
 * What the merchant's browser does on Stripe's consent page: pick the account, press Connect. Answers
 * the redirect back to /stripe/callback, whose `code` and `state` the console posts to our callback.
 */
async function consentRedirect(url: URL, stripeAccountId: string) {
  const page = await t.stripe.fetch(url.toString())
  expect(await page.text()).toContain('<h1>Connect to Retainkit</h1>')
  const res = await t.stripe.fetch(new URL('/oauth/authorize', url).toString(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: url.searchParams.get('client_id') ?? '',
      redirect_uri: url.searchParams.get('redirect_uri') ?? '',
      scope: url.searchParams.get('scope') ?? '',
      state: url.searchParams.get('state') ?? '',
      account: stripeAccountId,
      decision: 'connect',
    }).toString(),
    redirect: 'manual',
  })
  return new URL(res.headers.get('location') ?? '')
}

async function consent(url: URL, stripeAccountId: string) {
  const back = await consentRedirect(url, stripeAccountId)
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' }
}

const callback = (token: string, payload: unknown) =>
  t.request('/api/stripe/oauth/callback', { method: 'POST', token, body: payload })

describe('Stripe Connect OAuth', () => {
  it('start answers the authorize URL and stores only a hash of the state', async () => {
    const { accountId, owner } = await t.createAccount()
    const { res, url } = await start(accountId, owner.token)
    expect(res.status).toBe(200)
    expect(`${url?.origin}${url?.pathname}`).toBe('https://connect.stripe.com/oauth/authorize')
    const state = url?.searchParams.get('state') ?? ''
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      scope: 'read_write',
      state,
      redirect_uri: 'http://localhost:8787/stripe/callback',
    })
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const rows = await t.database.db
      .selectFrom('stripe_oauth_states')
      .selectAll()
      .where('account_id', '=', accountId)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.state).toBe(createHash('sha256').update(state).digest('hex'))
    expect(rows[0]?.user_id).toBe(owner.userId)
  })

  it('connects end to end: consent page, code, callback, encrypted tokens, working Stripe calls', async () => {
    const { accountId, owner } = await t.createAccount()
    const merchant = await seedMerchant(t.stripe)
    const { url } = await start(accountId, owner.token)
    const back = await consentRedirect(url as URL, merchant.account)
    const code = back.searchParams.get('code') ?? ''
    const state = back.searchParams.get('state') ?? ''
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:8787/stripe/callback')
    const res = await callback(owner.token, { code, state })
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({
      data: { account_id: accountId, connected: true, stripe_account_id: merchant.account },
    })
    const token = t.stripe.requests.find((r) => r.path === '/oauth/token' && r.params.code === code)
    const issued = token?.response as { access_token: string; refresh_token: string }
    expect(issued.access_token).toMatch(/^sk_test_/)

    const view = await body<{ data: Record<string, unknown> }>(
      await t.request(`/api/account?accountId=${accountId}&action=credentials`, { token: owner.token }),
    )
    expect(view.data).toMatchObject({
      connected: true,
      connected_via: 'oauth',
      api_key: maskSecret(issued.access_token),
      access_token: merchant.keys.publishable,
      stripe_account_id: merchant.account,
      livemode: false,
    })
    const row = await credentialsRow(accountId)
    expect(JSON.stringify(row)).not.toContain(issued.access_token)
    expect(JSON.stringify(row)).not.toContain(issued.refresh_token)
    expect(t.deps.secrets.decrypt(row?.secret_key_ciphertext ?? '')).toBe(issued.access_token)
    expect(t.deps.secrets.decrypt(row?.refresh_token_ciphertext ?? '')).toBe(issued.refresh_token)
    expect(() => otherSecretBox().decrypt(row?.refresh_token_ciphertext ?? '')).toThrow()

    // The stored token acts as the connected account.
    const plans = await body<{ data: Array<{ id: string }> }>(
      await t.request(`/api/stripe/plans/${accountId}`, { token: owner.token }),
    )
    expect(plans.data.map((p) => p.id)).toContain(merchant.prices.proMonthly)

    // Connecting imports the account's past cancellations too (its one churned subscriber), apart from sessions.
    await t.deps.background.idle()
    const past = await t.database.db
      .selectFrom('past_cancellations')
      .select(['subscription_id', 'feedback', 'comment'])
      .where('account_id', '=', accountId)
      .execute()
    expect(past).toEqual([
      {
        subscription_id: merchant.customers.churned.subscriptionId,
        feedback: 'too_expensive',
        comment: 'Found something cheaper',
      },
    ])
  })

  it('accepts a state once, for its own user, within 15 minutes', async () => {
    const { accountId, owner } = await t.createAccount()
    const merchant = await seedMerchant(t.stripe)
    const other = await t.addMember(accountId, 'admin')

    const first = await consent((await start(accountId, owner.token)).url as URL, merchant.account)
    const stolen = await callback(other.token, first)
    expect(stolen.status).toBe(400)
    expect(await errorOf(stolen)).toEqual({ code: 'INVALID_INPUT', message: EXPIRED, field: 'state' })
    expect((await callback(owner.token, first)).status).toBe(200)
    const replay = await callback(owner.token, first)
    expect(replay.status).toBe(400)
    expect((await errorOf(replay)).message).toBe(EXPIRED)

    const late = await consent((await start(accountId, owner.token)).url as URL, merchant.account)
    t.clock.advance(15 * 60 * 1000 + 1000)
    const expired = await callback(owner.token, late)
    expect(expired.status).toBe(400)
    expect((await errorOf(expired)).message).toBe(EXPIRED)

    const unknown = await callback(owner.token, { code: 'ac_x', state: 'n'.repeat(43) })
    expect((await errorOf(unknown)).message).toBe(EXPIRED)
  })

  it('answers a code Stripe refuses with a clear 400', async () => {
    const { accountId, owner } = await t.createAccount()
    const { url } = await start(accountId, owner.token)
    const res = await callback(owner.token, { code: 'ac_unknown', state: url?.searchParams.get('state') })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({
      code: 'INVALID_INPUT',
      message:
        'Stripe did not accept this authorization (it expired or was already used). Start again from Settings.',
      field: 'code',
    })
    expect(await credentialsRow(accountId)).toBeUndefined()
  })

  it('re-checks the role at the callback', async () => {
    const { accountId } = await t.createAccount()
    const merchant = await seedMerchant(t.stripe)
    const admin = await t.addMember(accountId, 'admin')
    const grant = await consent((await start(accountId, admin.token)).url as URL, merchant.account)
    await t.addMember(accountId, 'viewer', admin.email)
    const res = await callback(admin.token, grant)
    expect(res.status).toBe(403)
    expect(await credentialsRow(accountId)).toBeUndefined()
  })

  it('validates bodies and who may start', async () => {
    const { accountId, owner } = await t.createAccount()
    for (const [payload, field, message] of [
      [{ state: 'x'.repeat(43) }, 'code', 'Invalid authorization code'],
      [{ code: 'ac 1', state: 'x'.repeat(43) }, 'code', 'Invalid authorization code'],
      [{ code: 'ac_1', state: '<script>' }, 'state', 'Invalid state'],
    ] as const) {
      const res = await callback(owner.token, payload)
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field, message })
    }
    const missing = await t.request('/api/stripe/oauth/start', {
      method: 'POST',
      token: owner.token,
      body: {},
    })
    expect(await errorOf(missing)).toMatchObject({ field: 'account_id', message: 'Account ID is required' })
    for (const role of ['editor', 'viewer'] as const) {
      const member = await t.addMember(accountId, role)
      const res = await start(accountId, member.token)
      expect(res.res.status).toBe(403)
    }
    const stranger = await t.signIn()
    const outsider = await start(accountId, stranger.token)
    expect(outsider.res.status).toBe(403)
    expect((await errorOf(outsider.res)).code).toBe('FORBIDDEN')
  })

  it('disconnecting an OAuth connection revokes the grant on Stripe', async () => {
    const { accountId, owner } = await t.createAccount()
    const merchant = await seedMerchant(t.stripe)
    const grant = await consent((await start(accountId, owner.token)).url as URL, merchant.account)
    await callback(owner.token, grant)
    // The connect starts a backfill in the background; let it finish so its reads cannot
    // interleave with (and be mistaken for) the revocation below.
    await t.deps.background.idle()
    const accessToken = t.deps.secrets.decrypt((await credentialsRow(accountId))?.secret_key_ciphertext ?? '')
    const before = t.stripe.requests.length
    const res = await t.request(`/api/account?accountId=${accountId}&action=credentials`, {
      method: 'DELETE',
      token: owner.token,
    })
    expect(res.status).toBe(200)
    const revocations = t.stripe.requests
      .slice(before)
      .filter((request) => request.path === '/oauth/deauthorize')
    expect(revocations).toHaveLength(1)
    expect(revocations[0]).toMatchObject({ status: 200 })
    expect(revocations[0]?.params).toMatchObject({
      client_id: CLIENT_ID,
      stripe_user_id: merchant.account,
    })
    await expect(createStripeClient(t.stripe, accessToken).customers.list()).rejects.toMatchObject({
      statusCode: 401,
    })
    expect(await credentialsRow(accountId)).toBeUndefined()
  })
})

describe('replacing an OAuth connection', () => {
  async function connectByOAuth(accountId: string, token: string, stripeAccountId: string) {
    const grant = await consent((await start(accountId, token)).url as URL, stripeAccountId)
    expect((await callback(token, grant)).status).toBe(200)
    return t.deps.secrets.decrypt((await credentialsRow(accountId))?.secret_key_ciphertext ?? '')
  }
  const deauthorizations = (from: number) =>
    t.stripe.requests.slice(from).filter((request) => request.path === '/oauth/deauthorize')

  it('pasting keys revokes the old grant on Stripe, once the keys are stored', async () => {
    const { accountId, owner } = await t.createAccount()
    const merchant = await seedMerchant(t.stripe)
    const oldToken = await connectByOAuth(accountId, owner.token, merchant.account)
    const before = t.stripe.requests.length
    const res = await saveKeys(t, accountId, owner.token, merchant.keys)
    expect(res.status).toBe(200)
    expect(deauthorizations(before)).toEqual([
      expect.objectContaining({
        status: 200,
        params: { client_id: CLIENT_ID, stripe_user_id: merchant.account },
      }),
    ])
    await expect(createStripeClient(t.stripe, oldToken).customers.list()).rejects.toMatchObject({
      statusCode: 401,
    })
    // The pasted key works and is what is stored now.
    expect(await credentialsRow(accountId)).toMatchObject({
      connected_via: 'key',
      stripe_account_id: merchant.account,
    })
    expect(
      (await createStripeClient(t.stripe, merchant.keys.secret).customers.list()).data.length,
    ).toBeGreaterThan(0)
  })

  it('connecting another Stripe account revokes the first grant; reconnecting the same one keeps it', async () => {
    const { accountId, owner } = await t.createAccount()
    const first = await seedMerchant(t.stripe)
    const second = await seedMerchant(t.stripe)
    await connectByOAuth(accountId, owner.token, first.account)

    let before = t.stripe.requests.length
    const again = await connectByOAuth(accountId, owner.token, first.account)
    expect(deauthorizations(before)).toEqual([])
    expect((await createStripeClient(t.stripe, again).customers.list()).data.length).toBeGreaterThan(0)

    before = t.stripe.requests.length
    await connectByOAuth(accountId, owner.token, second.account)
    expect(deauthorizations(before)).toEqual([
      expect.objectContaining({
        status: 200,
        params: { client_id: CLIENT_ID, stripe_user_id: first.account },
      }),
    ])
  })

  it('a key that Stripe refuses leaves the OAuth connection and its grant alone', async () => {
    const { accountId, owner } = await t.createAccount()
    const merchant = await seedMerchant(t.stripe)
    const token = await connectByOAuth(accountId, owner.token, merchant.account)
    const before = t.stripe.requests.length
    const res = await saveKeys(t, accountId, owner.token, {
      secret: `sk_test_${'N'.repeat(40)}`,
      publishable: merchant.keys.publishable,
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(deauthorizations(before)).toEqual([])
    expect(await credentialsRow(accountId)).toMatchObject({ connected_via: 'oauth' })
    expect((await createStripeClient(t.stripe, token).customers.list()).data.length).toBeGreaterThan(0)
  })
})

describe('Stripe Connect not configured', () => {
  it('start answers 503, and the authorize URL follows STRIPE_API_BASE when set', async () => {
    const saved = t.deps.config.stripe
    const { accountId, owner } = await t.createAccount()
    try {
      t.deps.config.stripe = { clientId: null, platformSecretKey: null, apiBase: null }
      const res = (await start(accountId, owner.token)).res
      expect(res.status).toBe(503)
      expect(await errorOf(res)).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Stripe Connect is not configured on this server',
      })
      t.deps.config.stripe = { ...saved, apiBase: 'http://127.0.0.1:12111' }
      const { url } = await start(accountId, owner.token)
      expect(`${url?.origin}${url?.pathname}`).toBe('http://127.0.0.1:12111/oauth/authorize')
    } finally {
      t.deps.config.stripe = saved
    }
  })
})
