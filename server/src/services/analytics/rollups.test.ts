import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../db/migrate'
import { createTestContext, type TestContext } from '../../test-support/harness'
import { createRandom, generateAnalyticsData, shuffledBatches } from './generated-events'
import { fetchHeadlineFigures, RAW_HEADLINE_SOURCE, shapeHeadlineFigures } from './headline-figures'
import {
  lastReasons,
  lastReasonsByMonth,
  offerOutcomes,
  outcomesByMonth,
  savesByMonth,
  writeInWordCounts,
} from './queries'
import type { AnalyticsRange } from './range'
import {
  rolledUpOfferOutcomes,
  rolledUpOutcomesByMonth,
  rolledUpReasonsByMonth,
  rolledUpSavesByMonth,
  rolledUpWordCounts,
  sumOverMonths,
} from './rollup-queries'
import { insertEvents, insertSaves, insertSessions } from './test-fixtures'

/**
 * The rollups (migration 110, kept by triggers) answer exactly what the raw-event queries answer — the
 * queries of queries.ts are the oracle — on a generated data set inserted in random order and random
 * multi-row batches, for ranges on and off UTC day and month edges, to the millisecond, in both modes.
 * The headline figures, answered from the rollups, equal the same figures computed from the raw events.
 * Then the same after the migration's backfill over data stored before the rollups existed.
 */
let t: TestContext
const ACCOUNTS = ['rollup-a', 'rollup-b'] as const

const range = (start: string, end: string, mode: 'live' | 'test' = 'live'): AnalyticsRange => {
  const endDate = new Date(end)
  return { start: new Date(start), end: endDate, until: new Date(endDate.getTime() + 1), mode }
}

const FIXED_RANGES: [string, string][] = [
  ['2025-12-01T00:00:00.000Z', '2026-02-28T23:59:59.999Z'],
  ['2025-12-15T00:00:00.000Z', '2026-01-20T23:59:59.999Z'],
  ['2025-12-31T23:59:59.500Z', '2026-02-01T00:00:00.250Z'],
  ['2026-01-15T06:00:00.000Z', '2026-01-15T18:00:00.000Z'],
  ['2026-01-31T23:00:00.000Z', '2026-02-01T00:59:59.999Z'],
  ['2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
  ['2025-01-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z'],
]

function ranges(seed: number): AnalyticsRange[] {
  const random = createRandom(seed)
  const spanStart = Date.parse('2025-11-15T00:00:00Z')
  const spanMs = 120 * 86_400_000
  const randomRanges: [string, string][] = Array.from({ length: 5 }, () => {
    const [a, b] = [random(), random()].sort((x, y) => x - y) as [number, number]
    return [
      new Date(spanStart + Math.floor(a * spanMs)).toISOString(),
      new Date(spanStart + Math.floor(b * spanMs)).toISOString(),
    ]
  })
  return [...FIXED_RANGES, ...randomRanges].flatMap(([start, end]) => [
    range(start, end, 'live'),
    range(start, end, 'test'),
  ])
}

const MEASURES = new Set(['count', 'mrr', 'saves'])

/**
 * Rows as a sorted list with the measures summed per key: the oracle may answer one key in two rows
 * (sessions' picks and picks without a session), which every shaping adds up.
 */
const sorted = (rows: readonly object[]) => {
  const merged = new Map<string, Record<string, number>>()
  for (const row of rows) {
    const entries = Object.entries(row)
    const key = JSON.stringify(entries.filter(([name]) => !MEASURES.has(name)))
    const sums = merged.get(key) ?? {}
    for (const [name, value] of entries)
      if (MEASURES.has(name)) sums[name] = (sums[name] ?? 0) + Number(value)
    merged.set(key, sums)
  }
  return [...merged].map(([key, sums]) => `${key} ${JSON.stringify(sums)}`).sort()
}

async function expectSameAnswers(label: string) {
  const db = t.database.db
  let compared = 0
  for (const accountId of ACCOUNTS) {
    for (const r of ranges(accountId.length + label.length)) {
      const where = `${label} ${accountId} ${r.mode} ${r.start.toISOString()}…${r.end.toISOString()}`
      const reasonsByMonth = await rolledUpReasonsByMonth(db, accountId, r)
      expect(sorted(reasonsByMonth), where).toEqual(sorted(await lastReasonsByMonth(db, accountId, r)))
      expect(sorted(sumOverMonths(reasonsByMonth)), where).toEqual(
        sorted(await lastReasons(db, accountId, r)),
      )
      expect(sorted(await rolledUpOfferOutcomes(db, accountId, r)), where).toEqual(
        sorted(await offerOutcomes(db, accountId, r)),
      )
      expect(sorted(await rolledUpOutcomesByMonth(db, accountId, r)), where).toEqual(
        sorted(await outcomesByMonth(db, accountId, r)),
      )
      // Ordered and cut at the limit: compared as they come.
      for (const limit of [5, 100]) {
        expect(await rolledUpWordCounts(db, accountId, r, limit), where).toEqual(
          await writeInWordCounts(db, accountId, r, limit, 'default'),
        )
      }
      expect(sorted(await rolledUpSavesByMonth(db, accountId, r)), where).toEqual(
        sorted(await savesByMonth(db, accountId, r)),
      )
      // The headline row (this range and the one of the same length before it), on both tiers.
      for (const tier of ['pro', 'free'] as const) {
        const context = { db, logger: t.logger, accountId, range: r, tier, now: r.until }
        expect(shapeHeadlineFigures(await fetchHeadlineFigures(context), context), where).toEqual(
          shapeHeadlineFigures(await fetchHeadlineFigures(context, RAW_HEADLINE_SOURCE), context),
        )
      }
      compared++
    }
  }
  return compared
}

async function load(seed: number, prefix: string) {
  const db = t.database.db
  for (const accountId of ACCOUNTS) {
    const data = generateAnalyticsData(seed + accountId.length, 120, `${prefix}-${accountId}`)
    for (const mode of ['live', 'test'] as const) {
      await insertSessions(
        db,
        accountId,
        data.sessions.filter((s) => s.mode === mode).map((s) => s.id),
        mode,
      )
    }
    for (const batch of shuffledBatches(data.events, seed)) await insertEvents(db, accountId, batch)
    for (const batch of shuffledBatches(data.saves, seed + 1)) await insertSaves(db, accountId, batch)
  }
}

beforeAll(async () => {
  t = await createTestContext()
  for (const id of ACCOUNTS) await t.createAccount({ id, tier: 'pro' })
}, 60_000)
afterAll(() => t?.close())

describe('analytics rollups', () => {
  it('answer what the raw-event queries answer, written event by event and in batches', async () => {
    await load(19, 'live')
    const { rows } = await sql<{ n: string }>`select count(*) as n from session_events`.execute(t.database.db)
    expect(Number(rows[0]?.n)).toBeGreaterThan(1000)
    expect(await expectSameAnswers('triggers')).toBe(ACCOUNTS.length * (FIXED_RANGES.length + 5) * 2)
  }, 120_000)

  it('are backfilled by the migration from data stored before them', async () => {
    const db = t.database.db
    await sql`drop table analytics_daily, analytics_session_last, analytics_daily_words, analytics_daily_saves`.execute(
      db,
    )
    await sql`drop function retainkit_rollup_events, retainkit_rollup_saves, retainkit_count_last cascade`.execute(
      db,
    )
    await sql`delete from schema_migrations where name = '110_analytics_rollups'`.execute(db)
    // More data while no trigger is there: only the backfill can count it.
    await load(20, 'before')
    expect(await migrate(t.database)).toContain('110_analytics_rollups')
    await expectSameAnswers('backfill')
    // And the triggers carry on from the backfill.
    await load(21, 'after')
    await expectSameAnswers('after-backfill')
  }, 180_000)
})
