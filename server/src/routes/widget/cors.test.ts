import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { errorOf, tokenFor, type WidgetAccount, widgetAccount, widgetCall } from './testing'

let t: TestContext
let account: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t, { stripe: false, domain: 'corsshop.example' })
})
afterAll(() => t.close())

const sessionsCount = async () =>
  (
    await t.database.db
      .selectFrom('cancel_sessions')
      .select('id')
      .where('account_id', '=', account.accountId)
      .execute()
  ).length

async function startFrom(origin: string | null, claims: { mode?: 'live' | 'test' } = {}) {
  const token = await tokenFor(t, account, 'cus_cors1', claims)
  return widgetCall(t, '/api/widget/sessions', { token, body: {}, headers: origin ? { origin } : {} })
}

describe('CORS on the widget API calls', () => {
  it("allows the account's domain: Access-Control-Allow-Origin echoes it, Vary: Origin, no credentials", async () => {
    for (const origin of [
      'https://corsshop.example',
      'https://www.corsshop.example',
      'https://billing.corsshop.example',
    ]) {
      const res = await startFrom(origin)
      expect(res.status).toBe(201)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('vary')).toContain('Origin')
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('refuses another origin with 403 and no CORS headers, before anything is written', async () => {
    const before = await sessionsCount()
    for (const origin of ['https://evil.example', 'http://corsshop.example', 'http://localhost:3000']) {
      const res = await startFrom(origin)
      expect(res.status).toBe(403)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(await errorOf(res)).toEqual({
        code: 'FORBIDDEN',
        message: 'This website is not allowed to use the widget for this account.',
      })
    }
    expect(await sessionsCount()).toBe(before)
  })

  it('allows localhost and 127.0.0.1 for test-mode tokens', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8788']) {
      const res = await startFrom(origin, { mode: 'test' })
      expect(res.status).toBe(201)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
    }
  })

  it('lets calls without an Origin through (servers, tests), without CORS headers', async () => {
    const res = await startFrom(null)
    expect(res.status).toBe(201)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.headers.get('vary')).toContain('Origin')
  })

  it('puts CORS headers on a token error for an allowed origin, so the widget can read it', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000)
    const expired = await tokenFor(t, account, 'cus_cors1', { iat: now - 600, exp: now - 1 })
    const res = await widgetCall(t, '/api/widget/sessions', {
      token: expired,
      body: {},
      headers: { origin: 'https://corsshop.example' },
    })
    expect(res.status).toBe(401)
    expect((await errorOf(res)).code).toBe('TOKEN_EXPIRED')
    expect(res.headers.get('access-control-allow-origin')).toBe('https://corsshop.example')
    const fromElsewhere = await widgetCall(t, '/api/widget/sessions', {
      token: expired,
      body: {},
      headers: { origin: 'https://evil.example' },
    })
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('preflight', () => {
  const preflight = (path: string, origin?: string) =>
    widgetCall(t, path, {
      method: 'OPTIONS',
      headers: {
        ...(origin ? { origin } : {}),
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })

  it('answers for an origin some account allows, with methods, headers and max-age', async () => {
    for (const path of [
      '/api/widget/sessions',
      '/api/widget/sessions/cs_abcdefghijklmnopqrstuv/accept',
      '/api/widget/reactivation/accept',
    ]) {
      const res = await preflight(path, 'https://app.corsshop.example')
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe('https://app.corsshop.example')
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST')
      expect(res.headers.get('access-control-allow-headers')).toBe(
        'authorization, content-type, idempotency-key',
      )
      expect(res.headers.get('access-control-max-age')).toBe('600')
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
      expect(res.headers.get('vary')).toContain('Origin')
    }
  })

  it('answers localhost (test mode is checked on the real call)', async () => {
    const res = await preflight('/api/widget/sessions', 'http://localhost:3000')
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
  })

  it('refuses an origin no account allows: 403 without CORS headers', async () => {
    for (const origin of [
      'https://unknown-shop.example',
      'http://corsshop.example',
      'https://corsshop.example:444',
    ]) {
      const res = await preflight('/api/widget/sessions', origin)
      expect(res.status).toBe(403)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(res.headers.get('access-control-allow-methods')).toBeNull()
    }
  })
})
