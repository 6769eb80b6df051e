import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { flowTitled, putSegments, startExperiment } from './widget/segments-testing'
import { type WidgetAccount, widgetAccount } from './widget/testing'

/**
 * The dashboard and the export sliced by segment and by experiment arm: each slice counts only its
 * own sessions, and the slices add up to the whole.
 */
let t: TestContext
let account: WidgetAccount
let segmentId = ''
let armIds: string[] = []
const DAY_MS = 86_400_000

/** One finished live session: cancelled, or saved by a discount (with its save), routed as given. */
async function session(
  index: number,
  routed: { segment: string | null; arm: string | null; experiment: string | null },
  saved: boolean,
  daysAgo = 3,
) {
  const at = new Date(t.clock.now().getTime() - daysAgo * DAY_MS)
  const id = `cs_cohort_${index}`
  await t.database.db
    .insertInto('cancel_sessions')
    .values({
      id,
      account_id: account.accountId,
      mode: 'live',
      customer_id: `cus_cohort${index}`,
      status: saved ? 'saved' : 'canceled',
      mrr: 2900,
      currency: 'usd',
      segment_id: routed.segment,
      experiment_id: routed.experiment,
      arm_id: routed.arm,
      created_at: at,
      updated_at: at,
      completed_at: at,
    })
    .execute()
  await t.database.db
    .insertInto('session_events')
    .values([
      { account_id: account.accountId, session_id: id, step: 'session_started', created_at: at },
      {
        account_id: account.accountId,
        session_id: id,
        step: saved ? 'offer_accepted' : 'cancel_completed',
        offer: saved ? 'discount' : null,
        created_at: at,
      },
    ])
    .execute()
  if (saved) {
    await t.database.db
      .insertInto('saves')
      .values({
        account_id: account.accountId,
        session_id: id,
        customer_id: `cus_cohort${index}`,
        mechanism: 'discount',
        mrr_before: 2900,
        mrr_after: 2030,
        currency: 'usd',
        created_at: at,
      })
      .execute()
  }
}

beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t, { stripe: false })
  const saved = await putSegments(t, account.accountId, account.ownerToken, [
    {
      name: 'Annual',
      enabled: true,
      rule: {
        match: 'all',
        conditions: [{ attribute: 'billing_interval', operator: 'equals', value: 'year' }],
      },
      config_json: flowTitled('Annual'),
    },
  ])
  segmentId = saved.body.data.segments[0]?.id ?? ''
  const experiment = await startExperiment(t, account.accountId, account.ownerToken, {
    name: 'Copy',
    segment_id: segmentId,
    allocation: 'fixed',
    holdout_percent: 0,
    arms: [
      { name: 'A', weight: 1, config_json: flowTitled('A') },
      { name: 'B', weight: 1, config_json: flowTitled('B') },
    ],
  })
  armIds = experiment.arms.map((arm) => arm.id)
  const [armA = '', armB = ''] = armIds
  const inSegment = (arm: string) => ({ segment: segmentId, arm, experiment: experiment.id })
  // Segment: arm A 1 of 4 saved, arm B 3 of 4 saved. Default flow: 1 of 2 saved.
  for (const [index, saved] of [true, false, false, false].entries())
    await session(index, inSegment(armA), saved)
  for (const [index, saved] of [true, true, true, false].entries())
    await session(10 + index, inSegment(armB), saved)
  for (const [index, saved] of [true, false].entries()) {
    await session(20 + index, { segment: null, arm: null, experiment: null }, saved)
  }
  // The period before the dashboard's default three months: two sessions in arm A, one in the default flow.
  for (const [index, saved] of [true, false].entries()) await session(30 + index, inSegment(armA), saved, 120)
  await session(40, { segment: null, arm: null, experiment: null }, false, 120)
})
afterAll(() => t.close())

const headline = async (query: string) => {
  const res = await t.request(
    `/api/analytics/dashboard?account_id=${account.accountId}&datasets=headline-figures,saved-revenue${query}`,
    { token: account.ownerToken },
  )
  expect(res.status).toBe(200)
  const { data } = (await res.json()) as {
    data: {
      'headline-figures': {
        data: {
          sessions: { current: number; previous: number }
          save_rate: { current: number | null; previous: number | null }
        }
      }
      'saved-revenue': { data: { currencies: Array<{ currency: string; gross: number }> } }
    }
  }
  const figures = data['headline-figures'].data
  return {
    sessions: figures.sessions.current,
    before: { sessions: figures.sessions.previous, saveRate: figures.save_rate.previous },
    saveRate: figures.save_rate.current,
    savedMrr: data['saved-revenue'].data.currencies.find((entry) => entry.currency === 'usd')?.gross ?? 0,
  }
}

describe('analytics by segment and by arm', () => {
  it('counts only the slice asked for, and the slices add up to the whole', async () => {
    const whole = await headline('')
    const segment = await headline(`&segment_id=${segmentId}`)
    const fallback = await headline('&segment_id=default')
    const armB = await headline(`&arm_id=${armIds[1]}`)
    const before = (sessions: number, saveRate: number | null) => ({ sessions, saveRate })
    expect(whole).toEqual({ sessions: 10, saveRate: 50, savedMrr: 5 * 2030, before: before(3, 33.33) })
    // The previous period is sliced like the current one.
    expect(segment).toEqual({ sessions: 8, saveRate: 50, savedMrr: 4 * 2030, before: before(2, 50) })
    expect(fallback).toEqual({ sessions: 2, saveRate: 50, savedMrr: 2030, before: before(1, 0) })
    expect(armB).toEqual({ sessions: 4, saveRate: 75, savedMrr: 3 * 2030, before: before(0, null) })
  })

  it('exports the sessions of one arm only', async () => {
    const res = await t.request(
      `/api/analytics/export?account_id=${account.accountId}&format=json&arm_id=${armIds[0]}`,
      { token: account.ownerToken },
    )
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: Array<{ session_id: string; outcome: string }> }
    expect(data.map((row) => row.session_id).sort()).toEqual([
      'cs_cohort_0',
      'cs_cohort_1',
      'cs_cohort_2',
      'cs_cohort_3',
    ])
    const csv = await t.request(`/api/analytics/export?account_id=${account.accountId}&segment_id=default`, {
      token: account.ownerToken,
    })
    const lines = (await csv.text()).trim().split('\n')
    expect(lines).toHaveLength(3)
  })

  it('refuses a malformed slice with a clear 400', async () => {
    const res = await t.request(
      `/api/analytics/dashboard?account_id=${account.accountId}&segment_id=everyone`,
      {
        token: account.ownerToken,
      },
    )
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain("segment_id must be a segment id or 'default'")
  })
})
