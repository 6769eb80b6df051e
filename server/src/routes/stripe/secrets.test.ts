import { seedMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { otherSecretBox, saveKeys, stripeOutage } from './test-support'

/**
 * The security bar: a Stripe secret planted through the credentials call never comes back in
 * any response of the Stripe routes (success or failure) nor in any log line, and the database holds
 * only ciphertext that another key cannot open.
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext({
    config: {
      stripe: {
        clientId: 'ca_SecretsTest',
        platformSecretKey: `sk_test_platform${'S'.repeat(30)}`,
        apiBase: null,
      },
    },
  })
  t.stripe.createAccount({
    secretKey: `sk_test_platform${'S'.repeat(30)}`,
    clientId: 'ca_SecretsTest',
    restrictedKeys: [],
  })
})
afterAll(() => t.close())

describe('planted Stripe secrets', () => {
  it('never appear in a response body, a response header or a log line', async () => {
    const { accountId, owner } = await t.createAccount()
    const merchant = await seedMerchant(t.stripe)
    const limited = t.stripe.createAccount({
      restrictedKeys: [{ permissions: { prices: 'none', coupons: 'read', subscriptions: 'none' } }],
    })
    const rejected = `sk_test_${'J'.repeat(40)}`
    const secrets = [merchant.keys.secret, merchant.keys.restricted, limited.restrictedKey ?? '', rejected]
    const seen: string[] = []
    const call = async (path: string, init: Parameters<TestContext['request']>[1] = {}) => {
      const res = await t.request(path, { token: owner.token, ...init })
      seen.push(`${res.status} ${path} ${JSON.stringify([...res.headers])} ${await res.text()}`)
      return res
    }
    const credentials = `/api/account?accountId=${accountId}&action=credentials`
    const post = (secret: string, publishable: string) =>
      call(credentials, {
        method: 'POST',
        body: { gateway: 'stripe', api_key: secret, access_token: publishable },
      })
    const everyRoute = async () => {
      await call(credentials)
      await call(`/api/stripe/plans/${accountId}`)
      await call(`/api/stripe/coupons/${accountId}?limit=5`)
      await call(`/api/stripe/coupons/${accountId}?starting_after=NOPE`)
      await call('/api/stripe/coupons', {
        method: 'POST',
        body: { account_id: accountId, config: { percent_off: 20, duration: 'once' } },
      })
      await call('/api/stripe/coupons', {
        method: 'POST',
        body: {
          account_id: accountId,
          config: { percent_off: 20, duration: 'once', id: merchant.coupons.save20 },
        },
      })
      await call(`/api/stripe/test-connection/${accountId}`, { method: 'POST' })
      await call('/api/stripe/oauth/start', { method: 'POST', body: { account_id: accountId } })
      await call('/api/stripe/oauth/callback', {
        method: 'POST',
        body: { code: 'ac_nope', state: 'q'.repeat(43) },
      })
    }

    // A full secret key, then a restricted key with every permission, then one missing several.
    expect((await post(merchant.keys.secret, merchant.keys.publishable)).status).toBe(200)
    await everyRoute()
    expect((await post(merchant.keys.restricted, merchant.keys.publishable)).status).toBe(200)
    await everyRoute()
    expect((await post(limited.restrictedKey ?? '', limited.publishableKey)).status).toBe(200)
    await everyRoute()
    // Refused keys and a Stripe outage go through the error paths.
    expect((await post(rejected, 'pk_test_abc')).status).toBe(400)
    expect((await post(rejected, 'pk_live_abc')).status).toBe(400)
    const outage = stripeOutage(t, 'network')
    try {
      await post(merchant.keys.secret, merchant.keys.publishable)
      await everyRoute()
    } finally {
      outage.restore()
    }
    await call(credentials, { method: 'DELETE' })

    // The routes did run: successes, Stripe refusals and outages were all answered and logged.
    const statuses = new Set(seen.map((line) => Number(line.slice(0, 3))))
    for (const status of [200, 201, 400, 403, 409, 502]) expect(statuses).toContain(status)
    expect(t.logger.lines.some((line) => line.includes('stripe call failed'))).toBe(true)
    expect(t.logger.lines.some((line) => line.includes('stripe credentials saved'))).toBe(true)

    const responses = seen.join('\n')
    const logs = t.logger.lines.join('\n')
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(20)
      expect(responses).not.toContain(secret)
      expect(logs).not.toContain(secret)
      // Not even the part after the prefix: a key cut in half is still half a key.
      expect(responses).not.toContain(secret.slice(8, 28))
      expect(logs).not.toContain(secret.slice(8, 28))
    }
  })

  it('are stored as ciphertext that only this server key opens', async () => {
    const { accountId, owner } = await t.createAccount()
    const merchant = await seedMerchant(t.stripe)
    await saveKeys(t, accountId, owner.token, merchant.keys)
    const rows = await t.database.db.selectFrom('gateway_credentials').selectAll().execute()
    const dump = JSON.stringify(rows)
    expect(dump).not.toContain(merchant.keys.secret)
    expect(dump).not.toContain(merchant.keys.secret.slice(8))
    const row = rows.find((r) => r.account_id === accountId)
    expect(t.deps.secrets.decrypt(row?.secret_key_ciphertext ?? '')).toBe(merchant.keys.secret)
    expect(() => otherSecretBox().decrypt(row?.secret_key_ciphertext ?? '')).toThrow()
  })
})
