import { DEFAULT_ANALYTICS_PERIOD, PERIOD_MONTHS } from '@retainkit/shared/constants'
import {
  endOfUtcDay,
  parsePeriod,
  parseUtcTimestamp,
  shiftUtcMonths,
  startOfUtcDay,
} from '@retainkit/shared/period'
import { type AnalyticsMode, MESSAGES } from '@retainkit/shared/schemas'
import { HttpError } from '../../http/http-error'
import type { AnalyticsCohort } from './cohort'

/**
 * The time span an analytics call covers. `start` and `end` are inclusive to the millisecond; SQL reads
 * `created_at >= start AND created_at < until` with `until = end + 1 ms`, so an event stored at
 * 23:59:59.999999 (PostgreSQL keeps microseconds) still belongs to the day that `end` closes.
 */
export interface AnalyticsRange {
  start: Date
  end: Date
  until: Date
  /** Which sessions count: live ones (absent: live), or the merchant's test-mode rehearsals. */
  mode?: AnalyticsMode
  /** Only the sessions of one segment and/or experiment arm (read from the raw events, not rollups). */
  cohort?: AnalyticsCohort
}

/** Longest span one call may cover: every month in it is zero-filled, so an unbounded span is a DoS. */
export const MAX_RANGE_MONTHS = 120
export const RANGE_TOO_LONG_MESSAGE = 'Date range cannot exceed 10 years'

// Timestamps the database and JavaScript both represent without surprises (PostgreSQL has no year 0,
// and the `pg` driver prints pre-1970 and five-digit years in forms the server reads differently).
const EARLIEST = Date.UTC(1970, 0, 1)
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

function dateError(field: 'startDate' | 'endDate', message: string = MESSAGES.dateFormat): HttpError {
  return new HttpError('VALIDATION_FAILED', message, field, [{ field, message }])
}

/** A validated query date as an instant; a bare date is its UTC day's first or last millisecond. */
function boundOf(value: string, field: 'startDate' | 'endDate'): Date {
  const parsed = parseUtcTimestamp(value)
  if (!parsed) throw dateError(field)
  const bound = DATE_ONLY.test(value)
    ? field === 'startDate'
      ? startOfUtcDay(parsed)
      : endOfUtcDay(parsed)
    : parsed
  if (bound.getTime() < EARLIEST || bound.getTime() > LATEST) throw dateError(field)
  return bound
}

/**
 * Resolves the analytics query's optional `startDate`/`endDate` (already checked by the shared schema)
 * into a range. Both absent: the default period (3 months, shared parsePeriod). Only `endDate`:
 * the default period's length ending then. Only `startDate`: from then through the end of today (UTC).
 * `mode` (the query's, default live) travels with the range: every query filters on it.
 */
export function resolveRange(
  startDate: string | undefined,
  endDate: string | undefined,
  now: Date,
  mode: AnalyticsMode = 'live',
): AnalyticsRange {
  const fallback = parsePeriod(DEFAULT_ANALYTICS_PERIOD, () => now)
  if (!fallback.ok) throw new Error('the default analytics period does not parse')
  // Parsed start first, so a request with two bad dates hears about startDate, as the schema reports.
  const givenStart = startDate === undefined ? undefined : boundOf(startDate, 'startDate')
  const end = endDate === undefined ? fallback.end : boundOf(endDate, 'endDate')
  const start = givenStart ?? startOfUtcDay(shiftUtcMonths(end, -PERIOD_MONTHS[DEFAULT_ANALYTICS_PERIOD]))
  // The schema compares the raw strings; a lone startDate after today only shows up here.
  if (start.getTime() > end.getTime()) throw dateError('endDate', MESSAGES.dateOrder)
  if (shiftUtcMonths(start, MAX_RANGE_MONTHS).getTime() <= end.getTime()) {
    throw dateError('startDate', RANGE_TOO_LONG_MESSAGE)
  }
  return { start, end, until: new Date(end.getTime() + 1), mode }
}
