import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnalyticsLoad, loadAnalytics, spreadRollupSlots } from './analytics-load'
import { createTestContext, type TestContext } from './harness'
import { liveCounts, ROLLUP_TABLES, rollupRows } from './rollup-tables'

/**
 * The analytics benchmark's bulk load (triggers held back, each account's rollups built once) must leave
 * exactly the rollups that the triggers build from the same rows: twin accounts get one seed's rows, one
 * each way, over seven months (month and day edges; sessions crossing midnight), and every rollup table
 * is compared. Without that, the benchmark would time reads over rollups no real write could produce.
 */
let t: TestContext
const BULK = 'load_bulk'
const TRIGGERED = 'load_triggered'

const load = (accountId: string): AnalyticsLoad => ({
  accountId,
  tag: accountId,
  sessions: 4000,
  start: new Date('2025-11-30T23:58:00Z'),
  end: new Date('2026-06-15T12:00:00Z'),
  seed: 7,
  vocabulary: 3000,
})

beforeAll(async () => {
  t = await createTestContext()
  for (const id of [BULK, TRIGGERED])
    await t.database.db.insertInto('accounts').values({ id, name: id, slug: id }).execute()
  await loadAnalytics(t.database.db, [load(BULK)], true)
  await loadAnalytics(t.database.db, [load(TRIGGERED)], false)
}, 120_000)
afterAll(() => t.close())

describe('the analytics benchmark load in bulk', () => {
  it('writes the same rows as through the triggers, every session following the flow', async () => {
    const steps = async (account: string) =>
      (
        await sql<{ step: string; n: number }>`
          select step, count(*)::int as n from session_events where account_id = ${account}
          group by step order by step`.execute(t.database.db)
      ).rows
    const bulk = await steps(BULK)
    expect(bulk).toEqual(await steps(TRIGGERED))
    expect(bulk.find((row) => row.step === 'session_started')?.n).toBe(4000)
    expect(bulk.map((row) => row.step)).toEqual(
      expect.arrayContaining(['feedback_submitted', 'offer_accepted', 'offer_declined', 'reason_continue']),
    )
    expect(await liveCounts(t.database.db, BULK)).toEqual(await liveCounts(t.database.db, TRIGGERED))
    // The made-up vocabulary's long tail: many distinct words, a few of them often.
    const words = await sql<{ distinct: number; top: number }>`
      select count(*)::int as distinct, max(n)::int as top from (
        select token, count(*) as n from session_events, unnest(words) as token
        where account_id = ${BULK} and token like 'x%' group by token) as counted`.execute(t.database.db)
    expect(words.rows[0]?.distinct).toBeGreaterThan(1000)
    expect(words.rows[0]?.top).toBeGreaterThan(50)
  })

  it.each(Object.keys(ROLLUP_TABLES))('leaves %s as the triggers build it', async (table) => {
    const bulk = await rollupRows(t.database.db, table, BULK)
    expect(bulk.length).toBeGreaterThan(0)
    expect(bulk).toEqual(await rollupRows(t.database.db, table, TRIGGERED))
  })

  it('spreads the counters over four slots as concurrent writers would, their sums unchanged', async () => {
    await spreadRollupSlots(t.database.db, BULK)
    for (const table of Object.keys(ROLLUP_TABLES))
      expect(await rollupRows(t.database.db, table, BULK), table).toEqual(
        await rollupRows(t.database.db, table, TRIGGERED),
      )
    const { rows } = await sql<{ slots: number; keys: number }>`
      select slots, count(*)::int as keys from (
        select count(*)::int as slots from analytics_daily where account_id = ${BULK}
        group by live, step, day, reason_key, offer) as per_key
      group by slots order by slots`.execute(t.database.db)
    expect(rows.map((row) => row.slots)).toContain(4)
    expect(Math.max(...rows.map((row) => row.slots))).toBe(4)
  })
})
