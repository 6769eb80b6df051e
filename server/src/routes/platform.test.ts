import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('GET /health', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.request('/health', { apiKey: null })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'ok', database: t.database.kind })
  })
})

describe('GET /runtime-config.json', () => {
  it('gives the console its public settings, which pass the startup rules', async () => {
    const res = await t.request('/runtime-config.json', { apiKey: null })
    const body = (await res.json()) as Record<string, string>
    expect(body.backendUrl).toMatch(/^http/)
    expect(body.apiBaseUrl).toMatch(/^http/)
    expect(body.stripeRedirectUrl).toBe('http://localhost:8787/stripe/callback')
    expect(body.anonKey?.length).toBeGreaterThanOrEqual(20)
    expect(body.apiKey).toBe(t.apiKey)
    expect(body.billingPortalUrl).toBe('http://localhost:8787/settings/?tab=billing')
  })
})

describe('the API key', () => {
  it('refuses /api calls without it or with a wrong one', async () => {
    for (const apiKey of [null, 'wrong-key-wrong-key-wrong-key-wrong']) {
      const res = await t.request('/api/account?accountId=abc&action=data', { apiKey })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'Missing or invalid API key' },
      })
    }
  })
  it('then requires a signed-in user', async () => {
    const res = await t.request('/api/account?accountId=abc&action=data')
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED')
  })
  it('rejects a forged bearer token', async () => {
    const res = await t.request('/api/account?accountId=abc&action=data', {
      token: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
    })
    expect(res.status).toBe(401)
  })
})

describe('/api/account dispatch', () => {
  it('validates the account id first, with the spec message', async () => {
    const { token } = await t.signIn()
    const res = await t.request('/api/account?accountId=bad%20id&action=data', { token })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { code: string; message: string; field: string } }
    expect(body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Account ID can only contain letters, numbers, hyphens, and underscores',
      field: 'accountId',
    })
  })
  it('answers an unknown action with 400', async () => {
    const { token } = await t.signIn()
    const res = await t.request('/api/account?accountId=abc&action=explode', { token })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe('action')
  })
  it('refuses a non-member, whether the account exists or not', async () => {
    const { accountId } = await t.createAccount()
    const stranger = await t.signIn()
    for (const id of [accountId, 'no-such-account']) {
      const res = await t.request(`/api/account?accountId=${id}&action=config`, { token: stranger.token })
      expect([403, 405]).toContain(res.status)
    }
  })
  it('answers an oversized body with 413', async () => {
    const { token } = await t.signIn()
    const res = await t.request('/api/account?accountId=abc&action=config', {
      method: 'PUT',
      token,
      rawBody: JSON.stringify({ pad: 'x'.repeat(200 * 1024) }),
    })
    expect(res.status).toBe(413)
  })
})

describe('unknown paths', () => {
  it('answer JSON 404 under /api', async () => {
    const res = await t.request('/api/nothing-here')
    expect(res.status).toBe(404)
  })
  it('answer the not-found page with HTTP 404 elsewhere', async () => {
    const res = await t.request('/definitely/not/a/page/', { apiKey: null })
    expect(res.status).toBe(404)
  })
})
