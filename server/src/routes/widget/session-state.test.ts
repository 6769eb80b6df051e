import type { SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
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
 * The session is a state machine kept by the server: an event the session's state does not allow is
 * refused with 409 and stored nowhere, and the number of sessions and events one token can make is
 * bounded (429).
 */
let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

async function open(target: WidgetAccount = account) {
  const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
  const token = await tokenFor(t, target, subscriber)
  const { status, body } = await startSession(t, token)
  expect(status).toBe(201)
  return { token, id: body.sessionId, offers: body.eligibleOffers as string[], ...subscriber }
}

const post = (id: string, token: string, events: unknown[]) =>
  widgetCall(t, `/api/widget/sessions/${id}/events`, { token, body: { events } })

const stepsOf = async (id: string) =>
  (
    await t.database.db
      .selectFrom('session_events')
      .select('step')
      .where('session_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((row) => row.step)

async function saveRateOf(accountId: string, ownerToken: string) {
  const res = await t.request(
    `/api/analytics?endpoint=save-rate-over-time&account_id=${accountId}&period=1month`,
    { token: ownerToken },
  )
  expect(res.status).toBe(200)
  const rows = ((await res.json()) as { data: { cancellations: number; continues: number }[] }).data
  return rows.reduce(
    (sum, row) => ({
      cancellations: sum.cancellations + row.cancellations,
      continues: sum.continues + row.continues,
    }),
    { cancellations: 0, continues: 0 },
  )
}

describe('events the session state refuses (409, not stored)', () => {
  it('50 repeated reason_continue count once', async () => {
    const own = await widgetAccount(t)
    const ownMerchant = own.merchant as SeededMerchant
    const subscriber = await newSubscriber(t, ownMerchant, ownMerchant.prices.proMonthly)
    const ownToken = await tokenFor(t, own, subscriber)
    const { body } = await startSession(t, ownToken)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(body.sessionId, ownToken, [{ step: 'reason_continue' }])),
    )
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((s) => s === 204)).toHaveLength(1)
    expect(statuses.every((s) => s === 204 || s === 409 || s === 429)).toBe(true)
    expect((await stepsOf(body.sessionId)).filter((s) => s === 'reason_continue')).toHaveLength(1)
    expect(await saveRateOf(own.accountId, own.ownerToken)).toEqual({ cancellations: 0, continues: 1 })
  })

  it('a decline of an offer that was never eligible, or never shown, or declined twice', async () => {
    const s = await open()
    expect(s.offers).toContain('discount')
    expect(s.offers).not.toContain('plan_switch')
    const ineligible = await post(s.id, s.token, [
      { step: 'offer_shown', offer: 'plan_switch' },
      { step: 'offer_declined', offer: 'plan_switch' },
    ])
    expect(ineligible.status).toBe(409)
    expect((await errorOf(ineligible)).message).toMatch(/not offered/i)
    const unseen = await post(s.id, s.token, [{ step: 'offer_declined', offer: 'discount' }])
    expect(unseen.status).toBe(409)
    const seen = await post(s.id, s.token, [
      { step: 'offer_shown', offer: 'discount' },
      { step: 'offer_declined', offer: 'discount' },
    ])
    expect(seen.status).toBe(204)
    expect((await post(s.id, s.token, [{ step: 'offer_declined', offer: 'discount' }])).status).toBe(409)
    // Shown again (the subscriber went back), it may be declined again.
    expect(
      (
        await post(s.id, s.token, [
          { step: 'offer_shown', offer: 'discount' },
          { step: 'offer_declined', offer: 'discount' },
        ])
      ).status,
    ).toBe(204)
    expect(await stepsOf(s.id)).toEqual([
      'session_started',
      'offer_shown',
      'offer_declined',
      'offer_shown',
      'offer_declined',
    ])
  })

  it('anything after the end: a reason change after the cancellation, a batch that goes on after stay', async () => {
    const s = await open()
    expect(
      (await post(s.id, s.token, [{ step: 'reason_selected', reasonKey: 'too_expensive' }])).status,
    ).toBe(204)
    const cancel = await widgetCall(t, `/api/widget/sessions/${s.id}/cancel`, { token: s.token, body: {} })
    expect(cancel.status).toBe(200)
    const late = await post(s.id, s.token, [{ step: 'reason_selected', reasonKey: 'other' }])
    expect(late.status).toBe(409)
    expect((await errorOf(late)).message).toMatch(/ended/i)

    const other = await open()
    const batch = await post(other.id, other.token, [
      { step: 'reason_continue' },
      { step: 'reason_selected', reasonKey: 'other' },
    ])
    expect(batch.status).toBe(409)
    // Nothing of a refused batch is kept, not even the events before the refused one.
    expect(await stepsOf(other.id)).toEqual(['session_started'])
    const row = await t.database.db
      .selectFrom('cancel_sessions')
      .select('status')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('open')
  })

  it('a reason the account does not have is refused', async () => {
    const s = await open()
    const res = await post(s.id, s.token, [{ step: 'reason_selected', reasonKey: 'buy_my_crypto' }])
    expect(res.status).toBe(400)
    expect(await stepsOf(s.id)).toEqual(['session_started'])
  })
})

describe('floods (429)', () => {
  it('an event flood on one session stops at the per-session cap; nothing past it is stored', async () => {
    const s = await open()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const events = Array.from({ length: 10 }, (_, j) => ({
        step: 'reason_selected',
        reasonKey: (i * 10 + j) % 2 === 0 ? 'too_expensive' : 'other',
      }))
      statuses.push((await post(s.id, s.token, events)).status)
    }
    expect(statuses.slice(0, 3)).toEqual([204, 204, 204])
    expect(statuses).toContain(429)
    const stored = (await stepsOf(s.id)).length
    expect(stored).toBeLessThanOrEqual(60)
    expect(statuses.slice(statuses.indexOf(429)).every((status) => status === 429)).toBe(true)
  })

  it('one token opens a bounded number of sessions', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push((await startSession(t, token)).status)
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  it('events requests per session are rate-limited', async () => {
    const s = await open()
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) {
      statuses.push(
        (
          await post(s.id, s.token, [
            { step: 'reason_selected', reasonKey: i % 2 === 0 ? 'too_expensive' : 'other' },
          ])
        ).status,
      )
    }
    expect(statuses[0]).toBe(204)
    expect(statuses).toContain(429)
  })

  it('events requests per token are rate-limited across its sessions; a refused call stores nothing', async () => {
    t.clock.set('2026-07-01T10:00:05.000Z')
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await startSession(t, token)).body.sessionId)
    const call = (i: number) =>
      post(ids[i % 3] as string, token, [
        { step: 'reason_selected', reasonKey: Math.floor(i / 3) % 2 === 0 ? 'too_expensive' : 'other' },
      ])
    const statuses: number[] = []
    for (let i = 0; i < 60; i++) statuses.push((await call(i)).status)
    // Twenty calls per session, under its own limit of thirty: only the token's sixty a minute bind.
    expect(statuses).toEqual(Array.from({ length: 60 }, () => 204))
    const stored = async () => (await Promise.all(ids.map(stepsOf))).flat().length
    const before = await stored()
    const refused = await call(60)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('55')
    expect((await errorOf(refused)).code).toBe('RATE_LIMIT_EXCEEDED')
    expect(await stored()).toBe(before)
    // The next minute is a new window.
    t.clock.set('2026-07-01T10:01:00.000Z')
    expect((await call(61)).status).toBe(204)
    expect(await stored()).toBe(before + 1)
  })

  it('calls the state refuses count against the limit too (a flood of late events ends in 429)', async () => {
    t.clock.set('2026-07-01T11:00:00.000Z')
    const s = await open()
    expect((await post(s.id, s.token, [{ step: 'flow_abandoned' }])).status).toBe(204)
    const statuses: number[] = []
    for (let i = 0; i < 31; i++)
      statuses.push((await post(s.id, s.token, [{ step: 'reason_continue' }])).status)
    expect(statuses.slice(0, 29)).toEqual(Array.from({ length: 29 }, () => 409))
    expect(statuses.slice(29)).toEqual([429, 429])
    expect(await stepsOf(s.id)).toEqual(['session_started', 'flow_abandoned'])
  })
})
