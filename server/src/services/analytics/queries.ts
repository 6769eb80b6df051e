import { ENGLISH_STOP_WORDS } from '@retainkit/shared/stop-words'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import type { AnalyticsRange } from './range'
import { collateClause, type TextCollation } from './text-collation'

/**
 * The analytics reads (spec 3, 7; DESIGN 5). Every aggregate is computed by the database over
 * `session_events` (or `saves`) for one account and one time range: only grouped rows come back, never
 * the events themselves. Months are UTC calendar months (`YYYY-MM`), like shared period.ts.
 *
 * Counting rule: the reason, mechanism and save-rate figures count SESSIONS, not events — a subscriber
 * who clicks twice, or whose widget replays a batch, counts once. An event without a session (the column
 * is nullable) counts as a session of its own.
 */

type Db = Kysely<Database>

const sessionKey = sql`coalesce(session_id, '#' || id::text)`
const utcMonth = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM')`

/** The shared filter: one account, one range (`created_at` in [start, until)). */
const inRange = (accountId: string, range: AnalyticsRange) =>
  sql`account_id = ${accountId}
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
 */
export async function lastReasonsByMonth(db: Db, accountId: string, range: AnalyticsRange) {
  const { rows } = await sql<ReasonMonthRow>`
    select month, reason_key, count(*) as count
    from (
      select distinct on (${sessionKey}) reason_key, ${utcMonth('created_at')} as month
      from session_events
      where ${inRange(accountId, range)} and step = 'reason_selected'
      order by ${sessionKey}, created_at desc, id desc
    ) as last_choice
    where reason_key is not null
    group by month, reason_key`.execute(db)
  return rows
}

export interface OfferOutcomeRow {
  offer: string | null
  completed: number | string
  skipped: number | string
}

/** Per offer: sessions that accepted it (offer_accepted) and sessions that declined it (offer_declined). */
export async function offerOutcomes(db: Db, accountId: string, range: AnalyticsRange) {
  const { rows } = await sql<OfferOutcomeRow>`
    select offer,
      count(distinct ${sessionKey}) filter (where step = 'offer_accepted') as completed,
      count(distinct ${sessionKey}) filter (where step = 'offer_declined') as skipped
    from session_events
    where ${inRange(accountId, range)} and step in ('offer_accepted', 'offer_declined')
    group by offer`.execute(db)
  return rows
}

export interface OutcomeMonthRow {
  month: string
  cancellations: number | string
  continues: number | string
}

/** Spec 4 save-rate aggregation: per UTC month, sessions with cancel_completed and with reason_continue. */
export async function outcomesByMonth(db: Db, accountId: string, range: AnalyticsRange) {
  const { rows } = await sql<OutcomeMonthRow>`
    select ${utcMonth('created_at')} as month,
      count(distinct ${sessionKey}) filter (where step = 'cancel_completed') as cancellations,
      count(distinct ${sessionKey}) filter (where step = 'reason_continue') as continues
    from session_events
    where ${inRange(accountId, range)} and step in ('cancel_completed', 'reason_continue')
    group by month`.execute(db)
  return rows
}

export interface WordCountRow {
  word: string
  count: number | string
}

/**
 * Write-in word frequencies, tokenised exactly as shared `wordFrequencies` (see its comment): NFC,
 * lower case, ’ → ', split on runs of non-letters other than ', trim ' at both ends, at least two code
 * points, no stop word; count descending, then word by code point (COLLATE "C" on UTF-8), top `limit`.
 * The stop words travel as one array parameter, so the SQL text stays the same whatever the list holds.
 */
export async function writeInWordCounts(
  db: Db,
  accountId: string,
  range: AnalyticsRange,
  limit: number,
  collation: TextCollation,
) {
  const collate = collateClause(collation)
  const { rows } = await sql<WordCountRow>`
    select word, count(*) as count
    from (
      select btrim(token, '''') as word
      from session_events,
        regexp_split_to_table(
          lower(replace(normalize(text, NFC), ${'\u2019'}, '''') ${collate}),
          ${"[^[:alpha:]']+"} ${collate}
        ) as token
      where ${inRange(accountId, range)} and step = 'feedback_submitted' and text is not null
    ) as tokens
    where char_length(word) >= 2 and word <> all(${[...ENGLISH_STOP_WORDS]}::text[])
    group by word
    order by count(*) desc, word collate "C"
    limit ${limit}`.execute(db)
  return rows
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
    select ${utcMonth('created_at')} as month, mechanism, lower(currency) as currency,
      sum(mrr_after) as mrr, count(*) as saves
    from saves
    where ${inRange(accountId, range)}
    group by month, mechanism, lower(currency)`.execute(db)
  return rows
}
