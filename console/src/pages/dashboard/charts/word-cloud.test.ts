import { describe, expect, it } from 'vitest'
import { cloudOrder, wordSize } from './word-cloud'

describe('word cloud layout', () => {
  it('sizes words by value on a square-root scale between the bounds', () => {
    expect(wordSize(100, 1, 100)).toBe(2.75)
    expect(wordSize(1, 1, 100)).toBe(0.875)
    expect(wordSize(25, 0, 100)).toBeCloseTo(0.875 + 0.5 * 1.875, 3)
    expect(wordSize(5, 5, 5)).toBe(1.8125)
  })

  it('gathers the most mentioned words in the middle, each position used once', () => {
    const orders = Array.from({ length: 7 }, (_, index) => cloudOrder(index, 7))
    expect(orders[0]).toBe(3)
    expect([orders[1], orders[2]].sort()).toEqual([2, 4])
    expect([...orders].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6])
  })
})
