import { monthsInRange, toCount } from '@retainkit/shared/analytics'
import {
  SENTIMENT_LABELS,
  SESSION_OUTCOMES,
  type SentimentBreakdown,
  type SentimentCounts,
  type SentimentLabel,
  type SessionOutcome,
  type WriteInSentiment,
} from '@retainkit/shared/feedback-insights'
import { type RawBuilder, sql } from 'kysely'
import type { AnalyticsCohort } from './cohort'
import type { AnalyticsContext } from './context'
import { rollupWindow } from './rollup-window'

/**
 * The write-in sentiment data sets, from the daily counts the insights pass keeps (migration 220):
 * whole UTC days from `analytics_daily_sentiment`, the partial days at a range's ends from the scored
 * write-ins themselves. Both data sets of one dashboard call share one read (`context.reads`).
 */
export interface SentimentRow {
  reason_key: string
  outcome: string
  segment_id: string
  arm_id: string
  sentiment: string
  month: string
  writeins: number | string
}

/** The cohort's conditions on columns where '' stands for no segment (the default flow). */
export function cohortColumns(cohort: AnalyticsCohort | undefined, prefix = ''): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = []
  if (cohort?.segmentId !== undefined)
    parts.push(
      sql` and ${sql.raw(`${prefix}segment_id`)} = ${cohort.segmentId === 'default' ? '' : cohort.segmentId}`,
    )
  if (cohort?.armId !== undefined) parts.push(sql` and ${sql.raw(`${prefix}arm_id`)} = ${cohort.armId}`)
  return parts.length === 0 ? sql`` : sql.join(parts, sql``)
}

const liveOf = (context: AnalyticsContext) => context.range.mode !== 'test'

async function readSentimentRows(context: AnalyticsContext): Promise<SentimentRow[]> {
  const { db, accountId, range } = context
  const w = rollupWindow(range)
  const cohort = cohortColumns(range.cohort)
  const { rows } = await sql<SentimentRow>`
    select reason_key, outcome, segment_id, arm_id, sentiment, to_char(day, 'YYYY-MM') as month,
      sum(writeins) as writeins
    from analytics_daily_sentiment
    where account_id = ${accountId} and live = ${liveOf(context)} and day >= ${w.dayFrom}::date
      and day < ${w.dayTo}::date${cohort}
    group by 1, 2, 3, 4, 5, 6
    union all
    select reason_key, outcome, segment_id, arm_id, sentiment,
      to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as writeins
    from feedback_insights
    join unnest(${w.edgeLo}::timestamptz[], ${w.edgeHi}::timestamptz[]) as edge (lo, hi)
      on created_at >= edge.lo and created_at < edge.hi
    where account_id = ${accountId} and live = ${liveOf(context)}${cohort}
    group by 1, 2, 3, 4, 5, 6`.execute(db)
  return rows
}

/** The rows, read once per dashboard call. */
export function sentimentRows(context: AnalyticsContext): Promise<SentimentRow[]> {
  const key = 'write-in-sentiment'
  const shared = context.reads?.get(key) as Promise<SentimentRow[]> | undefined
  if (shared) return shared
  const read = readSentimentRows(context)
  context.reads?.set(key, read)
  return read
}

const zero = (): SentimentCounts => ({ positive: 0, neutral: 0, negative: 0, not_scored: 0, total: 0 })
const isLabel = (value: string): value is SentimentLabel =>
  (SENTIMENT_LABELS as readonly string[]).includes(value)
const isOutcome = (value: string): value is SessionOutcome =>
  (SESSION_OUTCOMES as readonly string[]).includes(value)

function add(counts: SentimentCounts, sentiment: string, n: number): void {
  if (!isLabel(sentiment)) return
  counts[sentiment] += n
  counts.total += n
}

/** Counts per value of `keyOf`, in the order the keys were first met. */
function tally(rows: readonly SentimentRow[], keyOf: (row: SentimentRow) => string | null) {
  const groups = new Map<string, SentimentCounts>()
  for (const row of rows) {
    const key = keyOf(row)
    if (key === null) continue
    const counts = groups.get(key) ?? zero()
    add(counts, row.sentiment, toCount(row.writeins))
    groups.set(key, counts)
  }
  // Rows that moved (a settled outcome) leave zero counts behind: not a group of its own.
  return [...groups].filter(([, counts]) => counts.total > 0)
}

const byTotal = <T extends { total: number }>(a: T, b: T) => b.total - a.total

export function shapeSentiment(rows: readonly SentimentRow[]): WriteInSentiment {
  const total = zero()
  for (const row of rows) add(total, row.sentiment, toCount(row.writeins))
  return { total }
}

export function shapeSentimentBreakdown(
  rows: readonly SentimentRow[],
  context: Pick<AnalyticsContext, 'range'>,
): SentimentBreakdown {
  const months = new Map(tally(rows, (row) => row.month))
  return {
    byReason: tally(rows, (row) => row.reason_key)
      .map(([reason_key, counts]) => ({ reason_key, ...counts }))
      .sort(byTotal),
    byOutcome: tally(rows, (row) => (isOutcome(row.outcome) ? row.outcome : null))
      .map(([outcome, counts]) => ({ outcome: outcome as SessionOutcome, ...counts }))
      .sort((a, b) => SESSION_OUTCOMES.indexOf(a.outcome) - SESSION_OUTCOMES.indexOf(b.outcome)),
    bySegment: tally(rows, (row) => row.segment_id)
      .map(([segment, counts]) => ({ segment_id: segment === '' ? null : segment, ...counts }))
      .sort(byTotal),
    byArm: tally(rows, (row) => (row.arm_id === '' ? null : row.arm_id))
      .map(([arm_id, counts]) => ({ arm_id, ...counts }))
      .sort(byTotal),
    byMonth: monthsInRange(context.range.start, context.range.end).map((month) => ({
      month,
      ...(months.get(month) ?? zero()),
    })),
  }
}
