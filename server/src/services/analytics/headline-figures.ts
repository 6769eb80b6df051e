import { cancellationReasons, SAVE_RATE_ENDS, saveRate, toCount } from '@retainkit/shared/analytics'
import { type Money, MoneyTotals } from '@retainkit/shared/money'
import type { HeadlineFigures } from '@retainkit/shared/schemas'
import { SAVE_MECHANISMS } from '@retainkit/shared/vocabulary'
import type { AnalyticsContext } from './context'
import {
  lastReasons,
  type OutcomeMonthRow,
  outcomesByMonth,
  type SavedRevenueRow,
  savesByMonth,
  sessionsStarted,
} from './queries'
import type { AnalyticsRange } from './range'
import { outcomesOfActivity, reasonsOfActivity, sumOverMonths } from './rollup-queries'
import { NO_CURRENCY } from './saved-money'
import { sharedActivity, sharedSavesByMonth, sharedSessionsStarted } from './shared-reads'

/**
 * The dashboard's headline row: for the requested range and for the range of the same length that
 * ends where it starts, the cancel sessions started, the save rate (continues out of finished
 * sessions), the MRR kept by saves (Pro only, like the saved-revenue chart) and the most given reason.
 * The same reads the charts use (in a combined dashboard call, the very same ones), so the row and the
 * charts cannot disagree.
 */

/** Where the figures' rows come from: the rollups (what the charts read) or the raw events. */
export interface HeadlineSource {
  sessionsStarted(context: AnalyticsContext, range: AnalyticsRange): Promise<number>
  outcomesByMonth(context: AnalyticsContext, range: AnalyticsRange): Promise<OutcomeMonthRow[]>
  reasons(
    context: AnalyticsContext,
    range: AnalyticsRange,
  ): Promise<{ reason_key: string; count: number | string }[]>
  savesByMonth(context: AnalyticsContext, range: AnalyticsRange): Promise<SavedRevenueRow[]>
}

export const ROLLUP_HEADLINE_SOURCE: HeadlineSource = {
  sessionsStarted: sharedSessionsStarted,
  outcomesByMonth: async (context, range) => outcomesOfActivity(await sharedActivity(context, range)),
  reasons: async (context, range) => sumOverMonths(reasonsOfActivity(await sharedActivity(context, range))),
  savesByMonth: sharedSavesByMonth,
}

/** The raw-event queries: the oracle the rollups are tested against, and what a segment slice reads. */
export const RAW_HEADLINE_SOURCE: HeadlineSource = {
  sessionsStarted: ({ db, accountId }, range) => sessionsStarted(db, accountId, range),
  outcomesByMonth: ({ db, accountId }, range) => outcomesByMonth(db, accountId, range),
  reasons: ({ db, accountId }, range) => lastReasons(db, accountId, range),
  savesByMonth: ({ db, accountId }, range) => savesByMonth(db, accountId, range),
}

/** The range of the same length ending where `range` starts, of the same sessions (mode, cohort). */
export function previousRange(range: AnalyticsRange): AnalyticsRange {
  const length = range.until.getTime() - range.start.getTime()
  const start = new Date(range.start.getTime() - length)
  return { ...range, start, end: new Date(range.start.getTime() - 1), until: range.start }
}

interface PeriodFigures {
  sessions: number
  saveRate: number | null
  /** MRR kept by the period's saves when accepted, per currency (reactivations aside). */
  savedMrr: Money[]
  topReason: { reason_key: string; count: number } | null
}

async function figuresFor(
  context: AnalyticsContext,
  range: AnalyticsRange,
  source: HeadlineSource,
): Promise<PeriodFigures> {
  const [sessions, outcomes, reasons, saves] = await Promise.all([
    source.sessionsStarted(context, range),
    source.outcomesByMonth(context, range),
    source.reasons(context, range),
    context.tier === 'pro' ? source.savesByMonth(context, range) : Promise.resolve([]),
  ])
  let cancellations = 0
  let continues = 0
  for (const row of outcomes) {
    if (SAVE_RATE_ENDS[row.step] === 'cancellations') cancellations += toCount(row.count)
    else continues += toCount(row.count)
  }
  const top = cancellationReasons(reasons)[0]
  return {
    sessions,
    saveRate: cancellations + continues === 0 ? null : saveRate(continues, cancellations),
    savedMrr: savedMrrOf(saves),
    topReason: top ? { reason_key: top.reason_key, count: top.count } : null,
  }
}

function savedMrrOf(rows: readonly SavedRevenueRow[]): Money[] {
  const totals = new MoneyTotals()
  for (const row of rows) {
    if (!(SAVE_MECHANISMS as readonly string[]).includes(row.mechanism)) continue
    const mrr = toCount(row.mrr)
    if (row.currency !== null || mrr !== 0) totals.addStripe(mrr, row.currency ?? NO_CURRENCY)
  }
  return totals.list()
}

/** The two periods' lists side by side: one row per currency either period has. */
function perCurrency(current: readonly Money[], previous: readonly Money[]) {
  const codes = [...new Set([...current, ...previous].map((value) => value.currency))].sort()
  const amountIn = (list: readonly Money[], code: string) =>
    list.find((m) => m.currency === code)?.amount ?? 0
  return codes.map((currency) => ({
    currency,
    current: amountIn(current, currency),
    previous: amountIn(previous, currency),
  }))
}

export async function fetchHeadlineFigures(
  context: AnalyticsContext,
  source: HeadlineSource = ROLLUP_HEADLINE_SOURCE,
) {
  const before = previousRange(context.range)
  const [current, previous] = await Promise.all([
    figuresFor(context, context.range, source),
    figuresFor(context, before, source),
  ])
  return { current, previous, before }
}

export function shapeHeadlineFigures(
  { current, previous, before }: Awaited<ReturnType<typeof fetchHeadlineFigures>>,
  context: AnalyticsContext,
): HeadlineFigures {
  return {
    sessions: { current: current.sessions, previous: previous.sessions },
    save_rate: { current: current.saveRate, previous: previous.saveRate },
    saved_mrr: context.tier === 'pro' ? perCurrency(current.savedMrr, previous.savedMrr) : null,
    top_reason: { current: current.topReason, previous: previous.topReason },
    previous_period: { start: before.start.toISOString(), end: before.end.toISOString() },
  }
}
