import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { authRequest } from '../auth/testing'
import {
  errorOf,
  startSession,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './widget/testing'

/**
 * Text PostgreSQL cannot store — a NUL anywhere, or half of a UTF-16 surrogate pair (JSON allows both
 * as escapes, jsonb and text columns refuse them) — is refused at the door with 400 naming the field,
 * instead of reaching the database as a 500. So are malformed percent-escapes in a URL, and a session
 * event whose client time cannot be real (well-formed but impossible: refused on its own, the rest of
 * the batch is kept; a malformed one makes the whole request malformed).
 */

let t: TestContext
let shop: WidgetAccount
let token = ''
beforeAll(async () => {
  t = await createTestContext()
  shop = await widgetAccount(t)
  const subscriber = shop.merchant?.customers.activeMonthly
  if (!subscriber) throw new Error('the seeded merchant has no monthly subscriber')
  token = await tokenFor(t, shop, subscriber)
}, 60_000)
afterAll(() => t.close())

const NUL = '\u0000'
const LONE_HIGH = '\uD83D'
const LONE_LOW = '\uDE00'
const BAD_TEXT = [`Ti${NUL}tle`, `Ti${LONE_HIGH}tle`, `${LONE_LOW}Title`]
const MESSAGE = 'Text contains a character that cannot be stored (a NUL or an unpaired surrogate)'

const account = (action: string) => `/api/account?accountId=${shop.accountId}&action=${action}`

async function expectRefused(res: Response, field: string) {
  expect(res.status, field).toBe(400)
  expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGE, field })
}

describe('text that cannot be stored', () => {
  it('is refused in a config (jsonb) with the path of the field', async () => {
    for (const text of BAD_TEXT) {
      const config = createDefaultConfig()
      config.copy.general.headline = text
      const res = await t.request(account('config'), {
        method: 'PUT',
        token: shop.ownerToken,
        body: { config_json: config },
      })
      await expectRefused(res, 'config_json.copy.general.headline')
    }
    const versions = await t.database.db
      .selectFrom('flow_configs')
      .select('version')
      .where('account_id', '=', shop.accountId)
      .execute()
    expect(versions).toEqual([])
  })

  it('is refused in object keys too', async () => {
    const res = await t.request(account('config'), {
      method: 'PUT',
      token: shop.ownerToken,
      rawBody: `{"config_json": {"copy": {"a\\u0000b": 1}}}`,
    })
    await expectRefused(res, 'config_json.copy')
  })

  it('is refused in reasons, account names, contact messages and feedback', async () => {
    for (const text of BAD_TEXT) {
      const reasons = createDefaultReasons()
      const first = reasons[0]
      if (!first) throw new Error('no default reason')
      first.label = text
      await expectRefused(
        await t.request(account('reasons'), { token: shop.ownerToken, body: { reasons } }),
        'reasons.0.label',
      )
      await expectRefused(
        await t.request(account('data'), { method: 'PUT', token: shop.ownerToken, body: { name: text } }),
        'name',
      )
      await expectRefused(
        await t.request('/api/contact', {
          peer: '192.0.2.60',
          body: { name: text, email: 'a@example.com', message: 'Long enough message.' },
        }),
        'name',
      )
      const { body } = await startSession(t, token)
      await expectRefused(
        await widgetCall(t, `/api/widget/sessions/${body.sessionId}/events`, {
          token,
          body: { events: [{ step: 'feedback_submitted', text }] },
        }),
        'events.0.text',
      )
      await expectRefused(
        await widgetCall(t, `/api/widget/sessions/${body.sessionId}/cancel`, {
          token,
          body: { feedback: text },
        }),
        'feedback',
      )
    }
    const stored = await t.database.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', shop.accountId)
      .executeTakeFirstOrThrow()
    expect(stored.name).toBe('Test Merchant')
  })

  it('is refused by the embedded auth server in its own error shape', async () => {
    const res = await authRequest(t, '/auth/v1/otp', {
      body: { email: 'a@example.com', data: { name: `x${NUL}` } },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'validation_failed', message: `${MESSAGE} (data.name)` })
  })
})

describe('URLs', () => {
  it('answers malformed percent-encoding with 400, never 500', async () => {
    for (const path of [
      '/%ff',
      '/w/%E0%A4%A',
      '/pricing/%C0%AF',
      '/api/account?accountId=%E0%A4%A&action=data',
      '/assets/%',
    ]) {
      const res = await t.request(path, { token: shop.ownerToken })
      expect(res.status, path).toBe(400)
      expect(await errorOf(res)).toMatchObject({
        code: 'INVALID_INPUT',
        message: 'Malformed percent-encoding in the URL',
      })
    }
  })

  it('refuses an encoded NUL or surrogate in a query value, naming the parameter', async () => {
    const nul = await t.request(
      `/api/analytics?endpoint=save-rate-over-time&account_id=${shop.accountId}&startDate=2026%00`,
      {
        token: shop.ownerToken,
      },
    )
    expect(nul.status).toBe(400)
    expect(await errorOf(nul)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: MESSAGE,
      field: 'startDate',
    })
    const surrogate = await t.request('/auth/v1/dev/outbox?to=%ED%A0%80', { peer: '127.0.0.1' })
    expect(surrogate.status).toBe(400)
  })
})

describe('session events with an impossible client time', () => {
  const eventsOf = (sessionId: string) =>
    t.database.db
      .selectFrom('session_events')
      .select(['step', 'offer'])
      .where('session_id', '=', sessionId)
      .orderBy('id')
      .execute()

  it('are refused one by one; the valid events of the batch are stored', async () => {
    const { body } = await startSession(t, token)
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/events`, {
      token,
      body: {
        // A path the session's state machine allows once the refused events are left out.
        events: [
          { step: 'reason_selected', reasonKey: 'too_expensive', at: t.clock.now().toISOString() },
          { step: 'feedback_submitted', text: 'From the year zero', at: '0000-01-01T00:00:00.000Z' },
          { step: 'feedback_submitted', text: 'Costs too much' },
          { step: 'offer_shown', offer: 'discount', at: '9999-12-31T23:59:59Z' },
        ],
      },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      accepted: 2,
      refused: [
        { index: 1, field: 'events.1.at', message: 'Event time is not a plausible time' },
        { index: 3, field: 'events.3.at', message: 'Event time is not a plausible time' },
      ],
    })
    expect(await eventsOf(body.sessionId)).toEqual([
      { step: 'session_started', offer: null },
      { step: 'reason_selected', offer: null },
      { step: 'feedback_submitted', offer: null },
    ])
  })

  it('answer 400 when no event of the batch is left', async () => {
    const { body } = await startSession(t, token)
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/events`, {
      token,
      body: { events: [{ step: 'offer_shown', offer: 'pause', at: '0000-01-01' }] },
    })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'events.0.at' })
    expect(await eventsOf(body.sessionId)).toEqual([{ step: 'session_started', offer: null }])
  })
})
