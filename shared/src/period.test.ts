import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ANALYTICS_PERIODS, PERIOD_MONTHS, SELECTABLE_PERIODS } from './constants'
import {
  customPeriod,
  daysInMonth,
  formatPeriodLabel,
  PERIOD_MESSAGES,
  PRESET_PERIOD_LABELS,
  parsePeriod,
  parseUtcTimestamp,
  periodToRange,
  shiftUtcMonths,
} from './period'

/** A fixed clock. */
const at = (iso: string) => () => new Date(iso)

/** The range as ISO strings, or the error, for compact assertions. */
function rangeOf(period: string | undefined, now: () => Date) {
  const result = parsePeriod(period, now)
  return result.ok ? [result.start.toISOString(), result.end.toISOString()] : result.message
}

describe('PERIOD_MESSAGES', () => {
  it('are the specified words', () => {
    expect(PERIOD_MESSAGES).toEqual({
      invalidCustomRange: 'Invalid custom date range',
      customStartAfterEnd: 'Custom start date must be on or before end date',
      unsupported: 'Unsupported period',
    })
  })
})

describe('parsePeriod presets', () => {
  const clock = at('2026-03-15T10:20:30.400Z')

  it('runs each preset from N months back at 00:00 UTC to today at 23:59:59.999 UTC', () => {
    expect(rangeOf('1month', clock)).toEqual(['2026-02-15T00:00:00.000Z', '2026-03-15T23:59:59.999Z'])
    expect(rangeOf('3months', clock)).toEqual(['2025-12-15T00:00:00.000Z', '2026-03-15T23:59:59.999Z'])
    expect(rangeOf('6months', clock)).toEqual(['2025-09-15T00:00:00.000Z', '2026-03-15T23:59:59.999Z'])
    expect(rangeOf('12months', clock)).toEqual(['2025-03-15T00:00:00.000Z', '2026-03-15T23:59:59.999Z'])
  })

  it('echoes the preset as the period', () => {
    for (const preset of ANALYTICS_PERIODS) {
      expect(parsePeriod(preset, clock)).toMatchObject({ ok: true, period: preset })
    }
  })

  it('defaults to 3months when the period is undefined or empty', () => {
    expect(parsePeriod(undefined, clock)).toMatchObject({ ok: true, period: '3months' })
    expect(parsePeriod('', clock)).toMatchObject({ ok: true, period: '3months' })
    expect(rangeOf(undefined, clock)).toEqual(rangeOf('3months', clock))
  })

  it('clamps to the end of a shorter month', () => {
    expect(rangeOf('1month', at('2026-03-31T08:00:00Z'))[0]).toBe('2026-02-28T00:00:00.000Z')
    expect(rangeOf('1month', at('2028-03-31T08:00:00Z'))[0]).toBe('2028-02-29T00:00:00.000Z')
    expect(rangeOf('3months', at('2026-05-31T08:00:00Z'))[0]).toBe('2026-02-28T00:00:00.000Z')
    expect(rangeOf('3months', at('2028-05-31T08:00:00Z'))[0]).toBe('2028-02-29T00:00:00.000Z')
    expect(rangeOf('6months', at('2026-08-31T08:00:00Z'))[0]).toBe('2026-02-28T00:00:00.000Z')
    expect(rangeOf('1month', at('2026-05-31T08:00:00Z'))[0]).toBe('2026-04-30T00:00:00.000Z')
  })

  it('steps back over a year boundary', () => {
    expect(rangeOf('1month', at('2026-01-31T08:00:00Z'))).toEqual([
      '2025-12-31T00:00:00.000Z',
      '2026-01-31T23:59:59.999Z',
    ])
    expect(rangeOf('12months', at('2026-01-15T08:00:00Z'))).toEqual([
      '2025-01-15T00:00:00.000Z',
      '2026-01-15T23:59:59.999Z',
    ])
    expect(rangeOf('3months', at('2026-02-10T08:00:00Z'))[0]).toBe('2025-11-10T00:00:00.000Z')
  })

  it('handles the leap day and non-leap years', () => {
    expect(rangeOf('12months', at('2028-02-29T12:00:00Z'))).toEqual([
      '2027-02-28T00:00:00.000Z',
      '2028-02-29T23:59:59.999Z',
    ])
    expect(rangeOf('1month', at('2028-02-29T12:00:00Z'))[0]).toBe('2028-01-29T00:00:00.000Z')
    // A year after a leap day, Feb 28 stays Feb 28 (no 29th to reach).
    expect(rangeOf('12months', at('2029-02-28T12:00:00Z'))[0]).toBe('2028-02-28T00:00:00.000Z')
    // Century rules: 2100 is not a leap year, 2000 is.
    expect(rangeOf('1month', at('2100-03-31T12:00:00Z'))[0]).toBe('2100-02-28T00:00:00.000Z')
    expect(rangeOf('1month', at('2000-03-31T12:00:00Z'))[0]).toBe('2000-02-29T00:00:00.000Z')
  })

  it('cuts days in UTC at both ends of the clock day', () => {
    expect(rangeOf('1month', at('2026-03-31T23:59:59.999Z'))).toEqual([
      '2026-02-28T00:00:00.000Z',
      '2026-03-31T23:59:59.999Z',
    ])
    expect(rangeOf('1month', at('2026-04-01T00:00:00.000Z'))).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-04-01T23:59:59.999Z',
    ])
  })

  it('uses the real clock by default', () => {
    const result = parsePeriod('1month')
    expect(result.ok && result.end.getTime() >= Date.now()).toBe(true)
  })

  it('always spans exactly N calendar months, from midnight to the last millisecond (property)', () => {
    const clocks = fc.date({
      min: new Date('1970-01-01Z'),
      max: new Date('2300-12-31Z'),
      noInvalidDate: true,
    })
    fc.assert(
      fc.property(clocks, fc.constantFrom(...ANALYTICS_PERIODS), (now, preset) => {
        const result = parsePeriod(preset, () => now)
        if (!result.ok) return false
        const { start, end } = result
        const monthIndex = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth()
        const expectedDay = Math.min(
          now.getUTCDate(),
          daysInMonth(start.getUTCFullYear(), start.getUTCMonth() + 1),
        )
        return (
          monthIndex(now) - monthIndex(start) === PERIOD_MONTHS[preset] &&
          start.getUTCDate() === expectedDay &&
          start.getTime() % 86_400_000 === 0 &&
          (end.getTime() + 1) % 86_400_000 === 0 &&
          end.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)
        )
      }),
    )
  })
})

describe('parsePeriod custom ranges', () => {
  const clock = at('2026-03-15T10:00:00Z')

  it('runs from the start day at 00:00 to the end day at 23:59:59.999 UTC', () => {
    expect(parsePeriod('custom:2026-01-01:2026-01-31', clock)).toEqual({
      ok: true,
      period: 'custom:2026-01-01:2026-01-31',
      start: new Date('2026-01-01T00:00:00.000Z'),
      end: new Date('2026-01-31T23:59:59.999Z'),
    })
  })

  it('accepts a single day', () => {
    expect(rangeOf('custom:2026-02-10:2026-02-10', clock)).toEqual([
      '2026-02-10T00:00:00.000Z',
      '2026-02-10T23:59:59.999Z',
    ])
  })

  it('accepts full ISO datetimes, taking the UTC day they fall on', () => {
    expect(parsePeriod('custom:2026-01-05T13:45:00Z:2026-01-20T08:00:00.123Z', clock)).toEqual({
      ok: true,
      period: 'custom:2026-01-05:2026-01-20',
      start: new Date('2026-01-05T00:00:00.000Z'),
      end: new Date('2026-01-20T23:59:59.999Z'),
    })
    // 23:30 at UTC−05:00 is 04:30 the next day in UTC.
    expect(rangeOf('custom:2026-01-05:2026-01-20T23:30-05:00', clock)[1]).toBe('2026-01-21T23:59:59.999Z')
    expect(rangeOf('custom:2026-01-05T00:30:00+02:00:2026-01-20', clock)[0]).toBe('2026-01-04T00:00:00.000Z')
  })

  it('accepts leap days that exist', () => {
    expect(rangeOf('custom:2028-02-29:2028-03-01', clock)[0]).toBe('2028-02-29T00:00:00.000Z')
  })

  it("rejects a start after the end with 'Custom start date must be on or before end date'", () => {
    expect(parsePeriod('custom:2026-02-01:2026-01-31', clock)).toEqual({
      ok: false,
      message: 'Custom start date must be on or before end date',
    })
    // Same instant order decided by days: two times on one day are fine either way round.
    expect(parsePeriod('custom:2026-01-10T20:00:00Z:2026-01-10T08:00:00Z', clock).ok).toBe(true)
  })

  it.each([
    'custom:',
    'custom:a:b',
    'custom:2026-01-01',
    'custom:2026-01-01:',
    'custom::2026-01-01',
    'custom:2026-02-30:2026-03-01',
    'custom:2027-02-29:2027-03-01',
    'custom:2026-13-01:2026-12-01',
    'custom:2026-00-10:2026-01-10',
    'custom:2026-01-00:2026-01-10',
    'custom:2026-1-1:2026-01-31',
    'custom:2026-01-01:2026-01-31:2026-02-01',
    'custom:2026-01-01T25:00:00Z:2026-01-31',
    'custom:2026-01-01T10:00:00:2026-01-31',
    'custom:2026/01/01:2026/01/31',
    'custom:today:tomorrow',
  ])("rejects %s with 'Invalid custom date range'", (period) => {
    expect(parsePeriod(period, clock)).toEqual({ ok: false, message: 'Invalid custom date range' })
  })

  it('round-trips any ordered pair of days and refuses any reversed pair (property)', () => {
    const days = fc
      .date({ min: new Date('1900-01-01Z'), max: new Date('2200-12-31Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10))
    fc.assert(
      fc.property(days, days, (a, b) => {
        const [first, last] = a <= b ? [a, b] : [b, a]
        const forward = parsePeriod(customPeriod(first, last), clock)
        const ok =
          forward.ok &&
          forward.period === `custom:${first}:${last}` &&
          forward.start.toISOString() === `${first}T00:00:00.000Z` &&
          forward.end.toISOString() === `${last}T23:59:59.999Z`
        const backward = parsePeriod(customPeriod(last, first), clock)
        return (
          ok &&
          (first === last
            ? backward.ok
            : !backward.ok && backward.message === PERIOD_MESSAGES.customStartAfterEnd)
        )
      }),
    )
  })
})

describe('parsePeriod unsupported values', () => {
  it.each([
    '2months',
    '24months',
    'custom',
    '3Months',
    ' 3months',
    '3months ',
    '3 months',
    'CUSTOM:2026-01-01:2026-01-31',
    'last-month',
    '2026-01-01:2026-01-31',
  ])("rejects %s with 'Unsupported period'", (period) => {
    expect(parsePeriod(period, at('2026-03-15T10:00:00Z'))).toEqual({
      ok: false,
      message: 'Unsupported period',
    })
  })
})

describe('periodToRange', () => {
  it('gives the startDate and endDate of the analytics query as ISO strings', () => {
    expect(periodToRange('1month', at('2026-03-31T12:00:00Z'))).toEqual({
      ok: true,
      startDate: '2026-02-28T00:00:00.000Z',
      endDate: '2026-03-31T23:59:59.999Z',
    })
    expect(periodToRange(undefined, at('2026-03-31T12:00:00Z'))).toMatchObject({
      startDate: '2025-12-31T00:00:00.000Z',
    })
  })

  it('passes the period error through', () => {
    expect(periodToRange('weekly')).toEqual({ ok: false, message: 'Unsupported period' })
    expect(periodToRange('custom:2026-01-02:2026-01-01')).toEqual({
      ok: false,
      message: 'Custom start date must be on or before end date',
    })
  })
})

describe('formatPeriodLabel', () => {
  it('names each preset and the default', () => {
    expect(formatPeriodLabel('1month')).toBe('Past month to date')
    expect(formatPeriodLabel('3months')).toBe('Last 3 months')
    expect(formatPeriodLabel('6months')).toBe('Last 6 months')
    expect(formatPeriodLabel('12months')).toBe('Last 12 months')
    expect(formatPeriodLabel(undefined)).toBe('Last 3 months')
  })

  it('spells out custom ranges in UTC', () => {
    expect(formatPeriodLabel('custom:2026-01-01:2026-01-31')).toBe('Custom: Jan 1, 2026 – Jan 31, 2026')
    expect(formatPeriodLabel('custom:2025-12-24:2026-01-02')).toBe('Custom: Dec 24, 2025 – Jan 2, 2026')
    expect(formatPeriodLabel('custom:2026-05-09:2026-05-09')).toBe('Custom: May 9, 2026')
  })

  it('reads as the error for a period that does not parse', () => {
    expect(formatPeriodLabel('custom:2026-02-30:2026-03-01')).toBe('Invalid custom date range')
    expect(formatPeriodLabel('fortnight')).toBe('Unsupported period')
  })
})

describe('parseUtcTimestamp', () => {
  it('reads dates as UTC midnight and zone-less datetimes as UTC', () => {
    expect(parseUtcTimestamp('2026-01-31')?.toISOString()).toBe('2026-01-31T00:00:00.000Z')
    expect(parseUtcTimestamp('2026-01-31T23:59')?.toISOString()).toBe('2026-01-31T23:59:00.000Z')
  })

  it('reads PostgreSQL output, truncating microseconds so the day does not roll over', () => {
    expect(parseUtcTimestamp('2026-01-31 23:59:59.999999+00')?.toISOString()).toBe('2026-01-31T23:59:59.999Z')
    expect(parseUtcTimestamp('2026-02-01 01:00:00+0530')?.toISOString()).toBe('2026-01-31T19:30:00.000Z')
  })

  it('applies offsets', () => {
    expect(parseUtcTimestamp('2026-02-01T01:00:00+02:00')?.toISOString()).toBe('2026-01-31T23:00:00.000Z')
    expect(parseUtcTimestamp('2026-01-31T22:00:00-03:00')?.toISOString()).toBe('2026-02-01T01:00:00.000Z')
  })

  it.each([
    '2026-02-29',
    '2026-04-31',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60Z',
    '2026-01-01T10:00:60Z',
    '2026-01-01T10:00:00+24:00',
    'Jan 1 2026',
    '',
  ])('rejects %s', (value) => {
    expect(parseUtcTimestamp(value)).toBeUndefined()
  })
})

describe('shiftUtcMonths', () => {
  it('keeps the time of day and clamps the day', () => {
    expect(shiftUtcMonths(new Date('2026-01-31T15:16:17.018Z'), 1).toISOString()).toBe(
      '2026-02-28T15:16:17.018Z',
    )
    expect(shiftUtcMonths(new Date('2026-12-31T00:00:00Z'), 2).toISOString()).toBe('2027-02-28T00:00:00.000Z')
  })
})

describe('last month and last 30 days', () => {
  const now = () => new Date('2026-03-15T10:00:00Z')
  it('"Last month" is the previous calendar month, whole', () => {
    expect(parsePeriod('lastmonth', now)).toEqual({
      ok: true,
      period: 'lastmonth',
      start: new Date('2026-02-01T00:00:00.000Z'),
      end: new Date('2026-02-28T23:59:59.999Z'),
    })
    expect(parsePeriod('lastmonth', () => new Date('2026-01-01T00:00:00Z'))).toMatchObject({
      start: new Date('2025-12-01T00:00:00.000Z'),
      end: new Date('2025-12-31T23:59:59.999Z'),
    })
    expect(formatPeriodLabel('lastmonth')).toBe('Last month')
  })

  it('"Last 30 days" is today and the 29 days before it', () => {
    expect(parsePeriod('30days', now)).toEqual({
      ok: true,
      period: '30days',
      start: new Date('2026-02-14T00:00:00.000Z'),
      end: new Date('2026-03-15T23:59:59.999Z'),
    })
    expect(formatPeriodLabel('30days')).toBe('Last 30 days')
  })

  it('"Last 7 days" is today and the 6 days before it', () => {
    expect(parsePeriod('7days', now)).toEqual({
      ok: true,
      period: '7days',
      start: new Date('2026-03-09T00:00:00.000Z'),
      end: new Date('2026-03-15T23:59:59.999Z'),
    })
    expect(formatPeriodLabel('7days')).toBe('Last 7 days')
  })

  it('the selector offers them beside the spec\'s periods, and no second "Last month"', () => {
    const labels = SELECTABLE_PERIODS.map((period) => PRESET_PERIOD_LABELS[period])
    expect(labels).toEqual([
      'Last 7 days',
      'Last 30 days',
      'Last month',
      'Last 3 months',
      'Last 6 months',
      'Last 12 months',
    ])
    expect(PRESET_PERIOD_LABELS['1month']).not.toBe('Last month')
  })
})
