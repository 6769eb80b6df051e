import { describe, expect, it } from 'vitest'
import { countTicks, listSummary } from './chart-theme'

describe('chart helpers', () => {
  it('puts whole-number ticks on count axes', () => {
    expect(countTicks(3)).toEqual([0, 1, 2, 3])
    expect(countTicks(0)).toEqual([0, 1])
    expect(countTicks(23)).toEqual([0, 5, 10, 15, 20, 25])
    expect(countTicks(2.5)).toEqual([0, 1, 2, 3])
    expect(countTicks(981)).toEqual([0, 200, 400, 600, 800, 1000])
    expect(countTicks(8)).toEqual([0, 2, 4, 6, 8])
  })

  it('summarises long lists for screen readers', () => {
    expect(listSummary(['a', 'b'])).toBe('a; b')
    expect(listSummary(['a', 'b', 'c', 'd'], 2)).toBe('a; b; and 2 more')
  })
})
