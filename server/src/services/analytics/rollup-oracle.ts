import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import {
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
} from './rollup-queries'

/**
 * For tests that write events and saves through the real routes: what the rollups answer against what
 * the raw rows answer, as a list of differences (empty when they agree). Two views:
 * - `counterDifferences`: the daily counter tables summed over their slots, row by row, against the same
 *   counts computed from session_events and saves (what migration 112's rebuild writes);
 * - `readDifferences`: every rollup read of rollup-queries.ts against its raw-event oracle in queries.ts
 *   for one range (edges to the millisecond included).
 */

type Db = Kysely<Database>

interface Keyed {
  key: string
  value: string
}

const asMap = (rows: readonly Keyed[]) => new Map(rows.map((row) => [row.key, row.value]))

function diff(label: string, rolled: readonly Keyed[], raw: readonly Keyed[]): string[] {
  const a = asMap(rolled)
  const b = asMap(raw)
  const out: string[] = []
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(key) !== b.get(key)) {
      out.push(`${label} ${key}: rollup ${a.get(key) ?? 'none'}, raw ${b.get(key) ?? 'none'}`)
    }
  }
  return out.sort()
}

/** The account's counters summed over slots (rows that sum to nothing left out) against the raw rows. */
export async function counterDifferences(db: Db, accountId: string): Promise<string[]> {
  const daily = await sql<Keyed>`
    select concat_ws(' ', live, step, day, reason_key, offer) as key,
      concat_ws(' ', sum(events), sum(sessionless), sum(last_of_session)) as value
    from analytics_daily where account_id = ${accountId}
    group by live, step, day, reason_key, offer
    having sum(events) <> 0 or sum(sessionless) <> 0 or sum(last_of_session) <> 0`.execute(db)
  const rawDaily = await sql<Keyed>`
    with counts as (
      select live, step, (created_at at time zone 'UTC')::date as day, coalesce(reason_key, '') as reason_key,
        coalesce(offer, '') as offer, count(*) as events, count(*) filter (where session_id is null) as sessionless,
        0 as last_of_session
      from session_events where account_id = ${accountId}
      group by 1, 2, 3, 4, 5
      union all
      select live, step, (created_at at time zone 'UTC')::date, coalesce(reason_key, ''), offer, 0, 0, count(*)
      from (
        select distinct on (session_id, step, coalesce(offer, ''))
          live, step, created_at, case when step = 'reason_selected' then reason_key end as reason_key,
          coalesce(offer, '') as offer
        from session_events
        where account_id = ${accountId} and session_id is not null
          and step in ('reason_selected', 'offer_accepted', 'offer_declined')
        order by session_id, step, coalesce(offer, ''), created_at desc, id desc
      ) as last_events
      group by 1, 2, 3, 4, 5
    )
    select concat_ws(' ', live, step, day, reason_key, offer) as key,
      concat_ws(' ', sum(events), sum(sessionless), sum(last_of_session)) as value
    from counts group by live, step, day, reason_key, offer`.execute(db)
  const words = await sql<Keyed>`
    select concat_ws(' ', live, day, word) as key, sum(occurrences)::text as value
    from analytics_daily_words where account_id = ${accountId}
    group by live, day, word having sum(occurrences) <> 0`.execute(db)
  const rawWords = await sql<Keyed>`
    select concat_ws(' ', live, (created_at at time zone 'UTC')::date, token) as key, count(*)::text as value
    from session_events, unnest(words) as token
    where account_id = ${accountId} and step = 'feedback_submitted' and words is not null
    group by live, (created_at at time zone 'UTC')::date, token`.execute(db)
  const saves = await sql<Keyed>`
    select concat_ws(' ', live, day, mechanism, currency) as key, concat_ws(' ', sum(mrr), sum(saves)) as value
    from analytics_daily_saves where account_id = ${accountId}
    group by live, day, mechanism, currency having sum(saves) <> 0 or sum(mrr) <> 0`.execute(db)
  const rawSaves = await sql<Keyed>`
    select concat_ws(' ', live, (created_at at time zone 'UTC')::date, mechanism, coalesce(lower(currency), '')) as key,
      concat_ws(' ', sum(mrr_after), count(*)) as value
    from saves where account_id = ${accountId}
    group by live, (created_at at time zone 'UTC')::date, mechanism, coalesce(lower(currency), '')`.execute(
    db,
  )
  return [
    ...diff('analytics_daily', daily.rows, rawDaily.rows),
    ...diff('analytics_daily_words', words.rows, rawWords.rows),
    ...diff('analytics_daily_saves', saves.rows, rawSaves.rows),
  ]
}

const MEASURES = new Set(['count', 'mrr', 'saves'])

/** Rows keyed by their non-measure fields, measures summed (the oracle may split one key in two rows). */
function keyed(rows: readonly object[]): Keyed[] {
  const merged = new Map<string, Record<string, number>>()
  for (const row of rows) {
    const entries = Object.entries(row)
    const key = JSON.stringify(entries.filter(([name]) => !MEASURES.has(name)))
    const sums = merged.get(key) ?? {}
    for (const [name, value] of entries)
      if (MEASURES.has(name)) sums[name] = (sums[name] ?? 0) + Number(value)
    merged.set(key, sums)
  }
  return [...merged].map(([key, sums]) => ({ key, value: JSON.stringify(sums) }))
}

/** Every rollup read for one range against its raw-event oracle. */
export async function readDifferences(db: Db, accountId: string, range: AnalyticsRange): Promise<string[]> {
  const where = `${range.mode ?? 'live'} ${range.start.toISOString()}…${range.end.toISOString()}`
  const words = async (read: () => Promise<readonly object[]>) =>
    (await read()).map((row, index) => ({ key: String(index), value: JSON.stringify(row) }))
  return [
    ...diff(
      `reasons ${where}`,
      keyed(await rolledUpReasonsByMonth(db, accountId, range)),
      keyed(await lastReasonsByMonth(db, accountId, range)),
    ),
    ...diff(
      `offer outcomes ${where}`,
      keyed(await rolledUpOfferOutcomes(db, accountId, range)),
      keyed(await offerOutcomes(db, accountId, range)),
    ),
    ...diff(
      `outcomes ${where}`,
      keyed(await rolledUpOutcomesByMonth(db, accountId, range)),
      keyed(await outcomesByMonth(db, accountId, range)),
    ),
    ...diff(
      `words ${where}`,
      await words(() => rolledUpWordCounts(db, accountId, range, 100)),
      await words(() => writeInWordCounts(db, accountId, range, 100, 'default')),
    ),
    ...diff(
      `saves ${where}`,
      keyed(await rolledUpSavesByMonth(db, accountId, range)),
      keyed(await savesByMonth(db, accountId, range)),
    ),
  ]
}
