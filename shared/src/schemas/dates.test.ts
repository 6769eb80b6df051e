import { describe, expect, it } from 'vitest'
import { dateRangeSchema, inOrder } from './dates'

function issues(value: unknown): Array<[string, string]> {
  const result = dateRangeSchema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
}

describe('dates', () => {
  it('accepts ISO dates and datetimes (UTC or with an offset)', () => {
    for (const value of [
      '2026-01-31',
      '2026-01-31T10:00:00Z',
      '2026-01-31T10:00:00.123Z',
      '2026-01-31T10:00:00+02:00',
    ]) {
      expect(issues({ start: value, end: '2026-12-31' })).toEqual([])
    }
  })

  it('rejects anything else with "Invalid date format"', () => {
    for (const bad of [
      '2026/01/31',
      '31-01-2026',
      '2026-02-30',
      '2026-13-01',
      'yesterday',
      '',
      1767225600000,
    ]) {
      expect(issues({ start: bad, end: '2026-12-31' })).toEqual([['start', 'Invalid date format']])
      expect(issues({ start: '2026-01-01', end: bad })).toEqual([['end', 'Invalid date format']])
    }
  })

  it('start after end gives "Start date must be before or equal to end date"', () => {
    expect(issues({ start: '2026-02-01', end: '2026-01-31' })).toEqual([
      ['end', 'Start date must be before or equal to end date'],
    ])
    expect(issues({ start: '2026-01-31T10:00:01Z', end: '2026-01-31T10:00:00Z' })).toEqual([
      ['end', 'Start date must be before or equal to end date'],
    ])
  })

  it('equal start and end are allowed', () => {
    expect(issues({ start: '2026-01-31', end: '2026-01-31' })).toEqual([])
    expect(issues({ start: '2026-01-31T00:00:00Z', end: '2026-01-31' })).toEqual([])
  })

  it('inOrder compares instants, and leaves bad or missing values to the format check', () => {
    expect(inOrder('2026-01-31T12:00:00+02:00', '2026-01-31T10:30:00Z')).toBe(true)
    expect(inOrder('2026-01-31T13:00:00+02:00', '2026-01-31T10:30:00Z')).toBe(false)
    expect(inOrder(undefined, '2026-01-01')).toBe(true)
    expect(inOrder('nonsense', '2026-01-01')).toBe(true)
  })
})
