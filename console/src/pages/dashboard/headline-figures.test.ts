import type { HeadlineFigures } from '@retainkit/shared/schemas'
import { describe, expect, it } from 'vitest'
import { formatSaveRate } from '../../lib/format'
import { countChange, headlineFigures, rateChange } from './headline-figures'

const figures = (overrides: Partial<HeadlineFigures> = {}): HeadlineFigures => ({
  sessions: { current: 3088, previous: 2044 },
  save_rate: { current: 27.16, previous: 25.91 },
  saved_mrr: null,
  top_reason: { current: null, previous: null },
  previous_period: { start: '2026-01-01T00:00:00.000Z', end: '2026-03-31T23:59:59.999Z' },
  ...overrides,
})

describe('headline figures: one rounding rule per figure, Intl counts', () => {
  it("shows the save rate with the spec's two decimals, as its card does, and counts grouped", () => {
    const [sessions, rate] = headlineFigures(figures(), new Map())
    expect(sessions).toMatchObject({ label: 'Cancel sessions', value: '3,088' })
    expect(sessions?.change).toBe('Up 1,044 (51%) from the previous period')
    // The card's summary formats the same number with the same function.
    expect(rate).toMatchObject({ label: 'Save rate', value: '27.16%' })
    expect(rate?.value).toBe(formatSaveRate(27.16))
    expect(rate?.change).toBe('Up 1.25 points from the previous period')
  })

  it('words the changes', () => {
    expect(countChange(1200, 0)).toBe('Up 1,200 from none the previous period')
    expect(rateChange(25, 25)).toBe('No change from the previous period')
    expect(rateChange(null, 30)).toBe('Was 30.00% the previous period')
    expect(rateChange(20, 30.5)).toBe('Down 10.50 points from the previous period')
  })
})
