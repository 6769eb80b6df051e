import { SAVE_MECHANISMS, type SaveMechanism } from './config/vocabulary'
import { parseUtcTimestamp, toInstant, utcMonthKey } from './period'
import { STOP_WORDS } from './stop-words'

/**
 * Analytics maths: turns the rows the data service
 * returns into what the console charts. Pure and zod-free, so the console can import it into the browser.
 * Months are UTC calendar months keyed `YYYY-MM` (see period.ts for why UTC).
 */

/** A count as a database driver may hand it over: PostgreSQL's bigint `count(*)` arrives as a string. */
export type Count = number | bigint | string

/** A time span; `parsePeriod`'s result fits. */
export interface MonthRange {
  start: Date
  end: Date
}

/** How many write-in words the dashboard shows (top 100). */
export const WRITE_IN_WORDS_LIMIT = 100

/**
 * Normalises a count to a non-negative safe integer. Anything else (negative, fractional, NaN, 'abc')
 * means corrupt data and throws rather than charting a wrong number — and it keeps '12' + 3 from
 * becoming '123'.
 */
export function toCount(value: Count): number {
  const asNumber =
    typeof value === 'string' ? (/^\d+$/.test(value) ? Number(value) : Number.NaN) : Number(value)
  if (!Number.isSafeInteger(asNumber) || asNumber < 0) {
    throw new RangeError(`Expected a non-negative integer count, got ${String(value)}`)
  }
  return asNumber
}

/**
 * part / whole × 100 rounded to two decimals, half away from zero, in exact integer arithmetic:
 * in floating point 23/160 × 100 is 14.374999…, so Math.round would give 14.37 instead of 14.38.
 * 0 when `whole` is 0.
 */
export function percentage(part: Count, whole: Count): number {
  const total = BigInt(toCount(whole))
  if (total === 0n) return 0
  const scaled = BigInt(toCount(part)) * 10_000n
  let hundredths = scaled / total
  if ((scaled % total) * 2n >= total) hundredths += 1n
  // Dividing an integer by 100 is correctly rounded, so this is the same double as the literal '66.67'.
  return Number(hundredths) / 100
}

/**
 * Continues / (cancellations + continues) × 100, two decimals, 0 without events. A continue is
 * a subscriber who stayed: who kept their plan (reason_continue) or accepted an offer (offer_accepted).
 */
export const saveRate = (continues: Count, cancellations: Count): number =>
  percentage(continues, toCount(continues) + toCount(cancellations))

/**
 * How a month plots on the save-rate chart: its rate, or null — a gap, not 0 % — when no session
 * ended that month (the API's 0 for such a month means "nothing to divide", not "nobody stayed").
 */
export const plottedSaveRate = (point: Pick<SaveRatePoint, 'saveRate' | 'cancellations' | 'continues'>) =>
  point.cancellations + point.continues === 0 ? null : point.saveRate

/**
 * Tie-breaks order strings by Unicode code point, which is what PostgreSQL's `COLLATE "C"` does on UTF-8
 * text; JavaScript's `<` compares UTF-16 units and differs for characters beyond the BMP.
 */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a]
  const right = [...b]
  const length = Math.min(left.length, right.length)
  for (let index = 0; index < length; index++) {
    const difference = (left[index]?.codePointAt(0) ?? 0) - (right[index]?.codePointAt(0) ?? 0)
    if (difference !== 0) return difference
  }
  return left.length - right.length
}

/** Every UTC month from `start`'s through `end`'s, inclusive, ascending; [] when start is after end. */
export function monthsInRange(start: Date, end: Date): string[] {
  const months: string[] = []
  const last = end.getUTCFullYear() * 12 + end.getUTCMonth()
  // Counting in months since year 0 steps over year ends without special cases; NaN never loops.
  for (let index = start.getUTCFullYear() * 12 + start.getUTCMonth(); index <= last; index++) {
    const first = new Date(0)
    first.setUTCFullYear(Math.floor(index / 12), index % 12, 1)
    months.push(utcMonthKey(first))
  }
  return months
}

/**
 * The buckets a chart shows: with a range, exactly its months (zero-filled, in order) and rows from other
 * months are dropped, as they belong to no bar on the chart; without one, whatever months the rows hit.
 */
function monthBuckets<T>(range: MonthRange | undefined, empty: () => T) {
  const buckets = new Map<string, T>()
  if (range) for (const month of monthsInRange(range.start, range.end)) buckets.set(month, empty())
  return {
    /** The bucket of a month, created on first use without a range; undefined when outside the range. */
    at(month: string): T | undefined {
      let bucket = buckets.get(month)
      if (!bucket && !range) {
        bucket = empty()
        buckets.set(month, bucket)
      }
      return bucket
    },
    /** All buckets, months ascending (`YYYY-MM` sorts as text). */
    sorted(): [string, T][] {
      return [...buckets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    },
  }
}

// ---------------------------------------------------------------------------------------------------
// Save rate over time

export interface SaveRateEventRow {
  timestamp: string | Date
  step: string
}

export interface SaveRatePoint {
  month: string
  saveRate: number
  cancellations: number
  /** kept + acceptedOffers */
  continues: number
  /** Subscribers who kept their plan without an offer (reason_continue). */
  kept: number
  /** Subscribers who accepted a save offer (offer_accepted). */
  acceptedOffers: number
}

/** The session ends the save rate counts, and what each one is. */
export const SAVE_RATE_ENDS = {
  cancel_completed: 'cancellations',
  reason_continue: 'kept',
  offer_accepted: 'acceptedOffers',
} as const

type SaveRateEnd = keyof typeof SAVE_RATE_ENDS

const isSaveRateEnd = (step: string): step is SaveRateEnd => Object.hasOwn(SAVE_RATE_ENDS, step)

/** One month's point from its three counts. */
export function saveRatePoint(
  month: string,
  counts: { cancellations: number; kept: number; acceptedOffers: number },
): SaveRatePoint {
  const continues = counts.kept + counts.acceptedOffers
  return { month, saveRate: saveRate(continues, counts.cancellations), continues, ...counts }
}

/**
 * Per UTC calendar month, `cancel_completed` is a cancellation, and
 * `reason_continue` (kept the plan) and `offer_accepted` (took an offer) are continues — the server
 * records each session's end once, so each subscriber who finished the flow counts once. Other steps
 * and rows whose timestamp does not parse are ignored.
 */
export function saveRateOverTime(rows: readonly SaveRateEventRow[], range?: MonthRange): SaveRatePoint[] {
  const buckets = monthBuckets(range, () => ({ cancellations: 0, kept: 0, acceptedOffers: 0 }))
  for (const row of rows) {
    if (!isSaveRateEnd(row.step)) continue
    const at = toInstant(row.timestamp)
    if (!at) continue
    const bucket = buckets.at(utcMonthKey(at))
    if (!bucket) continue
    bucket[SAVE_RATE_ENDS[row.step]] += 1
  }
  return buckets.sorted().map(([month, counts]) => saveRatePoint(month, counts))
}

// ---------------------------------------------------------------------------------------------------
// Save-mechanism performance

export interface MechanismRow {
  mechanism: string
  completed: Count
  skipped: Count
}

export interface MechanismPerformance {
  mechanism: SaveMechanism
  /** offer_accepted sessions */
  completed: number
  /** offer_declined sessions */
  skipped: number
}

const isSaveMechanism = (value: string): value is SaveMechanism =>
  (SAVE_MECHANISMS as readonly string[]).includes(value)

/** Always every mechanism, in SAVE_MECHANISMS order, zero-filled; duplicates summed, unknowns ignored. */
export function mechanismPerformance(rows: readonly MechanismRow[]): MechanismPerformance[] {
  const totals = new Map<SaveMechanism, { completed: number; skipped: number }>()
  for (const mechanism of SAVE_MECHANISMS) totals.set(mechanism, { completed: 0, skipped: 0 })
  for (const row of rows) {
    if (!isSaveMechanism(row.mechanism)) continue
    const total = totals.get(row.mechanism)
    if (!total) continue
    total.completed += toCount(row.completed)
    total.skipped += toCount(row.skipped)
  }
  return SAVE_MECHANISMS.map((mechanism) => ({
    mechanism,
    completed: totals.get(mechanism)?.completed ?? 0,
    skipped: totals.get(mechanism)?.skipped ?? 0,
  }))
}

// ---------------------------------------------------------------------------------------------------
// Cancellation reasons

export interface ReasonCountRow {
  reason_key: string
  count: Count
}

export interface ReasonShare {
  reason_key: string
  count: number
  /** Percent of all counted cancellations, two decimals; shares may miss 100 by rounding. */
  share: number
}

/** Sums counts per key; keys in first-seen order. */
function sumByKey<T>(rows: readonly T[], keyOf: (row: T) => string, countOf: (row: T) => Count) {
  const totals = new Map<string, number>()
  for (const row of rows) totals.set(keyOf(row), (totals.get(keyOf(row)) ?? 0) + toCount(countOf(row)))
  return totals
}

/** Count descending, then key by code point, so equal counts never reshuffle between renders. */
const byCountThenKey = ([keyA, countA]: [string, number], [keyB, countB]: [string, number]): number =>
  countB - countA || compareCodePoints(keyA, keyB)

/** Reasons by count (then key), duplicates summed, each with its share of the total. */
export function cancellationReasons(rows: readonly ReasonCountRow[]): ReasonShare[] {
  const totals = [
    ...sumByKey(
      rows,
      (row) => row.reason_key,
      (row) => row.count,
    ),
  ].sort(byCountThenKey)
  const all = totals.reduce((sum, [, count]) => sum + count, 0)
  return totals.map(([reason_key, count]) => ({ reason_key, count, share: percentage(count, all) }))
}

export interface ReasonsOverTimeRow {
  /** The first of the month: `YYYY-MM`, `YYYY-MM-DD`, a timestamp or a Date. */
  month: string | Date
  reason_key: string
  count: Count
}

/** One chart row: `month` plus a count for every reason key. */
export type ReasonsByMonth = { month: string } & Record<string, number | string>

export interface ReasonsOverTime {
  /** One row per month, ascending, each carrying every key in `keys` (zero-filled). */
  data: ReasonsByMonth[]
  /** Reason keys by total count descending, then key: the chart's series order. */
  keys: string[]
}

const MONTH_PREFIX = /^(\d{4})-(\d{2})(?:$|-)/

/**
 * The month a reasons-over-time row belongs to. The data service sends the first of the month as
 * `YYYY-MM`, `YYYY-MM-DD` or a timestamp; the month written in a string is taken as is, because a
 * `2026-02-01T00:00:00+02:00` still means February even though it is January in UTC. A Date counts by
 * its UTC month.
 */
function monthOf(value: string | Date): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : utcMonthKey(value)
  const match = MONTH_PREFIX.exec(value)
  const month = Number(match?.[2])
  if (!match || month < 1 || month > 12) return undefined
  return value.length === 7 || parseUtcTimestamp(value) ? `${match[1]}-${match[2]}` : undefined
}

/**
 * Reasons over time. Rows whose month does not parse are ignored, and so is a reason keyed
 * 'month', which would overwrite the row's own month.
 */
export function reasonsOverTime(rows: readonly ReasonsOverTimeRow[], range?: MonthRange): ReasonsOverTime {
  const buckets = monthBuckets(range, () => new Map<string, number>())
  const totals = new Map<string, number>()
  for (const row of rows) {
    if (row.reason_key === 'month') continue
    const month = monthOf(row.month)
    const bucket = month === undefined ? undefined : buckets.at(month)
    if (!bucket) continue
    const count = toCount(row.count)
    bucket.set(row.reason_key, (bucket.get(row.reason_key) ?? 0) + count)
    totals.set(row.reason_key, (totals.get(row.reason_key) ?? 0) + count)
  }
  const keys = [...totals].sort(byCountThenKey).map(([key]) => key)
  // Object.fromEntries defines own properties, so a hostile key such as '__proto__' stays plain data.
  const data = buckets
    .sorted()
    .map(
      ([month, counts]) =>
        Object.fromEntries([
          ['month', month],
          ...keys.map((key) => [key, counts.get(key) ?? 0]),
        ]) as ReasonsByMonth,
    )
  return { data, keys }
}

// ---------------------------------------------------------------------------------------------------
// Write-in words

export interface WordCount {
  word: string
  count: number
}

/** The shape the word cloud takes (`{text, value}` built from word and count). */
export interface WordCloudEntry {
  text: string
  value: number
}

/** Write-in words: duplicates summed, count descending then word, top 100. */
export function writeInWords(rows: readonly { word: string; count: Count }[]): WordCloudEntry[] {
  return [
    ...sumByKey(
      rows,
      (row) => row.word,
      (row) => row.count,
    ),
  ]
    .sort(byCountThenKey)
    .slice(0, WRITE_IN_WORDS_LIMIT)
    .map(([text, value]) => ({ text, value }))
}

/**
 * Word frequencies of write-in feedback. The server computes the same in SQL, so the rule is kept simple
 * enough to mirror exactly:
 *   1. normalise to NFC, lower-case, and turn typographic apostrophes (’) into ';
 *   2. split on every run of characters that are neither Unicode letters nor ' — digits, punctuation and
 *      spaces all separate words, so numbers vanish;
 *   3. strip ' from both ends of each token ("'hello'" → hello; "don't" keeps its inner ');
 *   4. drop tokens shorter than 2 characters (code points) and stop words (stop-words.ts);
 *   5. count, then order by count descending and word by code point; keep the first `limit`.
 * In PostgreSQL:
 *   SELECT word, count(*) FROM (
 *     SELECT btrim(w, '''') AS word FROM feedback,
 *       regexp_split_to_table(lower(replace(normalize(text, NFC), '’', '''')), '[^[:alpha:]'']+') AS w
 *   ) t WHERE char_length(word) >= 2 AND word <> ALL($stopWords)
 *   GROUP BY word ORDER BY count(*) DESC, word COLLATE "C" LIMIT $limit
 */
export function wordFrequencies(texts: readonly string[], limit = WRITE_IN_WORDS_LIMIT): WordCount[] {
  const counts = new Map<string, number>()
  for (const text of texts) {
    const tokens = text
      .normalize('NFC')
      .toLowerCase()
      .replaceAll('\u2019', "'")
      .split(/[^\p{L}']+/u)
    for (const token of tokens) {
      const word = token.replace(/^'+|'+$/g, '')
      if ([...word].length < 2 || STOP_WORDS.has(word)) continue
      counts.set(word, (counts.get(word) ?? 0) + 1)
    }
  }
  return [...counts]
    .sort(byCountThenKey)
    .slice(0, Math.max(0, limit))
    .map(([word, count]) => ({ word, count }))
}

// ---------------------------------------------------------------------------------------------------
// Saved revenue

export interface SaveRecord {
  at: string | Date
  mechanism: string
  /** MRR before the offer, minor units (cents); recorded for reference, not counted as kept. */
  mrrBefore: Count
  /** MRR after the offer, minor units (cents). */
  mrrAfter: Count
}

export interface SavedRevenue {
  /** MRR kept by all counted saves, minor units. */
  total: number
  /** Per UTC month, ascending: MRR kept and number of saves. */
  byMonth: { month: string; mrr: number; saves: number }[]
  byMechanism: Record<SaveMechanism, number>
}

/**
 * Saved revenue (MRR kept by saves). The MRR a save keeps is `mrrAfter`: without the save the
 * subscriber would have left and paid 0, so everything they still pay is kept — not the difference to
 * `mrrBefore`, which is the price of the offer. Amounts are integers in the account's currency's minor
 * units (cents): money is never a float here, so sums are exact. Saves with an unknown mechanism or an
 * unparseable time are ignored, as are saves outside the range's months when a range is given.
 */
export function savedRevenue(saves: readonly SaveRecord[], range?: MonthRange): SavedRevenue {
  const buckets = monthBuckets(range, () => ({ mrr: 0, saves: 0 }))
  const byMechanism = Object.fromEntries(SAVE_MECHANISMS.map((mechanism) => [mechanism, 0])) as Record<
    SaveMechanism,
    number
  >
  let total = 0
  for (const save of saves) {
    if (!isSaveMechanism(save.mechanism)) continue
    const at = toInstant(save.at)
    const bucket = at ? buckets.at(utcMonthKey(at)) : undefined
    if (!bucket) continue
    const kept = toCount(save.mrrAfter)
    bucket.mrr += kept
    bucket.saves += 1
    byMechanism[save.mechanism] += kept
    total += kept
  }
  const byMonth = buckets.sorted().map(([month, bucket]) => ({ month, ...bucket }))
  return { total, byMonth, byMechanism }
}
