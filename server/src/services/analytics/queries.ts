import { monthsInRange } from '@retainkit/shared/analytics'
import { ENGLISH_STOP_WORDS } from '@retainkit/shared/stop-words'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import { rowsOfCohort, sessionCohort } from './cohort'
import type { AnalyticsRange } from './range'
import { collateClause, type TextCollation } from './text-collation'

/**
 * The analytics reads. Every aggregate is computed by the database over
 * `session_events` (or `saves`) for one account and one time range: only grouped rows come back, never
 * the events themselves. Months are UTC calendar months (`YYYY-MM`), like shared period.ts.
 *
 * Counting rules:
 * - cancellation reasons count SESSIONS, by their last pick: a subscriber who changes their mind counts
 *   once. An event without a session (the column is nullable) counts on its own.
 * - the save rate counts each session's recorded END: cancel_completed (a cancellation),
 *   reason_continue and offer_accepted (continues: the subscriber stayed), as shared saveRateOverTime
 *   does. The server keeps each session's state and stores one end per session (a unique index,
 *   migration 040), so counting those steps counts sessions.
 * - save-mechanism performance counts SESSIONS per offer: accepted (its end) and declined (a session
 *   that declined the offer twice, going back and forth, declined it once).
 * Live and test-mode activity are counted apart (`range.mode`, migration 033): a merchant's rehearsals
 * never mix with what subscribers did.
 * Each query is shaped for an index-only plan (see migrations/030_analytics_indexes.sql and 033).
 */

type Db = Kysely<Database>

/**
 * Live rows, or test-mode ones (migration 033). Written into the SQL rather than bound: a boolean
 * column tested as such is an index key either way, and the text is one of two constants.
 */
const modeIs = (range: AnalyticsRange) => sql.raw(range.mode === 'test' ? 'not live' : 'live')

/** The shared filter: one account, one mode, one range (`created_at` in [start, until)). */
const inRange = (accountId: string, range: AnalyticsRange) =>
  sql`account_id = ${accountId} and ${modeIs(range)}${rowsOfCohort(accountId, range.cohort)}
    and created_at >= ${range.start.toISOString()}::timestamptz
    and created_at < ${range.until.toISOString()}::timestamptz`

export interface ReasonMonthRow {
  month: string
  reason_key: string
  count: number | string
}

/**
 * Sessions per (month, reason) by each session's LAST `reason_selected` in the range: a subscriber who
 * picks 'too_expensive', goes back and picks 'other' counts once, as 'other', in the month of that last
 * choice. Cancellation reasons sum this over months; reasons over time chart it.
 *
 * Plan: a backward index-only scan of session_events_reason_pick_idx yields each session's picks newest
 * first, so DISTINCT ON keeps the last pick without sorting or hashing every row. Events without a
 * session cannot be grouped that way; the second branch counts each of them.
 */
export async function lastReasonsByMonth(db: Db, accountId: string, range: AnalyticsRange) {
  const { rows } = await sql<ReasonMonthRow>`
    select to_char(month, 'YYYY-MM') as month, reason_key, count
    from (
      select date_trunc('month', created_at at time zone 'UTC') as month, reason_key, count(*) as count
      from (${lastPicks(accountId, range)}) as last_pick
      where reason_key is not null
      group by 1, 2
      union all
      select date_trunc('month', created_at at time zone 'UTC'), reason_key, count(*)
      from (${picksWithoutSession(accountId, range)}) as lone_pick
      group by 1, 2
    ) as counted`.execute(db)
  return rows
}

/** The same count over the whole range (cancellation reasons): no month to compute per session. */
export async function lastReasons(db: Db, accountId: string, range: AnalyticsRange) {
  const { rows } = await sql<Omit<ReasonMonthRow, 'month'>>`
    select reason_key, count(*) as count from (${lastPicks(accountId, range)}) as last_pick
    where reason_key is not null
    group by reason_key
    union all
    select reason_key, count(*) from (${picksWithoutSession(accountId, range)}) as lone_pick
    group by reason_key`.execute(db)
  return rows
}

const lastPicks = (accountId: string, range: AnalyticsRange) => sql`
  select distinct on (session_id) reason_key, created_at
  from session_events
  where ${inRange(accountId, range)} and step = 'reason_selected' and session_id is not null
  order by session_id desc, created_at desc, id desc`

const picksWithoutSession = (accountId: string, range: AnalyticsRange) => sql`
  select reason_key, created_at
  from session_events
  where ${inRange(accountId, range)} and step = 'reason_selected' and session_id is null
    and reason_key is not null`

export interface OfferOutcomeRow {
  offer: string | null
  step: 'offer_accepted' | 'offer_declined'
  count: number | string
}

/**
 * Per offer: sessions that accepted it (completed) and sessions that declined it (skipped) in the
 * range; an event without a session counts on its own.
 */
export async function offerOutcomes(db: Db, accountId: string, range: AnalyticsRange) {
  const { rows } = await sql<OfferOutcomeRow>`
    select offer, step,
      count(distinct session_id) + count(*) filter (where session_id is null) as count
    from session_events
    where ${inRange(accountId, range)} and step in ('offer_accepted', 'offer_declined')
    group by offer, step`.execute(db)
  return rows
}

export interface OutcomeMonthRow {
  month: string
  step: 'cancel_completed' | 'reason_continue' | 'offer_accepted'
  count: number | string
}

/** The range cut at UTC month starts: each month's key and its [from, until) within the range. */
export function monthBounds(range: AnalyticsRange): { month: string; from: string; until: string }[] {
  return monthsInRange(range.start, range.end).map((month) => {
    const [year, monthNumber] = month.split('-').map(Number) as [number, number]
    const first = new Date(0)
    first.setUTCFullYear(year, monthNumber - 1, 1)
    const next = new Date(0)
    next.setUTCFullYear(year, monthNumber, 1)
    return {
      month,
      from: new Date(Math.max(first.getTime(), range.start.getTime())).toISOString(),
      until: new Date(Math.min(next.getTime(), range.until.getTime())).toISOString(),
    }
  })
}

/**
 * Save-rate aggregation: per UTC month of the range, the session ends — cancel_completed
 * (cancellations), reason_continue and offer_accepted (continues). One index-only count per month: the
 * month comes from the bounds passed in, not from an expression evaluated on every row.
 */
export async function outcomesByMonth(db: Db, accountId: string, range: AnalyticsRange) {
  const months = monthBounds(range)
  const { rows } = await sql<OutcomeMonthRow>`
    select m.month, counted.step, counted.count
    from unnest(
      ${months.map((m) => m.month)}::text[],
      ${months.map((m) => m.from)}::timestamptz[],
      ${months.map((m) => m.until)}::timestamptz[]
    ) as m(month, lo, hi)
    cross join lateral (
      select step, count(*) as count
      from session_events
      where account_id = ${accountId} and ${modeIs(range)}${rowsOfCohort(accountId, range.cohort)}
        and step in ('cancel_completed', 'reason_continue', 'offer_accepted')
        and created_at >= m.lo and created_at < m.hi
      group by step
    ) as counted`.execute(db)
  return rows
}

export interface WordCountRow {
  word: string
  count: number | string
}

const STOP_WORDS = [...ENGLISH_STOP_WORDS]

/**
 * Write-in word frequencies, tokenised exactly as shared `wordFrequencies` (see its comment): NFC,
 * lower case, ’ → ', split on runs of non-letters other than ', trim ' at both ends, at least two code
 * points, no stop word; count descending, then word by code point (COLLATE "C" on UTF-8), top `limit`.
 * The stop words travel as one array parameter, so the SQL text stays the same whatever the list holds,
 * and are tested once per distinct word, after grouping (OFFSET 0 keeps the planner from pushing the
 * test back down to every occurrence).
 *
 * Under the database's default collation the tokens were computed when the feedback was stored
 * (`session_events.words`, migration 031); under another one (a database whose default is plain C),
 * they are computed here, with the same rule under that collation.
 */
export async function writeInWordCounts(
  db: Db,
  accountId: string,
  range: AnalyticsRange,
  limit: number,
  collation: TextCollation,
) {
  const tokens =
    collation === 'default' ? storedTokens(accountId, range) : liveTokens(accountId, range, collation)
  const { rows } = await sql<WordCountRow>`
    select word, count
    from (
      select word, sum(occurrences) as count
      from (${tokens}) as tokens
      where char_length(word) >= 2
      group by word
      offset 0
    ) as words
    where word <> all(${STOP_WORDS}::text[])
    order by count desc, word collate "C"
    limit ${limit}`.execute(db)
  return rows
}

/** (word, occurrences) from the tokens stored with each feedback event. */
const storedTokens = (accountId: string, range: AnalyticsRange) => sql`
  select token as word, count(*) as occurrences
  from session_events, unnest(words) as token
  where ${inRange(accountId, range)} and step = 'feedback_submitted' and words is not null
  group by token`

/**
 * (word, occurrences) tokenised now, under `collation`. normalize() is the costliest step and a no-op
 * on ASCII (one byte per character), which most feedback is.
 */
const liveTokens = (accountId: string, range: AnalyticsRange, collation: TextCollation) => {
  const nfc = sql`case when octet_length(text) = char_length(text) then text else normalize(text, NFC) end`
  return sql`
    select btrim(token, '''') as word, count(*) as occurrences
    from session_events,
      regexp_split_to_table(
        lower(replace(${nfc}, ${'\u2019'}, '''') ${collateClause(collation)}),
        ${"[^[:alpha:]']+"}
      ) as token
    where ${inRange(accountId, range)} and step = 'feedback_submitted' and text is not null
    group by btrim(token, '''')`
}

export interface SavedRevenueRow {
  month: string
  mechanism: string
  currency: string | null
  mrr: number | string
  saves: number | string
}

/** Saves per (month, mechanism, currency): MRR kept (sum of mrr_after, minor units) and their number. */
export async function savesByMonth(db: Db, accountId: string, range: AnalyticsRange) {
  const { rows } = await sql<SavedRevenueRow>`
    select to_char(month, 'YYYY-MM') as month, mechanism, currency, mrr, saves
    from (
      select date_trunc('month', created_at at time zone 'UTC') as month, mechanism,
        lower(currency) as currency, sum(mrr_after) as mrr, count(*) as saves
      from saves
      where ${inRange(accountId, range)}
      group by 1, 2, 3
    ) as monthly`.execute(db)
  return rows
}

/** Cancel sessions (not reactivation banners) started in the range, by their own start (the headline row). */
export async function sessionsStarted(db: Db, accountId: string, range: AnalyticsRange): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`
    select count(*) as count from cancel_sessions
    where account_id = ${accountId} and kind = 'cancel' and mode = ${range.mode ?? 'live'}${sessionCohort(range.cohort)}
      and created_at >= ${range.start.toISOString()}::timestamptz
      and created_at < ${range.until.toISOString()}::timestamptz`.execute(db)
  return Number(rows[0]?.count ?? 0)
}
