import { describe, expect, it } from 'vitest'
import { formatCount, formatNumber, formatPercent, formatPoints, formatSaveRate } from './format'

describe('one rounding rule per figure, in the locale', () => {
  it("groups counts and keeps the save rate to the spec's two decimals everywhere", () => {
    expect(formatCount(3088)).toBe('3,088')
    expect(formatCount(1_000_000)).toBe('1,000,000')
    expect(formatSaveRate(27.16)).toBe('27.16%')
    expect(formatSaveRate(25)).toBe('25.00%')
    expect(formatSaveRate(null)).toBe('—')
    expect(formatPoints(1.2)).toBe('1.20')
    expect(formatPercent(34.5)).toBe('34.5%')
    expect(formatPercent(50)).toBe('50%')
    expect(formatNumber(1234.567)).toBe('1,234.57')
    expect(formatNumber(3088)).toBe('3,088')
  })
})
