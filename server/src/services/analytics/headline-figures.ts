import { cancellationReasons, SAVE_RATE_ENDS, saveRate, toCount } from '@retainkit/shared/analytics'
import type { HeadlineFigures } from '@retainkit/shared/schemas'
import type { AnalyticsContext } from './endpoints'
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
import { shapeSavedRevenue } from './saved-revenue'
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
  savedMrr: number
  currency: string | null
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
  const revenue = shapeSavedRevenue(saves, range)
  const top = cancellationReasons(reasons)[0]
  return {
    sessions,
    saveRate: cancellations + continues === 0 ? null : saveRate(continues, cancellations),
    savedMrr: revenue.total,
    currency: revenue.currency,
    topReason: top ? { reason_key: top.reason_key, count: top.count } : null,
  }
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
    saved_mrr:
      context.tier === 'pro'
        ? {
            current: current.savedMrr,
            previous: previous.savedMrr,
            currency: current.currency ?? previous.currency,
          }
        : null,
    top_reason: { current: current.topReason, previous: previous.topReason },
    previous_period: { start: before.start.toISOString(), end: before.end.toISOString() },
  }
}
