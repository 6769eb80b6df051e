import { ENGLISH_STOP_WORDS } from '@retainkit/shared/stop-words'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/tables'
import type {
  OfferOutcomeRow,
  OutcomeMonthRow,
  ReasonMonthRow,
  SavedRevenueRow,
  WordCountRow,
} from './queries'
import type { AnalyticsRange } from './range'
import { type RollupWindow, rollupWindow } from './rollup-window'

/**
 * The analytics reads over the rollups of migration 110, answering exactly what the raw-event queries
 * of queries.ts answer (a test compares the two on generated data): whole days from the daily rows,
 * the partial days at the range's ends from the raw rows (rollup-window.ts). Counting by a session's
 * LAST event in the range (its final reason; an offer it declined twice counted once) needs one more
 * piece: a session whose last such event falls after the range but that had one inside it. Those are
 * found from `analytics_session_last` — within the day the range ends in, or among the few sessions
 * spanning days (a partial index) — and their last event inside the range is read from the raw rows.
 */

type Db = Kysely<Database>

const liveColumn = (alias: string, range: AnalyticsRange) =>
  sql.raw(range.mode === 'test' ? `not ${alias}.live` : `${alias}.live`)

const edges = (w: RollupWindow) =>
  sql`unnest(${w.edgeLo}::timestamptz[], ${w.edgeHi}::timestamptz[]) as edge(lo, hi)`

const wholeDays = (alias: string, w: RollupWindow) =>
  sql`${sql.raw(alias)}.day >= ${w.dayFrom}::date and ${sql.raw(alias)}.day < ${w.dayTo}::date`

const month = (column: RawBuilder<unknown>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM')`

/**
 * Per (step, offer, reason) and month: the last event in the range of each session that had one there
 * and whose last such event overall comes after the range.
 */
function straddling(accountId: string, range: AnalyticsRange, w: RollupWindow, steps: readonly string[]) {
  const candidate = sql`l.account_id = ${accountId} and ${liveColumn('l', range)} and l.step = any(${steps}::text[])
    and l.last_at >= ${w.until}::timestamptz and l.first_at < ${w.until}::timestamptz`
  return sql`
    select step, offer, reason_key, created_at from (
      select distinct on (e.session_id, e.step, coalesce(e.offer, ''))
        e.step, coalesce(e.offer, '') as offer, e.reason_key, e.created_at
      from (
        select l.session_id, l.step, l.offer from analytics_session_last as l
        where ${candidate} and l.last_at < ${w.untilNextMidnight}::timestamptz
        union
        select l.session_id, l.step, l.offer from analytics_session_last as l
        where ${candidate}
          and (l.first_at at time zone 'UTC')::date <> (l.last_at at time zone 'UTC')::date
      ) as c
      join session_events as e on e.session_id = c.session_id and e.step = c.step
        and coalesce(e.offer, '') = c.offer
      where e.account_id = ${accountId} and ${liveColumn('e', range)}
        and e.created_at >= ${w.start}::timestamptz and e.created_at < ${w.until}::timestamptz
      order by e.session_id, e.step, coalesce(e.offer, ''), e.created_at desc, e.id desc
    ) as straddlers`
}

/** Sessions' last events, per (month, step, offer, reason), for the given session-counted steps. */
function lastEventCounts(accountId: string, range: AnalyticsRange, steps: readonly string[]) {
  const w = rollupWindow(range)
  return sql`
    select month, step, offer, reason_key, sum(count) as count from (
      select to_char(d.day, 'YYYY-MM') as month, d.step, d.offer, d.reason_key,
        sum(d.last_of_session + d.sessionless) as count
      from analytics_daily as d
      where d.account_id = ${accountId} and ${liveColumn('d', range)} and d.step = any(${steps}::text[])
        and ${wholeDays('d', w)}
      group by 1, 2, 3, 4
      union all
      select ${month(sql`l.last_at`)}, l.step, l.offer, coalesce(l.reason_key, ''), count(*)
      from ${edges(w)}
      join analytics_session_last as l on l.account_id = ${accountId} and ${liveColumn('l', range)}
        and l.step = any(${steps}::text[]) and l.last_at >= edge.lo and l.last_at < edge.hi
      group by 1, 2, 3, 4
      union all
      select ${month(sql`e.created_at`)}, e.step, coalesce(e.offer, ''), coalesce(e.reason_key, ''), count(*)
      from ${edges(w)}
      join session_events as e on e.account_id = ${accountId} and ${liveColumn('e', range)}
        and e.step = any(${steps}::text[]) and e.created_at >= edge.lo and e.created_at < edge.hi
      where e.session_id is null
      group by 1, 2, 3, 4
      union all
      select ${month(sql`created_at`)}, step, offer, coalesce(reason_key, ''), count(*)
      from (${straddling(accountId, range, w, steps)}) as s
      group by 1, 2, 3, 4
    ) as parts
    group by 1, 2, 3, 4
    having sum(count) > 0`
}

interface LastEventRow {
  month: string
  step: string
  offer: string
  reason_key: string
  count: number | string
}

/** Sessions per (month, reason) by each session's last reason pick in the range (see queries.ts). */
export async function rolledUpReasonsByMonth(db: Db, accountId: string, range: AnalyticsRange) {
  const { rows } = await sql<LastEventRow>`${lastEventCounts(accountId, range, ['reason_selected'])}`.execute(
    db,
  )
  return rows
    .filter((row) => row.reason_key !== '')
    .map((row): ReasonMonthRow => ({ month: row.month, reason_key: row.reason_key, count: row.count }))
}

/** The same over the whole range (cancellation reasons). */
export function sumOverMonths(rows: readonly ReasonMonthRow[]): { reason_key: string; count: number }[] {
  const totals = new Map<string, number>()
  for (const row of rows) totals.set(row.reason_key, (totals.get(row.reason_key) ?? 0) + Number(row.count))
  return [...totals].map(([reason_key, count]) => ({ reason_key, count }))
}

/** Per offer: sessions that accepted it and sessions that declined it in the range. */
export async function rolledUpOfferOutcomes(db: Db, accountId: string, range: AnalyticsRange) {
  const { rows } =
    await sql<LastEventRow>`${lastEventCounts(accountId, range, ['offer_accepted', 'offer_declined'])}`.execute(
      db,
    )
  const totals = new Map<string, OfferOutcomeRow>()
  for (const row of rows) {
    const key = `${row.step} ${row.offer}`
    const total = totals.get(key) ?? {
      offer: row.offer === '' ? null : row.offer,
      step: row.step as OfferOutcomeRow['step'],
      count: 0,
    }
    total.count = Number(total.count) + Number(row.count)
    totals.set(key, total)
  }
  return [...totals.values()]
}

const SESSION_ENDS = ['cancel_completed', 'reason_continue', 'offer_accepted'] as const

/** Per UTC month of the range, the session ends by step (the save rate). */
export async function rolledUpOutcomesByMonth(db: Db, accountId: string, range: AnalyticsRange) {
  const w = rollupWindow(range)
  const { rows } = await sql<OutcomeMonthRow>`
    select month, step, sum(count) as count from (
      select to_char(d.day, 'YYYY-MM') as month, d.step, sum(d.events) as count
      from analytics_daily as d
      where d.account_id = ${accountId} and ${liveColumn('d', range)} and d.step = any(${SESSION_ENDS}::text[])
        and ${wholeDays('d', w)}
      group by 1, 2
      union all
      select ${month(sql`e.created_at`)}, e.step, count(*)
      from ${edges(w)}
      join session_events as e on e.account_id = ${accountId} and ${liveColumn('e', range)}
        and e.step = any(${SESSION_ENDS}::text[]) and e.created_at >= edge.lo and e.created_at < edge.hi
      group by 1, 2
    ) as parts
    group by 1, 2`.execute(db)
  return rows
}

const STOP_WORDS = [...ENGLISH_STOP_WORDS]

/**
 * Write-in word frequencies from the daily word counts (tokens stored under the database's default
 * collation; see text-collation.ts for when the server tokenises live instead).
 */
export async function rolledUpWordCounts(db: Db, accountId: string, range: AnalyticsRange, limit: number) {
  const w = rollupWindow(range)
  const { rows } = await sql<WordCountRow>`
    select word, count
    from (
      select word, sum(occurrences) as count
      from (
        select d.word, sum(d.occurrences) as occurrences
        from analytics_daily_words as d
        where d.account_id = ${accountId} and ${liveColumn('d', range)} and ${wholeDays('d', w)}
        group by d.word
        union all
        select token, count(*)
        from ${edges(w)}
        join session_events as e on e.account_id = ${accountId} and ${liveColumn('e', range)}
          and e.step = 'feedback_submitted' and e.created_at >= edge.lo and e.created_at < edge.hi
        cross join lateral unnest(e.words) as token
        group by token
      ) as parts
      where char_length(word) >= 2
      group by word
      offset 0
    ) as words
    where word <> all(${STOP_WORDS}::text[])
    order by count desc, word collate "C"
    limit ${limit}`.execute(db)
  return rows
}

/** Saves per (month, mechanism, currency): MRR kept and their number. */
export async function rolledUpSavesByMonth(db: Db, accountId: string, range: AnalyticsRange) {
  const w = rollupWindow(range)
  const { rows } = await sql<SavedRevenueRow>`
    select month, mechanism, currency, sum(mrr) as mrr, sum(saves) as saves from (
      select to_char(d.day, 'YYYY-MM') as month, d.mechanism, nullif(d.currency, '') as currency,
        sum(d.mrr) as mrr, sum(d.saves) as saves
      from analytics_daily_saves as d
      where d.account_id = ${accountId} and ${liveColumn('d', range)} and ${wholeDays('d', w)}
      group by 1, 2, 3
      union all
      select ${month(sql`s.created_at`)}, s.mechanism, lower(s.currency), sum(s.mrr_after), count(*)
      from ${edges(w)}
      join saves as s on s.account_id = ${accountId} and ${liveColumn('s', range)}
        and s.created_at >= edge.lo and s.created_at < edge.hi
      group by 1, 2, 3
    ) as parts
    group by 1, 2, 3`.execute(db)
  return rows
}
