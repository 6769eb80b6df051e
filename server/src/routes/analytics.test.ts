import { ANALYTICS_ENDPOINTS } from '@retainkit/shared/analytics-endpoints'
import { savedRevenueData } from '@retainkit/shared/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { insertEvents, insertSaves, insertSessions } from '../services/analytics/test-fixtures'

/**
 * Each data set's exact output on a hand-built set of events. The range is
 * March–May 2026 (UTC); events just outside it, another account's events inside it, and a test-mode
 * session's events and save (a merchant trying the widget) must not count; `mode=test` counts only those.
 */
let t: TestContext
let token: string
const ACCOUNT = 'analytics-main'
const OTHER = 'analytics-other'

beforeAll(async () => {
  t = await createTestContext()
  const { owner } = await t.createAccount({ id: ACCOUNT, tier: 'pro' })
  token = owner.token
  await t.createAccount({ id: OTHER, tier: 'pro' })
  const db = t.database.db
  await insertSessions(db, ACCOUNT, ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9', 's10', 's11'])
  await insertSessions(db, OTHER, ['x1', 'x2'])
  await insertSessions(db, ACCOUNT, ['t1', 't2', 't3'], 'test')
  await insertEvents(db, ACCOUNT, [
    // s1 changes their mind: counted once, as the LAST reason chosen.
    { session: 's1', step: 'session_started', at: '2026-03-10T09:00:00Z' },
    { session: 's1', step: 'reason_selected', reason: 'too_expensive', at: '2026-03-10T09:00:10Z' },
    { session: 's1', step: 'reason_selected', reason: 'other', at: '2026-03-10T09:01:00Z' },
    {
      session: 's1',
      step: 'feedback_submitted',
      text: 'Too expensive! The price went up again.',
      at: '2026-03-10T09:02:00Z',
    },
    { session: 's1', step: 'cancel_completed', at: '2026-03-10T09:03:00Z' },
    // s2 chooses in the last microsecond of March and cancels on the first instant of April.
    { session: 's2', step: 'reason_selected', reason: 'too_expensive', at: '2026-03-31T23:59:59.999999Z' },
    { session: 's2', step: 'cancel_completed', at: '2026-04-01T00:00:00Z' },
    // s3 accepts a discount.
    { session: 's3', step: 'reason_selected', reason: 'too_expensive', at: '2026-04-05T10:00:00Z' },
    { session: 's3', step: 'offer_shown', offer: 'discount', at: '2026-04-05T10:00:05Z' },
    { session: 's3', step: 'offer_accepted', offer: 'discount', at: '2026-04-05T10:00:09Z' },
    // s4 declines the discount and cancels.
    { session: 's4', step: 'reason_selected', reason: 'too_expensive', at: '2026-05-20T10:00:00Z' },
    {
      session: 's4',
      step: 'feedback_submitted',
      text: "The price is too high; I can't afford the PRICE.",
      at: '2026-05-20T10:00:30Z',
    },
    { session: 's4', step: 'offer_declined', offer: 'discount', at: '2026-05-20T10:01:00Z' },
    { session: 's4', step: 'cancel_completed', at: '2026-05-20T10:02:00Z' },
    // s5 pauses.
    { session: 's5', step: 'reason_selected', reason: 'not_using_enough', at: '2026-05-21T08:00:00Z' },
    { session: 's5', step: 'offer_accepted', offer: 'pause', at: '2026-05-21T08:00:20Z' },
    // s6 stays.
    { session: 's6', step: 'reason_selected', reason: 'not_using_enough', at: '2026-04-02T12:00:00Z' },
    { session: 's6', step: 'reason_continue', at: '2026-04-02T12:00:30Z' },
    // s7 declines a billing-cycle switch (named as the config names the offer) and cancels.
    { session: 's7', step: 'reason_selected', reason: 'missing_features', at: '2026-05-02T12:00:00Z' },
    { session: 's7', step: 'offer_declined', offer: 'billing_cycle_switch', at: '2026-05-02T12:00:10Z' },
    { session: 's7', step: 'cancel_completed', at: '2026-05-02T12:00:20Z' },
    // Outside the range: the last second of February and the first instant of June.
    { session: 's8', step: 'reason_selected', reason: 'too_expensive', at: '2026-02-28T23:59:59Z' },
    { session: 's8', step: 'feedback_submitted', text: 'price price price', at: '2026-02-28T23:59:59Z' },
    { session: 's8', step: 'cancel_completed', at: '2026-02-28T23:59:59Z' },
    { session: 's9', step: 'reason_selected', reason: 'too_expensive', at: '2026-06-01T00:00:00Z' },
    { session: 's9', step: 'offer_accepted', offer: 'discount', at: '2026-06-01T00:00:01Z' },
    // s10's February choice is outside the range; inside it, its last choice is 'other'.
    { session: 's10', step: 'reason_selected', reason: 'too_expensive', at: '2026-02-20T10:00:00Z' },
    { session: 's10', step: 'reason_selected', reason: 'other', at: '2026-03-02T10:00:00Z' },
    // s11 keeps their subscription in the last microsecond of May, without picking a reason.
    { session: 's11', step: 'reason_continue', at: '2026-05-31T23:59:59.999999Z' },
    // Another account, inside the range: never counted here.
    {
      account: OTHER,
      session: 'x1',
      step: 'reason_selected',
      reason: 'too_expensive',
      at: '2026-04-01T10:00:00Z',
    },
    { account: OTHER, session: 'x1', step: 'feedback_submitted', text: 'price', at: '2026-04-01T10:00:00Z' },
    { account: OTHER, session: 'x1', step: 'cancel_completed', at: '2026-04-01T10:00:00Z' },
    { account: OTHER, session: 'x2', step: 'offer_accepted', offer: 'pause', at: '2026-04-01T10:00:00Z' },
    // Test-mode sessions inside the range, with a step of every kind the dashboards count (each
    // session ends once: accepted, kept or cancelled).
    { session: 't1', step: 'session_started', at: '2026-04-03T10:00:00Z' },
    { session: 't1', step: 'reason_selected', reason: 'missing_features', at: '2026-04-03T10:00:01Z' },
    { session: 't1', step: 'feedback_submitted', text: 'Rehearsal rehearsal!', at: '2026-04-03T10:00:02Z' },
    { session: 't1', step: 'offer_declined', offer: 'pause', at: '2026-04-03T10:00:03Z' },
    { session: 't1', step: 'offer_accepted', offer: 'discount', at: '2026-04-03T10:00:04Z' },
    { session: 't2', step: 'reason_continue', at: '2026-04-03T10:00:05Z' },
    { session: 't3', step: 'cancel_completed', at: '2026-04-03T10:00:06Z' },
  ])
  await insertSaves(db, ACCOUNT, [
    { session: 's3', mechanism: 'discount', mrrBefore: 3000, mrrAfter: 2400, at: '2026-04-05T10:00:09Z' },
    { session: 's5', mechanism: 'pause', mrrBefore: 3000, mrrAfter: 3000, at: '2026-05-21T08:00:20Z' },
    {
      mechanism: 'plan_switch',
      mrrBefore: 3000,
      mrrAfter: 1800,
      at: '2026-05-31T23:59:59.999Z',
      currency: 'USD',
    },
    // In its own currency: counted beside the dollars, never added to them.
    { mechanism: 'discount', mrrAfter: 999, at: '2026-04-10T10:00:00Z', currency: 'eur' },
    // Not counted: a banner win-back, one outside the range, another account's.
    { mechanism: 'reactivation', mrrAfter: 4500, at: '2026-05-10T10:00:00Z' },
    { mechanism: 'discount', mrrAfter: 5000, at: '2026-02-28T23:59:59Z' },
    { account: OTHER, mechanism: 'pause', mrrAfter: 7000, at: '2026-04-01T10:00:00Z' },
    {
      session: 't1',
      mechanism: 'discount',
      mrrBefore: 3000,
      mrrAfter: 2400,
      at: '2026-04-03T10:00:04Z',
      currency: 'usd',
    },
  ])
})
afterAll(() => t.close())

async function analytics(endpoint: string, query = '&startDate=2026-03-01&endDate=2026-05-31') {
  const res = await t.request(`/api/analytics?endpoint=${endpoint}&account_id=${ACCOUNT}${query}`, { token })
  const body = (await res.json()) as { data: unknown; meta?: unknown; error?: unknown }
  return { status: res.status, body, cacheControl: res.headers.get('cache-control') }
}

describe('cancellation-reasons', () => {
  it("counts sessions by their last reason in the range, most common first, with each reason's share", async () => {
    const { status, body, cacheControl } = await analytics('cancellation-reasons')
    expect(status).toBe(200)
    expect(cacheControl).toBe('no-store')
    expect(body).toEqual({
      data: [
        { reason_key: 'too_expensive', count: 3, share: 37.5 },
        { reason_key: 'not_using_enough', count: 2, share: 25 },
        { reason_key: 'other', count: 2, share: 25 },
        { reason_key: 'missing_features', count: 1, share: 12.5 },
      ],
    })
  })
})

describe('cancellation-reasons-over-time', () => {
  it('gives one row per UTC month with a count per reason key, and the keys in meta', async () => {
    const { status, body } = await analytics('cancellation-reasons-over-time')
    expect(status).toBe(200)
    expect(body).toEqual({
      data: [
        { month: '2026-03', too_expensive: 1, not_using_enough: 0, other: 2, missing_features: 0 },
        { month: '2026-04', too_expensive: 1, not_using_enough: 1, other: 0, missing_features: 0 },
        { month: '2026-05', too_expensive: 1, not_using_enough: 1, other: 0, missing_features: 1 },
      ],
      meta: { keys: ['too_expensive', 'not_using_enough', 'other', 'missing_features'] },
    })
  })

  it('zero-fills months without events', async () => {
    const { body } = await analytics(
      'cancellation-reasons-over-time',
      '&startDate=2026-01-01&endDate=2026-01-31',
    )
    expect(body).toEqual({ data: [{ month: '2026-01' }], meta: { keys: [] } })
  })
})

describe('save-mechanism-performance', () => {
  it('counts accepted and declined offers per mechanism, every one, zero-filled', async () => {
    const { status, body } = await analytics('save-mechanism-performance')
    expect(status).toBe(200)
    expect(body).toEqual({
      data: [
        { mechanism: 'discount', completed: 1, skipped: 1 },
        { mechanism: 'pause', completed: 1, skipped: 0 },
        { mechanism: 'plan_switch', completed: 0, skipped: 0 },
        { mechanism: 'billing_cycle', completed: 0, skipped: 1 },
        { mechanism: 'trial_extension', completed: 0, skipped: 0 },
        { mechanism: 'talk_to_us', completed: 0, skipped: 0 },
      ],
    })
  })
})

describe('save-rate-over-time', () => {
  it('counts cancellations and continues per UTC month: continues / (cancellations + continues) × 100', async () => {
    const { status, body } = await analytics('save-rate-over-time')
    expect(status).toBe(200)
    expect(body).toEqual({
      data: [
        { month: '2026-03', saveRate: 0, cancellations: 1, continues: 0, kept: 0, acceptedOffers: 0 },
        // s2 cancelled, s6 kept their plan, s3 accepted a discount: 2 of 3 stayed.
        { month: '2026-04', saveRate: 66.67, cancellations: 1, continues: 2, kept: 1, acceptedOffers: 1 },
        { month: '2026-05', saveRate: 50, cancellations: 2, continues: 2, kept: 1, acceptedOffers: 1 },
      ],
    })
  })

  it('answers 0 for a month without events (the chart draws it as a gap)', async () => {
    const { body } = await analytics('save-rate-over-time', '&startDate=2026-06-01&endDate=2026-07-15')
    expect(body).toEqual({
      data: [
        // s9 accepted a discount on June 1st; July has no session at all.
        { month: '2026-06', saveRate: 100, cancellations: 0, continues: 1, kept: 0, acceptedOffers: 1 },
        { month: '2026-07', saveRate: 0, cancellations: 0, continues: 0, kept: 0, acceptedOffers: 0 },
      ],
    })
  })

  it('takes a datetime end as given: an event after it is left out', async () => {
    const { body } = await analytics(
      'save-rate-over-time',
      '&startDate=2026-05-01&endDate=2026-05-31T12:00:00Z',
    )
    expect(body).toEqual({
      data: [
        { month: '2026-05', saveRate: 33.33, cancellations: 2, continues: 1, kept: 0, acceptedOffers: 1 },
      ],
    })
  })
})

describe('write-in-reasons', () => {
  it('counts words lower-cased without stop words, most frequent first, then by code point', async () => {
    const { status, body } = await analytics('write-in-reasons')
    expect(status).toBe(200)
    expect(body).toEqual({
      data: [
        { text: 'price', value: 3 },
        { text: 'afford', value: 1 },
        { text: 'expensive', value: 1 },
        { text: 'high', value: 1 },
        { text: 'went', value: 1 },
      ],
    })
  })
})

describe('saved-revenue', () => {
  // No Stripe events reach these fixtures: every save's subscription is unknown, so its MRR is too.
  const unknown = (saves: number, gross: number) => ({
    saves,
    gross,
    kept: 0,
    paused: 0,
    lost: 0,
    unknown: gross,
  })
  const mechanisms = (amounts: Partial<Record<string, [number, number]>>) =>
    ['discount', 'pause', 'plan_switch', 'billing_cycle', 'trial_extension', 'talk_to_us'].map(
      (mechanism) => ({
        mechanism,
        ...unknown(...(amounts[mechanism] ?? [0, 0])),
      }),
    )

  it('keeps each currency apart: MRR per month and offer, dollars and euros never added', async () => {
    const { status, body } = await analytics('saved-revenue')
    expect(status).toBe(200)
    expect(body).toEqual({
      data: {
        asOf: t.clock.now().toISOString(),
        currencies: [
          {
            currency: 'eur',
            ...unknown(1, 999),
            byMonth: [
              { month: '2026-03', ...unknown(0, 0) },
              { month: '2026-04', ...unknown(1, 999) },
              { month: '2026-05', ...unknown(0, 0) },
            ],
            byMechanism: mechanisms({ discount: [1, 999] }),
          },
          {
            currency: 'usd',
            ...unknown(3, 7200),
            byMonth: [
              { month: '2026-03', ...unknown(0, 0) },
              { month: '2026-04', ...unknown(1, 2400) },
              { month: '2026-05', ...unknown(2, 4800) },
            ],
            byMechanism: mechanisms({ discount: [1, 2400], pause: [1, 3000], plan_switch: [1, 1800] }),
          },
        ],
      },
    })
    expect(savedRevenueData.safeParse((body as { data: unknown }).data).success).toBe(true)
  })

  it('answers no currency at all for a range without saves', async () => {
    const { body } = await analytics('saved-revenue', '&startDate=2026-01-01&endDate=2026-01-31')
    expect(body).toEqual({ data: { asOf: t.clock.now().toISOString(), currencies: [] } })
  })
})

describe('each session counts once', () => {
  it('one end per session is all the database takes; two declines of one offer are one declined session', async () => {
    await insertSessions(t.database.db, ACCOUNT, ['j1', 'j2'])
    await insertEvents(t.database.db, ACCOUNT, [
      // j2's widget sent both picks in one batch: same server time, so insertion order decides.
      { session: 'j2', step: 'reason_selected', reason: 'other', at: '2025-12-11T10:00:00Z' },
      { session: 'j2', step: 'reason_selected', reason: 'too_expensive', at: '2025-12-11T10:00:00Z' },
      { session: 'j1', step: 'reason_selected', reason: 'too_expensive', at: '2025-12-10T10:00:00Z' },
      { session: 'j1', step: 'reason_selected', reason: 'too_expensive', at: '2025-12-10T10:00:05Z' },
      { session: 'j1', step: 'offer_declined', offer: 'pause', at: '2025-12-10T10:00:10Z' },
      { session: 'j1', step: 'offer_declined', offer: 'pause', at: '2025-12-10T10:00:11Z' },
      { session: 'j1', step: 'reason_continue', at: '2025-12-10T10:00:20Z' },
    ])
    await expect(
      insertEvents(t.database.db, ACCOUNT, [
        { session: 'j1', step: 'reason_continue', at: '2025-12-10T10:00:21Z' },
      ]),
    ).rejects.toThrow(/session_events_one_end_idx/)
    const december = '&startDate=2025-12-01&endDate=2025-12-31'
    expect((await analytics('save-rate-over-time', december)).body).toEqual({
      data: [{ month: '2025-12', saveRate: 100, cancellations: 0, continues: 1, kept: 1, acceptedOffers: 0 }],
    })
    expect((await analytics('save-mechanism-performance', december)).body).toMatchObject({
      data: [{ mechanism: 'discount' }, { mechanism: 'pause', completed: 0, skipped: 1 }, {}, {}, {}, {}],
    })
    // Reasons count sessions: j1 picked twice, j2's last pick (by insertion) is too_expensive.
    expect((await analytics('cancellation-reasons', december)).body).toEqual({
      data: [{ reason_key: 'too_expensive', count: 2, share: 100 }],
    })
  })
})

describe('the default period', () => {
  it('is the last 3 months through today (UTC): from 2026-03-15 for a clock at 2026-06-15', async () => {
    await insertSessions(t.database.db, ACCOUNT, ['d1', 'd2'])
    await insertEvents(t.database.db, ACCOUNT, [
      { session: 'd1', step: 'reason_continue', at: '2026-03-14T23:59:59.999Z' },
      { session: 'd2', step: 'reason_continue', at: '2026-03-15T00:00:00Z' },
    ])
    const { body } = await analytics('save-rate-over-time', '')
    // March: s1's cancellation (Mar 10) and d1 are before the 15th; only d2 counts.
    expect(body).toEqual({
      data: [
        { month: '2026-03', saveRate: 100, cancellations: 0, continues: 1, kept: 1, acceptedOffers: 0 },
        { month: '2026-04', saveRate: 66.67, cancellations: 1, continues: 2, kept: 1, acceptedOffers: 1 },
        { month: '2026-05', saveRate: 50, cancellations: 2, continues: 2, kept: 1, acceptedOffers: 1 },
        { month: '2026-06', saveRate: 100, cancellations: 0, continues: 1, kept: 0, acceptedOffers: 1 },
      ],
    })
  })
})

describe('mode=test', () => {
  const range = '&startDate=2026-03-01&endDate=2026-05-31'

  it('counts only the test-mode sessions, in every data set', async () => {
    const reasons = await analytics('cancellation-reasons', `${range}&mode=test`)
    expect(reasons.body).toEqual({ data: [{ reason_key: 'missing_features', count: 1, share: 100 }] })
    const mechanisms = (await analytics('save-mechanism-performance', `${range}&mode=test`)).body as {
      data: { mechanism: string; completed: number; skipped: number }[]
    }
    expect(mechanisms.data.filter((row) => row.completed || row.skipped)).toEqual([
      expect.objectContaining({ mechanism: 'discount', completed: 1, skipped: 0 }),
      expect.objectContaining({ mechanism: 'pause', completed: 0, skipped: 1 }),
    ])
    const rate = (await analytics('save-rate-over-time', `${range}&mode=test`)).body as {
      data: { month: string; cancellations: number; continues: number }[]
    }
    expect(rate.data.find((row) => row.month === '2026-04')).toMatchObject({
      cancellations: 1,
      continues: 2,
      kept: 1,
      acceptedOffers: 1,
    })
    expect(rate.data.filter((row) => row.month !== '2026-04').every((row) => !row.cancellations)).toBe(true)
    const words = (await analytics('write-in-reasons', `${range}&mode=test`)).body as {
      data: { text: string; value: number }[]
    }
    expect(words.data).toEqual([{ text: 'rehearsal', value: 2 }])
    const revenue = (await analytics('saved-revenue', `${range}&mode=test`)).body as {
      data: { currencies: Array<{ currency: string; gross: number }> }
    }
    expect(revenue.data.currencies).toEqual([expect.objectContaining({ currency: 'usd', gross: 2400 })])
  })

  it('is the same as no mode for mode=live, and refuses any other mode', async () => {
    expect((await analytics('cancellation-reasons', `${range}&mode=live`)).body).toEqual(
      (await analytics('cancellation-reasons', range)).body,
    )
    const { status, body } = await analytics('cancellation-reasons', `${range}&mode=staging`)
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'mode' } })
  })
})

describe('the combined dashboard call', () => {
  it('answers each data set exactly as its own call does, for a range and for test mode', async () => {
    for (const query of [
      'startDate=2026-03-01&endDate=2026-05-31',
      'startDate=2026-03-01&endDate=2026-05-31&mode=test',
    ]) {
      const response = await t.request(`/api/analytics/dashboard?account_id=${ACCOUNT}&${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const { data } = (await response.json()) as { data: Record<string, unknown> }
      expect(Object.keys(data).sort()).toEqual([...ANALYTICS_ENDPOINTS].sort())
      for (const endpoint of ANALYTICS_ENDPOINTS) {
        const single = await t.request(`/api/analytics?endpoint=${endpoint}&account_id=${ACCOUNT}&${query}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
        expect(data[endpoint], endpoint).toEqual(await single.json())
      }
    }
  })

  it('on the free tier, answers the Pro data sets with the 403 their own calls give', async () => {
    const free = await t.createAccount({ id: 'analytics-free', tier: 'free' })
    const headers = { Authorization: `Bearer ${free.owner.token}` }
    const { data } = (await (
      await t.request('/api/analytics/dashboard?account_id=analytics-free', { headers })
    ).json()) as { data: Record<string, unknown> }
    for (const endpoint of ANALYTICS_ENDPOINTS) {
      const single = await t.request(`/api/analytics?endpoint=${endpoint}&account_id=analytics-free`, {
        headers,
      })
      const body = (await single.json()) as Record<string, unknown>
      expect(data[endpoint], endpoint).toEqual(
        single.status === 200 ? body : { ...body, status: single.status },
      )
    }
    expect(data['saved-revenue']).toMatchObject({ status: 403 })
  })

  it('checks the account and membership first, like the single calls', async () => {
    const outsider = await t.signIn()
    const refused = await t.request(`/api/analytics/dashboard?account_id=${ACCOUNT}`, {
      headers: { Authorization: `Bearer ${outsider.token}` },
    })
    expect(refused.status).toBe(403)
    const unsigned = await t.request(`/api/analytics/dashboard?account_id=${ACCOUNT}`)
    expect(unsigned.status).toBe(401)
  })
})
