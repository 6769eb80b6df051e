import type { AnalyticsContext } from './context'
import type { AnalyticsRange } from './range'
import { rolledUpActivity, rolledUpSavesByMonth, rolledUpSessionsStarted } from './rollup-queries'

/**
 * The rollup reads the dashboard's data sets have in common, each run once per request: the reasons,
 * the offer outcomes, the save rate and the headline row all come from one read of the daily activity
 * rows; saved revenue and the headline row share the saves. The combined dashboard call then sends each
 * statement once, all of them at the same time, instead of one set per data set.
 */

const rangeKey = (range: AnalyticsRange) =>
  `${range.mode ?? 'live'} ${range.start.toISOString()} ${range.until.toISOString()}`

function once<T>(context: AnalyticsContext, key: string, read: () => Promise<T>): Promise<T> {
  const reads = context.reads
  if (!reads) return read()
  const known = reads.get(key)
  if (known) return known as Promise<T>
  const pending = read()
  reads.set(key, pending)
  return pending
}

export const sharedActivity = (context: AnalyticsContext, range: AnalyticsRange = context.range) =>
  once(context, `activity ${rangeKey(range)}`, () => rolledUpActivity(context.db, context.accountId, range))

export const sharedSavesByMonth = (context: AnalyticsContext, range: AnalyticsRange = context.range) =>
  once(context, `saves ${rangeKey(range)}`, () => rolledUpSavesByMonth(context.db, context.accountId, range))

export const sharedSessionsStarted = (context: AnalyticsContext, range: AnalyticsRange = context.range) =>
  once(context, `sessions ${rangeKey(range)}`, () =>
    rolledUpSessionsStarted(context.db, context.accountId, range),
  )
