import { describe, expect, it } from 'vitest'
import { estimateTextWidth, fitCategoryAxis, shortMonth } from './axis-fit'

const YEAR = [
  'Dec 2025',
  'Jan 2026',
  'Feb 2026',
  'Mar 2026',
  'Apr 2026',
  'May 2026',
  'Jun 2026',
  'Jul 2026',
  'Aug 2026',
  'Sep 2026',
  'Oct 2026',
  'Nov 2026',
]

/** Label boxes along the axis: flat ones by width, slanted ones by the line across the slant. */
function spacingHolds(fit: ReturnType<typeof fitCategoryAxis>, labels: readonly string[], width: number) {
  const step = width / labels.length
  const positions = fit.tickValues.map((value) => labels.indexOf(value) * step)
  for (let index = 1; index < positions.length; index += 1) {
    const gap = (positions[index] as number) - (positions[index - 1] as number)
    const previous = fit.format(fit.tickValues[index - 1] as string)
    const next = fit.format(fit.tickValues[index] as string)
    const needed =
      fit.tickRotation === 0 ? (estimateTextWidth(previous) + estimateTextWidth(next)) / 2 : 15 / Math.SQRT1_2
    if (gap < needed) return false
  }
  return true
}

describe('fitCategoryAxis', () => {
  it('keeps whole month labels flat where they fit', () => {
    const fit = fitCategoryAxis(YEAR, 1100, { shorten: shortMonth })
    expect(fit).toMatchObject({ tickRotation: 0, tickValues: YEAR })
    expect(fit.format('Mar 2026')).toBe('Mar 2026')
  })

  it('shortens, then slants, then thins out as the width shrinks, never letting labels touch', () => {
    for (const width of [1100, 700, 480, 320, 260, 200, 120, 60]) {
      const fit = fitCategoryAxis(YEAR, width, { shorten: shortMonth })
      expect(spacingHolds(fit, YEAR, width), `${width} px`).toBe(true)
    }
    const medium = fitCategoryAxis(YEAR, 700, { shorten: shortMonth })
    expect(medium.tickRotation).toBe(0)
    expect(YEAR.map((label) => medium.format(label))).toEqual([
      'Dec ’25',
      'Jan ’26',
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
    ])
    const phone = fitCategoryAxis(YEAR, 280, { shorten: shortMonth })
    expect(phone.tickRotation).toBe(-45)
    const tiny = fitCategoryAxis(YEAR, 120, { shorten: shortMonth })
    expect(tiny.tickValues.length).toBeLessThan(YEAR.length)
    expect(tiny.tickValues[0]).toBe('Dec 2025')
  })

  it('slants category names that do not shorten', () => {
    const offers = ['Discount', 'Pause', 'Plan switch', 'Billing cycle', 'Trial extension', 'Talk to us']
    expect(fitCategoryAxis(offers, 900).tickRotation).toBe(0)
    const narrow = fitCategoryAxis(offers, 300)
    expect(narrow.tickRotation).toBe(-45)
    expect(narrow.margin).toBeGreaterThan(60)
  })
})
