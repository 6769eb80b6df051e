import {
  ANALYTICS_PERIODS,
  type AnalyticsPresetPeriod,
  DAY_AND_CALENDAR_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  PERIOD_MONTHS,
  type RollingPresetPeriod,
} from './constants'

/**
 * Analytics periods and the UTC calendar helpers the
 * analytics maths shares with them.
 *
 * Every day and month boundary here is in UTC, never the runtime's local zone: the server stores UTC
 * timestamps and the dashboard labels months in UTC, so a browser in Tokyo and a server in Virginia cut
 * the same period into the same days and months.
 */

/** The period errors, word for word. */
export const PERIOD_MESSAGES = {
  invalidCustomRange: 'Invalid custom date range',
  customStartAfterEnd: 'Custom start date must be on or before end date',
  unsupported: 'Unsupported period',
} as const
export type PeriodMessage = (typeof PERIOD_MESSAGES)[keyof typeof PERIOD_MESSAGES]

/** `custom:START:END`, each a `YYYY-MM-DD` date or an ISO datetime with a zone. */
export type CustomPeriod = `custom:${string}:${string}`
export type AnalyticsPeriod = AnalyticsPresetPeriod | CustomPeriod

export type PeriodResult =
  | { ok: true; period: AnalyticsPeriod; start: Date; end: Date }
  | { ok: false; message: PeriodMessage }

export type PeriodRangeResult =
  | { ok: true; startDate: string; endDate: string }
  | { ok: false; message: PeriodMessage }

const MS_PER_DAY = 86_400_000
const CUSTOM_PREFIX = 'custom:'

// ---------------------------------------------------------------------------------------------------
// UTC calendar helpers

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** Days in a month; `month` is 1–12. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** A UTC instant from calendar fields (month 1–12). Years 0–99 stay themselves (Date.UTC would add 1900). */
function utcInstant(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0, ms = 0) {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hours, minutes, seconds, ms)
  return date
}

export const startOfUtcDay = (date: Date): Date =>
  utcInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())

/** The last millisecond of the UTC day: 23:59:59.999. */
export const endOfUtcDay = (date: Date): Date => new Date(startOfUtcDay(date).getTime() + MS_PER_DAY - 1)

/**
 * The same day `months` calendar months later (negative: earlier), clamped to the target month's last
 * day: Mar 31 − 1 month is Feb 28 (Feb 29 in a leap year), never Mar 3. Time of day is kept.
 */
export function shiftUtcMonths(date: Date, months: number): Date {
  const monthIndex = date.getUTCFullYear() * 12 + date.getUTCMonth() + months
  const year = Math.floor(monthIndex / 12)
  const month = monthIndex - year * 12 + 1
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month))
  return utcInstant(
    year,
    month,
    day,
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  )
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0')

/** `YYYY-MM` of the UTC month the instant falls in. */
export const utcMonthKey = (date: Date): string =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}`

/** `YYYY-MM-DD` of the UTC day the instant falls in. */
export const utcDayKey = (date: Date): string => `${utcMonthKey(date)}-${pad(date.getUTCDate(), 2)}`

// ---------------------------------------------------------------------------------------------------
// Timestamp parsing: hand-rolled because engines disagree (V8 reads 2026-02-30 as March 2, and reads a
// datetime without a zone in the runtime's local zone).

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
// Date, `T` or space, hh:mm[:ss[.fraction]], optional zone: Z, ±hh, ±hhmm or ±hh:mm (PostgreSQL prints
// `2026-01-31 23:59:59.123456+00`). A missing zone means UTC, the zone the server stores.
const DATETIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i

/** A real calendar date: month 1–12 and a day that month has (2026-02-30 is not one). */
const isCalendarDate = (year: number, month: number, day: number): boolean =>
  month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)

/** Zone offset in minutes east of UTC, or undefined when malformed. */
function zoneOffsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0
  const digits = zone.slice(1).replace(':', '')
  const hours = Number(digits.slice(0, 2))
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0
  if (hours > 23 || minutes > 59) return undefined
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes)
}

/**
 * Parses `YYYY-MM-DD` (its UTC midnight) or an ISO-like datetime into an instant; undefined for anything
 * else, including impossible dates and times. Fractions beyond milliseconds are truncated, so
 * 23:59:59.999999 stays on its own day.
 */
export function parseUtcTimestamp(value: string): Date | undefined {
  const dateOnly = DATE_PATTERN.exec(value)
  if (dateOnly) {
    const [year, month, day] = dateOnly.slice(1, 4).map(Number) as [number, number, number]
    return isCalendarDate(year, month, day) ? utcInstant(year, month, day) : undefined
  }
  const match = DATETIME_PATTERN.exec(value)
  if (!match) return undefined
  const [year, month, day, hours, minutes] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const seconds = Number(match[6] ?? 0)
  const ms = Number((match[7] ?? '').slice(0, 3).padEnd(3, '0'))
  const offset = zoneOffsetMinutes(match[8])
  if (
    !isCalendarDate(year, month, day) ||
    hours > 23 ||
    minutes > 59 ||
    seconds > 59 ||
    offset === undefined
  ) {
    return undefined
  }
  return new Date(utcInstant(year, month, day, hours, minutes, seconds, ms).getTime() - offset * 60_000)
}

/** An instant from a row value: a Date as is, a string through `parseUtcTimestamp`. */
export function toInstant(value: string | Date): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value
  return parseUtcTimestamp(value)
}

// ---------------------------------------------------------------------------------------------------
// Periods

const isRollingPeriod = (value: string): value is RollingPresetPeriod =>
  (ANALYTICS_PERIODS as readonly string[]).includes(value)

export const isPresetPeriod = (value: string): value is AnalyticsPresetPeriod =>
  isRollingPeriod(value) || (DAY_AND_CALENDAR_PERIODS as readonly string[]).includes(value)

type DayOrCalendarPeriod = (typeof DAY_AND_CALENDAR_PERIODS)[number]
const PERIOD_DAYS: Readonly<Record<Exclude<DayOrCalendarPeriod, 'lastmonth'>, number>> = {
  '7days': 7,
  '30days': 30,
}

/** The first and last instant of a preset that is not N months back: 7 or 30 days, or last calendar month. */
function dayOrCalendarRange(period: DayOrCalendarPeriod, today: Date): { start: Date; end: Date } {
  if (period !== 'lastmonth') {
    const back = (PERIOD_DAYS[period] - 1) * MS_PER_DAY
    return { start: new Date(startOfUtcDay(today).getTime() - back), end: endOfUtcDay(today) }
  }
  const firstOfThisMonth = utcInstant(today.getUTCFullYear(), today.getUTCMonth() + 1, 1)
  return { start: shiftUtcMonths(firstOfThisMonth, -1), end: new Date(firstOfThisMonth.getTime() - 1) }
}

// A custom bound as the period accepts it: a date, or a full ISO datetime that names its zone (the same
// forms the analytics query's startDate/endDate accept). No space separator: the value sits in a URL.
const CUSTOM_BOUND = String.raw`\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?`
// Datetimes contain ':' too, so the two bounds are found by their shape, not by splitting on ':'.
const CUSTOM_BOUNDS_PATTERN = new RegExp(`^(${CUSTOM_BOUND}):(${CUSTOM_BOUND})$`)

/** Builds the custom period string for two `YYYY-MM-DD` days (e.g. from the dashboard's date pickers). */
export const customPeriod = (startDay: string, endDay: string): CustomPeriod => `custom:${startDay}:${endDay}`

/**
 * Turns a period into the UTC instants it covers.
 * - undefined or '' → the default (3months);
 * - a preset → N months back at 00:00:00.000 (month ends clamped) through today at 23:59:59.999;
 * - `custom:START:END` → START's day at 00:00:00.000 through END's day at 23:59:59.999. A datetime bound
 *   counts as the UTC day it falls on. The result's `period` is normalised to `custom:YYYY-MM-DD:YYYY-MM-DD`.
 */
export function parsePeriod(period: string | undefined, now: () => Date = () => new Date()): PeriodResult {
  const value = period === undefined || period === '' ? DEFAULT_ANALYTICS_PERIOD : period

  if (isRollingPeriod(value)) {
    const today = now()
    return {
      ok: true,
      period: value,
      start: startOfUtcDay(shiftUtcMonths(today, -PERIOD_MONTHS[value])),
      end: endOfUtcDay(today),
    }
  }
  if ((DAY_AND_CALENDAR_PERIODS as readonly string[]).includes(value)) {
    const preset = value as DayOrCalendarPeriod
    return { ok: true, period: preset, ...dayOrCalendarRange(preset, now()) }
  }

  if (!value.startsWith(CUSTOM_PREFIX)) return { ok: false, message: PERIOD_MESSAGES.unsupported }

  const bounds = CUSTOM_BOUNDS_PATTERN.exec(value.slice(CUSTOM_PREFIX.length))
  const first = bounds?.[1] === undefined ? undefined : parseUtcTimestamp(bounds[1])
  const last = bounds?.[2] === undefined ? undefined : parseUtcTimestamp(bounds[2])
  if (!first || !last) return { ok: false, message: PERIOD_MESSAGES.invalidCustomRange }

  const start = startOfUtcDay(first)
  const end = endOfUtcDay(last)
  if (start.getTime() > end.getTime()) return { ok: false, message: PERIOD_MESSAGES.customStartAfterEnd }
  return { ok: true, period: customPeriod(utcDayKey(start), utcDayKey(end)), start, end }
}

/** The `startDate`/`endDate` ISO strings of the analytics query for a period. */
export function periodToRange(
  period: string | undefined,
  now: () => Date = () => new Date(),
): PeriodRangeResult {
  const parsed = parsePeriod(period, now)
  if (!parsed.ok) return parsed
  return { ok: true, startDate: parsed.start.toISOString(), endDate: parsed.end.toISOString() }
}

export const PRESET_PERIOD_LABELS: Readonly<Record<AnalyticsPresetPeriod, string>> = {
  '7days': 'Last 7 days',
  '30days': 'Last 30 days',
  lastmonth: 'Last month',
  // The spec's rolling month: from this day last month through today (not the calendar month).
  '1month': 'Past month to date',
  '3months': 'Last 3 months',
  '6months': 'Last 6 months',
  '12months': 'Last 12 months',
}

const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const

// Spelled out by hand rather than with Intl so the prerendered marketing HTML, the server and every
// browser print the same label whatever their locale data.
const formatUtcDay = (date: Date): string =>
  `${MONTH_ABBREVIATIONS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`

/**
 * A period for people: 'Last 3 months', 'Custom: Jan 1, 2026 – Jan 31, 2026' ('Custom: Jan 1, 2026' for a
 * single day). A period that does not parse reads as its error message.
 */
export function formatPeriodLabel(period: string | undefined): string {
  const value = period === undefined || period === '' ? DEFAULT_ANALYTICS_PERIOD : period
  if (isPresetPeriod(value)) return PRESET_PERIOD_LABELS[value]
  // Custom labels do not depend on the clock; presets were handled above.
  const parsed = parsePeriod(value)
  if (!parsed.ok) return parsed.message
  const first = formatUtcDay(parsed.start)
  const last = formatUtcDay(parsed.end)
  return first === last ? `Custom: ${first}` : `Custom: ${first} – ${last}`
}
