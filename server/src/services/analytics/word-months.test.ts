import { describe, expect, it } from 'vitest'
import { foldBefore } from './compaction'
import { splitWordDays } from './word-months'

/** Which days a range reads from folded months, and which days the compaction pass may fold. */
describe('write-in word months', () => {
  const folded = [
    { month: '2025-12-01', through: '2026-01-01' },
    { month: '2026-01-01', through: '2026-02-01' },
    { month: '2026-02-01', through: '2026-02-10' },
  ]

  it('reads a month folded when the range holds all its folded days, the rest from the days', () => {
    expect(splitWordDays('2025-12-01', '2026-03-01', folded)).toEqual({
      months: ['2025-12-01', '2026-01-01', '2026-02-01'],
      days: [['2026-02-10', '2026-03-01']],
    })
    expect(splitWordDays('2025-12-15', '2026-02-10', folded)).toEqual({
      months: ['2026-01-01', '2026-02-01'],
      days: [['2025-12-15', '2026-01-01']],
    })
    // Ends before February's folded days do: February from its days.
    expect(splitWordDays('2025-11-20', '2026-02-09', folded)).toEqual({
      months: ['2025-12-01', '2026-01-01'],
      days: [
        ['2025-11-20', '2025-12-01'],
        ['2026-02-01', '2026-02-09'],
      ],
    })
    expect(splitWordDays('2026-01-02', '2026-01-31', folded)).toEqual({
      months: [],
      days: [['2026-01-02', '2026-01-31']],
    })
    expect(splitWordDays('2026-03-01', '2026-03-01', folded)).toEqual({ months: [], days: [] })
    // A month folded through its own first day (nothing yet) is never used.
    expect(
      splitWordDays('2026-03-01', '2026-03-05', [{ month: '2026-03-01', through: '2026-03-01' }]),
    ).toEqual({
      months: [],
      days: [['2026-03-01', '2026-03-05']],
    })
  })

  it('folds a day once it has been over for an hour', () => {
    expect(foldBefore(new Date('2026-12-01T00:30:00Z'))).toBe('2026-11-30')
    expect(foldBefore(new Date('2026-12-01T00:59:59.999Z'))).toBe('2026-11-30')
    expect(foldBefore(new Date('2026-12-01T01:00:00Z'))).toBe('2026-12-01')
    expect(foldBefore(new Date('2027-01-01T12:00:00Z'))).toBe('2027-01-01')
  })
})
