import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadAnalytics, spreadRollupSlots } from '../../../test/support/analytics-load'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { rollupRows } from '../../../test/support/rollup-tables'
import { compactRollupSlots } from './compaction'
import type { AnalyticsRange } from './range'
import { rolledUpActivity, rolledUpSavesByMonth, rolledUpWordCounts } from './rollup-queries'

/**
 * Folding past days' slot rows (migration 141) changes no sum and no answer, leaves today's rows alone,
 * and never waits on a writer: a row a transaction holds is left for the next pass.
 */
let t: TestContext
const ACCOUNT = 'compaction'
const NOW = new Date('2026-03-15T12:00:00Z')
const SLOTTED = ['analytics_daily', 'analytics_daily_words', 'analytics_daily_saves'] as const
const RANGE: AnalyticsRange = {
  start: new Date('2026-02-25T00:00:00Z'),
  end: new Date('2026-03-20T23:59:59.999Z'),
  until: new Date('2026-03-21T00:00:00Z'),
  mode: 'live',
}

/** Per table, how many keys have more than one row, before and from `NOW`'s day. */
async function multiSlotKeys() {
  const { rows } = await sql<{ past: number; today_on: number }>`
    select count(*) filter (where day < ${'2026-03-15'}::date)::int as past,
      count(*) filter (where day >= ${'2026-03-15'}::date)::int as today_on
    from (
      select day from analytics_daily where account_id = ${ACCOUNT}
      group by live, step, day, reason_key, offer having count(*) > 1
      union all
      select day from analytics_daily_words where account_id = ${ACCOUNT}
      group by live, day, word having count(*) > 1
      union all
      select day from analytics_daily_saves where account_id = ${ACCOUNT}
      group by live, day, mechanism, currency having count(*) > 1
    ) as keys`.execute(t.database.db)
  return rows[0] ?? { past: 0, today_on: 0 }
}

const answers = async () => ({
  activity: (await rolledUpActivity(t.database.db, ACCOUNT, RANGE)).map((row) => JSON.stringify(row)).sort(),
  words: await rolledUpWordCounts(t.database.db, ACCOUNT, RANGE, 100),
  saves: (await rolledUpSavesByMonth(t.database.db, ACCOUNT, RANGE)).map((row) => JSON.stringify(row)).sort(),
})

const allRows = async () => Promise.all(SLOTTED.map((table) => rollupRows(t.database.db, table, ACCOUNT)))

beforeAll(async () => {
  t = await createTestContext()
  await t.database.db.insertInto('accounts').values({ id: ACCOUNT, name: ACCOUNT, slug: ACCOUNT }).execute()
  await loadAnalytics(
    t.database.db,
    [
      {
        accountId: ACCOUNT,
        tag: ACCOUNT,
        sessions: 3000,
        start: new Date('2026-02-28T20:00:00Z'),
        end: new Date('2026-03-18T00:00:00Z'),
        seed: 3,
      },
    ],
    false,
  )
  await spreadRollupSlots(t.database.db, ACCOUNT, 4)
}, 120_000)
afterAll(() => t.close())

describe('rollup slot compaction', () => {
  it('folds past days into one row per key, today and later untouched, every sum and answer the same', async () => {
    const before = await multiSlotKeys()
    expect(before.past).toBeGreaterThan(100)
    expect(before.today_on).toBeGreaterThan(10)
    const sums = await allRows()
    const answered = await answers()

    expect(await compactRollupSlots(t.database.db, ACCOUNT, NOW)).toBeGreaterThan(before.past)
    expect(await multiSlotKeys()).toEqual({ past: 0, today_on: before.today_on })
    expect(await allRows()).toEqual(sums)
    expect(await answers()).toEqual(answered)
    // Nothing left to fold.
    expect(await compactRollupSlots(t.database.db, ACCOUNT, NOW)).toBe(0)
  })
})

describe.runIf(process.env.TEST_DB === 'postgres')('rollup slot compaction beside a writer', () => {
  it('skips the rows a transaction holds instead of waiting, and folds them on the next pass', async () => {
    // Spread again (the first test folded them), then hold the rows one late write upserts.
    await spreadRollupSlots(t.database.db, ACCOUNT, 4)
    const sums = await allRows()
    let folded = -1
    await t.database.db.transaction().execute(async (trx) => {
      await sql`
        insert into session_events (account_id, step, created_at)
        select ${ACCOUNT}, 'cancel_completed', ${'2026-03-05T10:00:00Z'}::timestamptz`.execute(trx)
      // Another connection of the pool: it must come back while this transaction still holds the row.
      let timer: NodeJS.Timeout | undefined
      folded = await Promise.race([
        compactRollupSlots(t.database.db, ACCOUNT, NOW),
        new Promise<number>((_, reject) => {
          timer = setTimeout(() => reject(new Error('compaction waited for the writer')), 15_000)
        }),
      ]).finally(() => clearTimeout(timer))
    })
    expect(folded).toBeGreaterThan(0)
    const held = await sql<{ rows: number; events: number }>`
      select count(*)::int as rows, sum(events)::int as events from analytics_daily
      where account_id = ${ACCOUNT} and live and step = 'cancel_completed' and day = ${'2026-03-05'}::date
        and reason_key = '' and offer = ''`.execute(t.database.db)
    // The held row stayed beside the key's folded one; the late event is counted once.
    expect(held.rows[0]?.rows).toBe(2)
    const [daily, ...others] = sums
    expect((await allRows()).slice(1)).toEqual(others)
    expect(await rollupRows(t.database.db, 'analytics_daily', ACCOUNT)).not.toEqual(daily)
    expect(await compactRollupSlots(t.database.db, ACCOUNT, NOW)).toBe(1)
    expect((await multiSlotKeys()).past).toBe(0)
    const after = await sql<{ events: number }>`
      select sum(events)::int as events from analytics_daily
      where account_id = ${ACCOUNT} and live and step = 'cancel_completed' and day = ${'2026-03-05'}::date`.execute(
      t.database.db,
    )
    const beforeEvents = JSON.parse(
      daily?.find((row) => row.includes('"cancel_completed"') && row.includes('"2026-03-05"')) ?? '{}',
    ) as { events?: number }
    expect(after.rows[0]?.events).toBe((beforeEvents.events ?? 0) + 1)
  })
})
