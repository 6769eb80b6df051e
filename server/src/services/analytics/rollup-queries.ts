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
import { endsAtMidnight, hasEdges, type RollupWindow, rollupWindow } from './rollup-window'
import { wordSources } from './word-months'

/**
 * The analytics reads over the rollups of migrations 110 and 140, answering exactly what the raw-event
 * queries of queries.ts answer (a test compares the two on generated data): whole days from the daily
 * rows, the partial days at the range's ends from the raw rows (rollup-window.ts). Counting by a
 * session's LAST event in the range (its final reason; an offer it declined twice counted once) needs
 * one more piece: a session whose last such event falls after the range but that had one inside it.
 * Those are found from `analytics_session_last` — within the day the range ends in, or among the few
 * sessions spanning days (a partial index) — and their last event inside the range is read from the raw
 * rows, one index lookup per such session.
 *
 * The SQL is built for the window at hand: a range on day boundaries (every preset period the console
 * asks for) has no partial days, so no raw-row branch is written at all. A branch that reads nothing
 * still costs its planning, and its row estimates (the planner cannot see that an array parameter is
 * empty) were large enough to draw parallel workers and JIT compilation into a query of a millisecond.
 */

type Db = Kysely<Database>

const liveColumn = (alias: string, range: AnalyticsRange) =>
  sql.raw(range.mode === 'test' ? `not ${alias}.live` : `${alias}.live`)

/**
 * `column` inside one of the partial days, each bound written out: the planner then estimates the rows
 * from its statistics. Joined to an array of bounds instead, it could not see them and priced every
 * edge at a fixed share of the whole table, which grows with every account's rows.
 */
const inEdges = (column: RawBuilder<unknown>, w: RollupWindow) =>
  sql`(${sql.join(
    w.edgeLo.map(
      (lo, index) => sql`${column} >= ${lo}::timestamptz and ${column} < ${w.edgeHi[index]}::timestamptz`,
    ),
    sql`) or (`,
  )})`

const wholeDays = (alias: string, w: RollupWindow) =>
  sql`${sql.raw(alias)}.day >= ${w.dayFrom}::date and ${sql.raw(alias)}.day < ${w.dayTo}::date`

/**
 * The UTC month of an instant, or of a day, as the first moment of the month (a timestamp without zone):
 * rows are grouped by it and only the groups are formatted as 'YYYY-MM' (monthKey). Formatting every
 * daily row with to_char cost a third of the activity read on the embedded database.
 */
const month = (column: RawBuilder<unknown>) => sql`date_trunc('month', ${column} at time zone 'UTC')`
const dayMonth = (column: RawBuilder<unknown>) => sql`date_trunc('month', ${column}::timestamp)`
const monthKey = (column: RawBuilder<unknown>) => sql`to_char(${column}, 'YYYY-MM')`

/** The branches that are there, joined by `union all`. */
const unionAll = (branches: readonly (RawBuilder<unknown> | false)[]) =>
  sql.join(
    branches.filter((branch): branch is RawBuilder<unknown> => branch !== false),
    sql` union all `,
  )

/** Steps counted once per session, by the session's last one in the range (and per offer). */
export const LAST_EVENT_STEPS = ['reason_selected', 'offer_accepted', 'offer_declined'] as const
/** A session's recorded end (the save rate): each session has at most one, so events are sessions. */
export const SESSION_ENDS = ['cancel_completed', 'reason_continue', 'offer_accepted'] as const
const ACTIVITY_STEPS = [...new Set<string>([...LAST_EVENT_STEPS, ...SESSION_ENDS])]

/**
 * The sessions that straddle the range's end, for steps counted by each session's last event: one
 * there in the range, and their last one after it. A session straddling a midnight `until` has events on
 * two days, so when the range ends at midnight the spanning sessions are all there is.
 */
function straddlingCandidates(accountId: string, range: AnalyticsRange, w: RollupWindow) {
  // Read by a function of migration 142: see there why the planner must not plan this read itself.
  return sql`
    select session_id, step, offer from retainkit_straddling_candidates(${accountId}, ${range.mode !== 'test'},
      ${LAST_EVENT_STEPS}::text[], ${w.until}::timestamptz, ${w.untilNextMidnight}::timestamptz,
      ${!endsAtMidnight(w)})`
}

/**
 * Per (step, offer, reason) and month: the last event in the range of each candidate session, read from
 * its own rows, one index lookup each.
 */
function straddling(accountId: string, range: AnalyticsRange, w: RollupWindow) {
  return sql`
    select ${month(sql`last.created_at`)} as month, c.step, c.offer,
      coalesce(case when c.step = 'reason_selected' then last.reason_key end, '') as reason_key,
      count(*) as sessions, 0 as events
    from (${straddlingCandidates(accountId, range, w)}) as c
    cross join lateral (
      select e.reason_key, e.created_at from session_events as e
      where e.session_id = c.session_id and e.step = c.step and coalesce(e.offer, '') = c.offer
        and e.account_id = ${accountId} and ${liveColumn('e', range)}
        and e.created_at >= ${w.start}::timestamptz and e.created_at < ${w.until}::timestamptz
      order by e.created_at desc, e.id desc
      limit 1
    ) as last
    group by 1, 2, 3, 4`
}

/**
 * One row per (month, step, offer, reason) with two counts: `sessions`, the sessions whose last event of
 * that step (and offer) in the range is there, plus events without a session — what the reasons and the
 * offer outcomes count (LAST_EVENT_STEPS); `events`, the events themselves — what the save rate counts
 * (SESSION_ENDS). Each reader takes the count its steps mean. What the reasons, the offer outcomes and the
 * save rate read, in one statement over the same daily rows.
 */
export interface ActivityRow {
  month: string
  step: string
  offer: string
  reason_key: string
  sessions: number | string
  events: number | string
}

export async function rolledUpActivity(db: Db, accountId: string, range: AnalyticsRange) {
  const w = rollupWindow(range)
  // Both counts for every step: each reader takes the one its steps mean (see ActivityRow).
  const daily = sql`
    select ${dayMonth(sql`d.day`)} as month, d.step, d.offer, d.reason_key,
      sum(d.last_of_session + d.sessionless) as sessions, sum(d.events) as events
    from analytics_daily as d
    where d.account_id = ${accountId} and ${liveColumn('d', range)} and d.step = any(${ACTIVITY_STEPS}::text[])
      and ${wholeDays('d', w)}
    group by 1, 2, 3, 4`
  const edgeLastEvents = sql`
    select ${month(sql`l.last_at`)}, l.step, l.offer, coalesce(l.reason_key, ''), count(*), 0
    from analytics_session_last as l
    where l.account_id = ${accountId} and ${liveColumn('l', range)} and l.step = any(${LAST_EVENT_STEPS}::text[])
      and (${inEdges(sql`l.last_at`, w)})
    group by 1, 2, 3, 4`
  const edgeEvents = sql`
    select ${month(sql`e.created_at`)}, e.step, coalesce(e.offer, ''), coalesce(e.reason_key, ''),
      count(*) filter (where e.session_id is null), count(*)
    from session_events as e
    where e.account_id = ${accountId} and ${liveColumn('e', range)} and e.step = any(${ACTIVITY_STEPS}::text[])
      and (${inEdges(sql`e.created_at`, w)})
    group by 1, 2, 3, 4`
  const { rows } = await sql<ActivityRow>`
    select ${monthKey(sql`month`)} as month, step, offer, reason_key, sum(sessions) as sessions,
      sum(events) as events
    from (
      ${unionAll([daily, hasEdges(w) && edgeLastEvents, hasEdges(w) && edgeEvents, straddling(accountId, range, w)])}
    ) as parts
    group by 1, 2, 3, 4
    having sum(sessions) > 0 or sum(events) > 0`.execute(db)
  return rows
}

/** Sessions per (month, reason) by each session's last reason pick in the range (see queries.ts). */
export function reasonsOfActivity(rows: readonly ActivityRow[]): ReasonMonthRow[] {
  return rows
    .filter((row) => row.step === 'reason_selected' && row.reason_key !== '' && Number(row.sessions) > 0)
    .map((row) => ({ month: row.month, reason_key: row.reason_key, count: row.sessions }))
}

export async function rolledUpReasonsByMonth(db: Db, accountId: string, range: AnalyticsRange) {
  return reasonsOfActivity(await rolledUpActivity(db, accountId, range))
}

/** The same over the whole range (cancellation reasons). */
export function sumOverMonths(rows: readonly ReasonMonthRow[]): { reason_key: string; count: number }[] {
  const totals = new Map<string, number>()
  for (const row of rows) totals.set(row.reason_key, (totals.get(row.reason_key) ?? 0) + Number(row.count))
  return [...totals].map(([reason_key, count]) => ({ reason_key, count }))
}

/** Per offer: sessions that accepted it and sessions that declined it in the range. */
export function offerOutcomesOfActivity(rows: readonly ActivityRow[]): OfferOutcomeRow[] {
  const totals = new Map<string, OfferOutcomeRow>()
  for (const row of rows) {
    if (row.step !== 'offer_accepted' && row.step !== 'offer_declined') continue
    if (Number(row.sessions) === 0) continue
    const key = `${row.step} ${row.offer}`
    const total = totals.get(key) ?? { offer: row.offer === '' ? null : row.offer, step: row.step, count: 0 }
    total.count = Number(total.count) + Number(row.sessions)
    totals.set(key, total)
  }
  return [...totals.values()]
}

export async function rolledUpOfferOutcomes(db: Db, accountId: string, range: AnalyticsRange) {
  return offerOutcomesOfActivity(await rolledUpActivity(db, accountId, range))
}

/** Per UTC month of the range, the session ends by step (the save rate). */
export function outcomesOfActivity(rows: readonly ActivityRow[]): OutcomeMonthRow[] {
  const totals = new Map<string, OutcomeMonthRow>()
  for (const row of rows) {
    const step = SESSION_ENDS.find((end) => end === row.step)
    if (!step || Number(row.events) === 0) continue
    const key = `${row.month} ${step}`
    const total = totals.get(key) ?? { month: row.month, step, count: 0 }
    total.count = Number(total.count) + Number(row.events)
    totals.set(key, total)
  }
  return [...totals.values()]
}

export async function rolledUpOutcomesByMonth(db: Db, accountId: string, range: AnalyticsRange) {
  return outcomesOfActivity(await rolledUpActivity(db, accountId, range))
}

/** Cancel sessions started in the range (the headline row), from migration 140's daily counts. */
export async function rolledUpSessionsStarted(db: Db, accountId: string, range: AnalyticsRange) {
  const w = rollupWindow(range)
  const live = range.mode === 'test' ? sql.raw('not d.live') : sql.raw('d.live')
  const daily = sql`
    select coalesce(sum(d.sessions), 0) as count from analytics_daily_sessions as d
    where d.account_id = ${accountId} and ${live} and ${wholeDays('d', w)}`
  const edgeSessions = sql`
    select count(*) from cancel_sessions as s
    where s.account_id = ${accountId} and (${inEdges(sql`s.created_at`, w)})
      and s.kind = 'cancel' and s.mode = ${range.mode === 'test' ? 'test' : 'live'}`
  const { rows } = await sql<{ count: number | string }>`
    select sum(count) as count from (${unionAll([daily, hasEdges(w) && edgeSessions])}) as parts`.execute(db)
  return Number(rows[0]?.count ?? 0)
}

const STOP_WORDS = [...ENGLISH_STOP_WORDS]

/**
 * Write-in word frequencies from the word counts of the folded months and the daily ones of the other
 * whole days (word-months.ts; tokens stored under the database's default collation, see
 * text-collation.ts for when the server tokenises live instead).
 */
export async function rolledUpWordCounts(db: Db, accountId: string, range: AnalyticsRange, limit: number) {
  const w = rollupWindow(range)
  const { months, days } = await wordSources(db, accountId, w)
  const monthly = sql`
    select m.word, sum(m.occurrences) as occurrences
    from analytics_monthly_words as m
    where m.account_id = ${accountId} and ${liveColumn('m', range)} and m.month = any(${months}::date[])
    group by m.word`
  const daily = sql`
    select d.word, sum(d.occurrences) as occurrences
    from analytics_daily_words as d
    where d.account_id = ${accountId} and ${liveColumn('d', range)}
      and ((${sql.join(
        days.map(([from, to]) => sql`d.day >= ${from}::date and d.day < ${to}::date`),
        sql`) or (`,
      )}))
    group by d.word`
  // (Named as the other branches name them: it may be the union's first.)
  const edgeWords = sql`
    select token as word, count(*) as occurrences
    from session_events as e
    cross join lateral unnest(e.words) as token
    where e.account_id = ${accountId} and ${liveColumn('e', range)} and e.step = 'feedback_submitted'
      and (${inEdges(sql`e.created_at`, w)})
    group by token`
  if (months.length === 0 && days.length === 0 && !hasEdges(w)) return []
  const { rows } = await sql<WordCountRow>`
    select word, count
    from (
      select word, sum(occurrences) as count
      from (${unionAll([months.length > 0 && monthly, days.length > 0 && daily, hasEdges(w) && edgeWords])}) as parts
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
  const daily = sql`
    select ${dayMonth(sql`d.day`)} as month, d.mechanism, nullif(d.currency, '') as currency,
      sum(d.mrr) as mrr, sum(d.saves) as saves
    from analytics_daily_saves as d
    where d.account_id = ${accountId} and ${liveColumn('d', range)} and ${wholeDays('d', w)}
    group by 1, 2, 3`
  const edgeSaves = sql`
    select ${month(sql`s.created_at`)}, s.mechanism, lower(s.currency), sum(s.mrr_after), count(*)
    from saves as s
    where s.account_id = ${accountId} and ${liveColumn('s', range)} and (${inEdges(sql`s.created_at`, w)})
    group by 1, 2, 3`
  const { rows } = await sql<SavedRevenueRow>`
    select ${monthKey(sql`month`)} as month, mechanism, currency, sum(mrr) as mrr, sum(saves) as saves
    from (${unionAll([daily, hasEdges(w) && edgeSaves])}) as parts
    group by 1, 2, 3`.execute(db)
  return rows
}
