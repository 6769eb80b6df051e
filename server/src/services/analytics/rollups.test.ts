import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { migrate } from '../../db/migrate'
import { foldWordMonths } from './compaction'
import { followSaves, type SaveDurability, shapeDurability, tallyOfSave } from './durability'
import { rolledUpDurability } from './durability-rollup'
import { createRandom, generateAnalyticsData, shuffledBatches } from './generated-events'
import { generateFollowUps, upsertSubscriptions, writeSessionFacts } from './generated-followups'
import {
  fetchHeadlineFigures,
  type HeadlineSource,
  RAW_HEADLINE_SOURCE,
  shapeHeadlineFigures,
} from './headline-figures'
import {
  lastReasons,
  lastReasonsByMonth,
  offerOutcomes,
  outcomesByMonth,
  savesByMonth,
  sessionsStarted,
  writeInWordCounts,
} from './queries'
import type { AnalyticsRange } from './range'
import {
  rolledUpOfferOutcomes,
  rolledUpOutcomesByMonth,
  rolledUpReasonsByMonth,
  rolledUpSavesByMonth,
  rolledUpSessionsStarted,
  rolledUpWordCounts,
  sumOverMonths,
} from './rollup-queries'
import { rollupWindow } from './rollup-window'
import { followedMoney, type MoneyRow } from './saved-money'
import { insertEvents, insertSaves, insertSessions } from './test-fixtures'
import { wordSources } from './word-months'

/**
 * The rollups (migration 110, kept by triggers) answer exactly what the raw-event queries answer — the
 * queries of queries.ts are the oracle — on a generated data set inserted in random order and random
 * multi-row batches, for ranges on and off UTC day and month edges, to the millisecond, in both modes.
 * The headline figures, answered from the rollups, equal the same figures computed from the raw events.
 * Save durability read from its rollup equals the raw computation at two clocks, with sessions and
 * subscriptions written before and after their saves and changing later.
 * Sessions start when their first event is stored (reactivation banners among them), so the headline
 * row's session counts compare real numbers: counted from migration 140's daily rows, they equal the
 * sessions table's own count. Then the same after the migrations' backfill over data stored before the
 * rollups existed.
 */
let t: TestContext
const ACCOUNTS = ['rollup-a', 'rollup-b'] as const

const range = (start: string, end: string, mode: 'live' | 'test' = 'live'): AnalyticsRange => {
  const endDate = new Date(end)
  return { start: new Date(start), end: endDate, until: new Date(endDate.getTime() + 1), mode }
}

/**
 * The oracle for the money read from the follow-ups (saved-money.ts): the raw saves joined to their
 * subscriptions, per currency, in the part each save is in now.
 */
function moneyOfFollowed(saves: readonly SaveDurability[]) {
  const totals = new Map<string, Record<'gross' | SaveDurability['state'], number>>()
  for (const save of saves) {
    const key = save.currency ?? ''
    const entry = totals.get(key) ?? { gross: 0, kept: 0, paused: 0, lost: 0, unknown: 0 }
    entry.gross += save.mrr_after
    entry[save.state] += save.mrr_after
    totals.set(key, entry)
  }
  return Object.fromEntries([...totals].sort(([a], [b]) => a.localeCompare(b)))
}

function moneyOfRows(rows: readonly MoneyRow[]) {
  const totals = new Map<string, Record<'gross' | SaveDurability['state'], number>>()
  for (const row of rows) {
    const key = row.currency ?? ''
    const entry = totals.get(key) ?? { gross: 0, kept: 0, paused: 0, lost: 0, unknown: 0 }
    for (const part of ['gross', 'kept', 'paused', 'lost', 'unknown'] as const) entry[part] += row[part]
    totals.set(key, entry)
  }
  return Object.fromEntries([...totals].sort(([a], [b]) => a.localeCompare(b)))
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

/**
 * The clocks save durability is read at: checkpoint boundaries inside the data, in the morning, at
 * midnight and in the evening (a boundary day is read from its rows as if on the side of its larger part,
 * and its smaller part save by save: before noon and after). Every loss the generator writes happened by
 * the first of them.
 */
const DURABILITY_NOWS = [
  '2026-03-31T10:11:12.345Z',
  '2026-05-01T00:00:00.000Z',
  '2026-04-20T18:30:00.500Z',
].map((at) => new Date(at))

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

/**
 * The oracle's raw-event answers, each read once per comparison pass: the comparisons and the headline
 * row's raw figures (on both tiers) ask the same questions of the same rows, which do not change during
 * a pass. What is compared with what is unchanged; the oracle just is not asked twice (the raw headline
 * reads were 3.5 of the file's ~45 CPU-seconds on PGlite, the tiers asking the same but for saves).
 */
function rawAnswersOnce() {
  const answers = new Map<string, Promise<unknown>>()
  const once = <T>(what: string, accountId: string, r: AnalyticsRange, read: () => Promise<T>) => {
    const key = `${what} ${accountId} ${JSON.stringify(r)}`
    const known = answers.get(key)
    if (known) return known as Promise<T>
    const answer = read()
    answers.set(key, answer)
    return answer
  }
  const headline: HeadlineSource = {
    sessionsStarted: (context, r) =>
      once('sessions', context.accountId, r, () => RAW_HEADLINE_SOURCE.sessionsStarted(context, r)),
    outcomesByMonth: (context, r) =>
      once('outcomes', context.accountId, r, () => RAW_HEADLINE_SOURCE.outcomesByMonth(context, r)),
    reasons: (context, r) =>
      once('reasons', context.accountId, r, () => RAW_HEADLINE_SOURCE.reasons(context, r)),
    savesByMonth: (context, r) =>
      once('saves', context.accountId, r, () => RAW_HEADLINE_SOURCE.savesByMonth(context, r)),
  }
  return { once, headline }
}

async function expectSameAnswers(label: string) {
  const db = t.database.db
  const raw = rawAnswersOnce()
  let compared = 0
  let sessionsCounted = 0
  for (const accountId of ACCOUNTS) {
    for (const r of ranges(accountId.length + label.length)) {
      const where = `${label} ${accountId} ${r.mode} ${r.start.toISOString()}…${r.end.toISOString()}`
      const reasonsByMonth = await rolledUpReasonsByMonth(db, accountId, r)
      expect(sorted(reasonsByMonth), where).toEqual(sorted(await lastReasonsByMonth(db, accountId, r)))
      expect(sorted(sumOverMonths(reasonsByMonth)), where).toEqual(
        sorted(await raw.once('reasons', accountId, r, () => lastReasons(db, accountId, r))),
      )
      expect(sorted(await rolledUpOfferOutcomes(db, accountId, r)), where).toEqual(
        sorted(await offerOutcomes(db, accountId, r)),
      )
      expect(sorted(await rolledUpOutcomesByMonth(db, accountId, r)), where).toEqual(
        sorted(await raw.once('outcomes', accountId, r, () => outcomesByMonth(db, accountId, r))),
      )
      // Ordered and cut at the limit: compared as they come.
      for (const limit of [5, 100]) {
        expect(await rolledUpWordCounts(db, accountId, r, limit), where).toEqual(
          await writeInWordCounts(db, accountId, r, limit, 'default'),
        )
      }
      expect(await rolledUpSessionsStarted(db, accountId, r), where).toBe(
        await raw.once('sessions', accountId, r, () => sessionsStarted(db, accountId, r)),
      )
      expect(sorted(await rolledUpSavesByMonth(db, accountId, r)), where).toEqual(
        sorted(await raw.once('saves', accountId, r, () => savesByMonth(db, accountId, r))),
      )
      for (const now of DURABILITY_NOWS) {
        const followed = await followSaves(db, accountId, r, now)
        const raw = followed.map(tallyOfSave)
        const money = await followedMoney(db, accountId, r, now)
        expect(
          shapeDurability(await rolledUpDurability(db, accountId, r, now), money, 0, now),
          `${where} durability at ${now.toISOString()}`,
        ).toEqual(shapeDurability(raw, money, 0, now))
        expect(moneyOfFollowed(followed), `${where} money at ${now.toISOString()}`).toEqual(
          moneyOfRows(money),
        )
      }
      // The headline row (this range and the one of the same length before it), on both tiers; the
      // data sets of one dashboard call sharing their reads, as the route runs them.
      for (const tier of ['pro', 'free'] as const) {
        const context = { db, logger: t.logger, accountId, range: r, tier, now: r.until }
        const oracle = shapeHeadlineFigures(await fetchHeadlineFigures(context, raw.headline), context)
        expect(shapeHeadlineFigures(await fetchHeadlineFigures(context), context), where).toEqual(oracle)
        const shared = { ...context, reads: new Map<string, Promise<unknown>>() }
        expect(shapeHeadlineFigures(await fetchHeadlineFigures(shared), shared), where).toEqual(oracle)
        sessionsCounted += oracle.sessions.current
      }
      compared++
    }
  }
  // The ranges do hold cancel sessions: the headline comparison is not one of zeros.
  expect(sessionsCounted).toBeGreaterThan(0)
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
        data.sessions.filter((s) => s.mode === mode),
        mode,
      )
    }
    const followUps = generateFollowUps(seed + accountId.length, data, DURABILITY_NOWS[0]?.getTime() ?? 0)
    await writeSessionFacts(db, followUps.sessionsBefore)
    await upsertSubscriptions(db, accountId, followUps.subscriptionsBefore)
    for (const batch of shuffledBatches(data.events, seed)) await insertEvents(db, accountId, batch)
    for (const batch of shuffledBatches([...data.saves, ...followUps.extraSaves], seed + 1))
      await insertSaves(db, accountId, batch)
    // What Stripe and the flow tell us after the saves: the rollup must move them between its counts.
    await writeSessionFacts(db, followUps.sessionsAfter)
    await upsertSubscriptions(db, accountId, followUps.subscriptionsAfter)
    for (const batch of shuffledBatches(followUps.subscriptionUpdates, seed + 2))
      await upsertSubscriptions(db, accountId, batch)
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
    // The durability data covers every state: kept, lost, unknown, and checkpoints pending and decided.
    const [now] = DURABILITY_NOWS
    if (!now) throw new Error('no clock')
    const wide = range('2025-01-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z')
    const card = shapeDurability(
      (await followSaves(t.database.db, 'rollup-a', wide, now)).map(tallyOfSave),
      await followedMoney(t.database.db, 'rollup-a', wide, now),
      0,
      now,
    )
    expect(card.totals).toMatchObject({
      kept: expect.any(Number),
      lost: expect.any(Number),
      unknown: expect.any(Number),
    })
    expect(Math.min(card.totals.kept, card.totals.lost, card.totals.unknown)).toBeGreaterThan(0)
    const [d30, , d90] = card.totals.stuck
    expect(d30?.decided).toBeLessThan(card.totals.saves)
    expect(d90?.decided).toBeGreaterThan(0)
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
    await sql`drop view analytics_save_state`.execute(db)
    await sql`drop table analytics_save_followups, analytics_daily_durability`.execute(db)
    await sql`drop function retainkit_follow_new_saves, retainkit_refollow_save, retainkit_refollow_session,
      retainkit_refollow_subscription, retainkit_refollow, retainkit_count_followups cascade`.execute(db)
    await sql`drop table analytics_daily_sessions`.execute(db)
    await sql`drop function retainkit_rollup_sessions, retainkit_rebuild_session_rollup cascade`.execute(db)
    await sql`delete from schema_migrations
      where name in ('110_analytics_rollups', '111_save_durability_rollup', '140_dashboard_session_counts')`.execute(
      db,
    )
    // More data while no trigger is there: only the backfill can count it.
    await load(20, 'before')
    expect(await migrate(t.database)).toEqual(
      expect.arrayContaining([
        '110_analytics_rollups',
        '111_save_durability_rollup',
        '140_dashboard_session_counts',
      ]),
    )
    await expectSameAnswers('backfill')
    // And the triggers carry on from the backfill.
    await load(21, 'after')
    await expectSameAnswers('after-backfill')
  }, 180_000)

  it('answer the write-in words from folded months (migration 150) as the raw rows do', async () => {
    const db = t.database.db
    const compare = async (accountId: string, rs: AnalyticsRange[]) => {
      let folded = 0
      for (const r of rs) {
        const where = `folded ${accountId} ${r.mode} ${r.start.toISOString()}…${r.end.toISOString()}`
        folded += (await wordSources(db, accountId, rollupWindow(r))).months.length
        for (const limit of [5, 100])
          expect(await rolledUpWordCounts(db, accountId, r, limit), where).toEqual(
            await writeInWordCounts(db, accountId, r, limit, 'default'),
          )
      }
      return folded
    }
    // Folded up to a day in the middle of February, then to after the data: whole months, months cut by
    // the range, a month folded part way, ranges inside a month, to the millisecond.
    for (const clock of [new Date('2026-02-10T12:00:00Z'), new Date('2027-01-02T00:00:00Z')]) {
      for (const accountId of ACCOUNTS)
        expect(await foldWordMonths(db, accountId, clock)).toBeGreaterThanOrEqual(1)
      let folded = 0
      for (const accountId of ACCOUNTS) folded += await compare(accountId, [...ranges(7), ...ranges(8)])
      expect(folded, clock.toISOString()).toBeGreaterThan(10)
    }

    // Nothing new at the same clock; a rebuild drops the account's folded months, the next pass folds
    // them again, and the answers stay the same throughout.
    const clock = new Date('2027-01-02T00:00:00Z')
    expect(await foldWordMonths(db, 'rollup-a', clock)).toBe(0)
    await sql`select retainkit_rebuild_rollups('rollup-a')`.execute(db)
    const left = await sql<{ n: number }>`
      select count(*)::int as n from analytics_monthly_words where account_id = 'rollup-a'`.execute(db)
    expect(left.rows[0]?.n).toBe(0)
    expect(await compare('rollup-a', ranges(9))).toBe(0)
    expect(await foldWordMonths(db, 'rollup-a', clock)).toBeGreaterThanOrEqual(4)
    expect(await compare('rollup-a', ranges(9))).toBeGreaterThan(0)
  }, 120_000)
})
