import type { SeededMerchant } from '@retainkit/fakes/stripe'
import type { RouteResponse, SessionStartResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { ROUTES_PER_TOKEN } from './route'
import { flowTitled, putSegments } from './segments-testing'
import {
  errorOf,
  newSubscriber,
  startSession,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/**
 * Issue 34: with segments on, the widget waited for the session before drawing anything. The route
 * call answers, before the click, what a session of this subscriber would show — decided exactly as
 * the session start decides it — without starting or counting one.
 */
type Started = Extract<SessionStartResponse, { fallback: false }>

let t: TestContext
let account: WidgetAccount
let m: SeededMerchant

beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
  const { status } = await putSegments(t, account.accountId, account.ownerToken, [
    {
      name: 'Annual plans',
      enabled: true,
      rule: {
        match: 'all',
        conditions: [{ attribute: 'billing_interval', operator: 'equals', value: 'year' }],
      },
      config_json: flowTitled('Annual: before you go'),
    },
  ])
  expect(status).toBe(200)
})
afterAll(() => t.close())

const route = async (token: string, body: unknown = {}) => {
  const res = await widgetCall(t, '/api/widget/route', { token, body })
  return { status: res.status, res, body: (await res.clone().json()) as RouteResponse }
}
const sessionCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('cancel_sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('POST /api/widget/route', () => {
  it("answers the segment's flow, plan, words and mode exactly as the session start then does, starting nothing", async () => {
    const annual = await newSubscriber(t, m, m.prices.proAnnual)
    const token = await tokenFor(t, account, annual, { country: 'US', state: 'MN', locale: 'fr' })
    const before = await sessionCount()
    const routed = await route(token)
    expect(routed.status).toBe(200)
    expect(routed.res.headers.get('cache-control')).toContain('no-store')
    expect(routed.body.flow?.config.copy.general.headline).toBe('Annual: before you go')
    expect(routed.body.jurisdiction.mode).toBe('offers_after_cancel')
    expect(await sessionCount()).toBe(before)

    const started = (await startSession(t, token)).body as unknown as Started
    for (const key of ['flow', 'plan', 'words', 'jurisdiction', 'statutory', 'afterCancel'] as const) {
      expect(routed.body[key], key).toEqual(started[key])
    }
  })

  it('gives everyone else the default flow (no flow in the answer), in their mode', async () => {
    const plain = await newSubscriber(t, m, m.prices.proMonthly)
    const routed = await route(await tokenFor(t, account, plain, { country: 'DE', locale: 'de' }))
    expect(routed.status).toBe(200)
    expect(routed.body.flow).toBeUndefined()
    expect(routed.body.jurisdiction.mode).toBe('statutory_button')
    expect(routed.body.statutory?.lang).toBe('de')
  })

  it('refuses a missing token, a body that chooses a segment, and too many asks per token', async () => {
    const res = await widgetCall(t, '/api/widget/route', { body: {} })
    expect(res.status).toBe(401)
    const plain = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, plain)
    const chosen = await route(token, { segment: 'Annual plans' })
    expect(chosen.status).toBe(400)
    for (let i = 0; i < ROUTES_PER_TOKEN; i++) expect((await route(token)).status).toBe(200)
    const limited = await route(token)
    expect(limited.status).toBe(429)
    expect((await errorOf(limited.res)).code).toBe('RATE_LIMIT_EXCEEDED')
  })
})
