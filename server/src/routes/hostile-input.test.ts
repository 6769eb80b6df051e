import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { startSession, tokenFor, type WidgetAccount, widgetAccount } from './widget/testing'

/**
 * Every endpoint answers malformed or hostile input with a 4xx and the one error
 * shape — never a 500 — whatever a client sends. One table of every route that reads a body or query,
 * then malformed JSON, oversized bodies, wrong content types and fuzzed JSON/query values against all.
 */

interface Target {
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: () => string
  /** Who calls it: a merchant (API key + bearer), a visitor (API key only), a subscriber (widget token). */
  as: 'merchant' | 'visitor' | 'subscriber'
  takesBody: boolean
}

let t: TestContext
let shop: WidgetAccount
let subscriberToken = ''
let sessionId = ''

const acct = (action: string) => () => `/api/account?accountId=${shop.accountId}&action=${action}`
const TARGETS: Target[] = [
  {
    name: 'session bootstrap',
    method: 'POST',
    path: () => '/api/session?action=bootstrap',
    as: 'merchant',
    takesBody: false,
  },
  {
    name: 'session active-account',
    method: 'POST',
    path: () => '/api/session?action=active-account',
    as: 'merchant',
    takesBody: true,
  },
  { name: 'account data', method: 'PUT', path: acct('data'), as: 'merchant', takesBody: true },
  { name: 'accounts create', method: 'POST', path: () => '/api/accounts', as: 'merchant', takesBody: true },
  { name: 'config save', method: 'PUT', path: acct('config'), as: 'merchant', takesBody: true },
  { name: 'reasons save', method: 'POST', path: acct('reasons'), as: 'merchant', takesBody: true },
  { name: 'credentials save', method: 'POST', path: acct('credentials'), as: 'merchant', takesBody: true },
  {
    name: 'coupon create',
    method: 'POST',
    path: () => '/api/stripe/coupons',
    as: 'merchant',
    takesBody: true,
  },
  {
    name: 'oauth start',
    method: 'POST',
    path: () => '/api/stripe/oauth/start',
    as: 'merchant',
    takesBody: true,
  },
  {
    name: 'oauth callback',
    method: 'POST',
    path: () => '/api/stripe/oauth/callback',
    as: 'merchant',
    takesBody: true,
  },
  { name: 'contact', method: 'POST', path: () => '/api/contact', as: 'visitor', takesBody: true },
  { name: 'waitlist', method: 'POST', path: () => '/api/waitlist', as: 'visitor', takesBody: true },
  {
    name: 'widget session start',
    method: 'POST',
    path: () => '/api/widget/sessions',
    as: 'subscriber',
    takesBody: true,
  },
  {
    name: 'widget events',
    method: 'POST',
    path: () => `/api/widget/sessions/${sessionId}/events`,
    as: 'subscriber',
    takesBody: true,
  },
  {
    name: 'widget accept',
    method: 'POST',
    path: () => `/api/widget/sessions/${sessionId}/accept`,
    as: 'subscriber',
    takesBody: true,
  },
  {
    name: 'widget cancel',
    method: 'POST',
    path: () => `/api/widget/sessions/${sessionId}/cancel`,
    as: 'subscriber',
    takesBody: true,
  },
  {
    name: 'widget reactivation',
    method: 'POST',
    path: () => '/api/widget/reactivation',
    as: 'subscriber',
    takesBody: true,
  },
  {
    name: 'widget reactivation accept',
    method: 'POST',
    path: () => '/api/widget/reactivation/accept',
    as: 'subscriber',
    takesBody: true,
  },
]

let visitor = 0
/** Each visitor call comes from its own address, so the contact form's rate limit stays out of the way. */
const visitorAddress = () => `198.51.100.${(visitor++ % 250) + 1}`

function send(target: Target, init: { rawBody?: string; headers?: Record<string, string>; path?: string }) {
  const auth =
    target.as === 'merchant'
      ? { token: shop.ownerToken }
      : target.as === 'visitor'
        ? {}
        : { token: subscriberToken, apiKey: null }
  return t.request(init.path ?? target.path(), {
    method: target.method,
    ...auth,
    ...(init.rawBody !== undefined ? { rawBody: init.rawBody } : {}),
    ...(target.as === 'visitor' ? { peer: visitorAddress() } : {}),
    ...(init.headers ? { headers: init.headers } : {}),
  })
}

async function expectClientError(res: Response, allowed: number[] = []) {
  const text = await res.text()
  if (res.status >= 500) throw new Error(`${res.status}: ${text}`)
  if (allowed.includes(res.status)) return
  expect(res.status).toBeGreaterThanOrEqual(400)
  const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }
  expect(typeof body.error?.code).toBe('string')
  expect(typeof body.error?.message).toBe('string')
}

beforeAll(async () => {
  t = await createTestContext()
  shop = await widgetAccount(t)
  const subscriber = shop.merchant?.customers.activeMonthly
  if (!subscriber) throw new Error('the seeded merchant has no monthly subscriber')
  subscriberToken = await tokenFor(t, shop, subscriber)
  sessionId = (await startSession(t, subscriberToken)).body.sessionId
}, 60_000)
afterAll(() => t.close())

describe('hostile input never causes a 500', () => {
  const withBody = () => TARGETS.filter((target) => target.takesBody)

  it('answers malformed JSON with 400', async () => {
    for (const target of withBody()) {
      for (const rawBody of ['{', '{"a":', 'null x', '\u0000', '[1,2', '"unterminated']) {
        const res = await send(target, { rawBody, headers: { 'content-type': 'application/json' } })
        expect.soft(res.status, `${target.name} with ${JSON.stringify(rawBody)}`).toBe(400)
        await expectClientError(res)
      }
    }
  })

  it('answers an oversized body with 413 before reading it', async () => {
    const rawBody = JSON.stringify({ pad: 'x'.repeat(300 * 1024) })
    for (const target of withBody()) {
      const res = await send(target, { rawBody, headers: { 'content-type': 'application/json' } })
      expect.soft(res.status, target.name).toBe(413)
      await expectClientError(res)
    }
  })

  it('refuses bodies that are not JSON', async () => {
    for (const target of withBody()) {
      const res = await send(target, {
        rawBody: 'name=x&email=y',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      expect.soft([400, 415], target.name).toContain(res.status)
      await expectClientError(res)
    }
  })

  it('answers fuzzed JSON bodies with a 4xx or a success, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withBody()),
        fc.jsonValue({ maxDepth: 3 }),
        async (target, value) => {
          const res = await send(target, {
            rawBody: JSON.stringify(value) ?? 'null',
            headers: { 'content-type': 'application/json' },
          })
          await expectClientError(res, [200, 201, 204])
        },
      ),
      { numRuns: 150 },
    )
  })

  it('answers fuzzed query strings with a 4xx or a success, never a 500', async () => {
    const paths = [
      (v: string) => `/api/account?accountId=${v}&action=data`,
      (v: string) => `/api/account?accountId=${shop.accountId}&action=${v}`,
      (v: string) => `/api/account?accountId=${shop.accountId}&action=config&version=${v}`,
      (v: string) => `/api/analytics?endpoint=${v}&account_id=${shop.accountId}`,
      (v: string) =>
        `/api/analytics?endpoint=save-rate-over-time&account_id=${shop.accountId}&startDate=${v}`,
      (v: string) => `/api/stripe/coupons/${shop.accountId}?limit=${v}`,
      (v: string) => `/api/stripe/coupons/${shop.accountId}?starting_after=${v}`,
      (v: string) => `/api/stripe/plans/${v}`,
      (v: string) => `/api/config/default/${v}`,
      (v: string) => `/api/widget/config/${v}`,
      (v: string) => `/api/session?action=${v}`,
    ]
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.string({ maxLength: 120 }), async (path, value) => {
        const res = await t.request(path(encodeURIComponent(value)), { token: shop.ownerToken })
        await expectClientError(res, [200, 304])
      }),
      { numRuns: 150 },
    )
  })

  it('rejects garbage tokens with 401, not 500', async () => {
    for (const token of ['x', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.', `${'A'.repeat(5000)}.x.y`]) {
      const merchant = await t.request(`/api/account?accountId=${shop.accountId}&action=data`, { token })
      expect(merchant.status).toBe(401)
      const widget = await t.request('/api/widget/sessions', {
        method: 'POST',
        token,
        apiKey: null,
        body: {},
      })
      expect(widget.status).toBe(401)
    }
  })
})
