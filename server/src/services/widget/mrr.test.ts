import { describe, expect, it } from 'vitest'
import { discountedMrr, itemsMrr, monthlyAmount } from './mrr'

const item = (amount: number, interval: 'day' | 'week' | 'month' | 'year', count = 1, quantity = 1) => ({
  quantity,
  price: { unit_amount: amount, recurring: { interval, interval_count: count, usage_type: 'licensed' } },
})

describe('MRR normalisation (minor units per month)', () => {
  it('keeps a monthly price, divides a year by 12', () => {
    expect(itemsMrr([item(2900, 'month')])).toBe(2900)
    expect(itemsMrr([item(29000, 'year')])).toBe(2417)
  })
  it('counts a week as 52/12 of a month and a day as 365/12', () => {
    expect(monthlyAmount(1000, 'week')).toBeCloseTo((1000 * 52) / 12, 9)
    expect(monthlyAmount(100, 'day')).toBeCloseTo((100 * 365) / 12, 9)
    expect(itemsMrr([item(1000, 'week')])).toBe(4333)
    expect(itemsMrr([item(100, 'day')])).toBe(3042)
  })
  it('divides by interval_count and multiplies by quantity', () => {
    expect(itemsMrr([item(6000, 'month', 3)])).toBe(2000)
    expect(itemsMrr([item(1500, 'month', 1, 4)])).toBe(6000)
    expect(itemsMrr([item(24000, 'year', 2, 2)])).toBe(2000)
  })
  it('sums items and skips metered and one-off prices', () => {
    const metered = {
      quantity: 1,
      price: {
        unit_amount: 500,
        recurring: { interval: 'month' as const, interval_count: 1, usage_type: 'metered' },
      },
    }
    const oneOff = { quantity: 1, price: { unit_amount: 900, recurring: null } }
    expect(itemsMrr([item(2900, 'month'), item(1000, 'month'), metered, oneOff])).toBe(3900)
  })
})

describe('discounted MRR', () => {
  it('takes percent off', () => {
    expect(discountedMrr(2900, { percent_off: 20, amount_off: null })).toBe(2320)
  })
  it('takes a fixed amount off each invoice, normalised to a month, never below zero', () => {
    expect(discountedMrr(2900, { percent_off: null, amount_off: 500 })).toBe(2400)
    expect(discountedMrr(2417, { percent_off: null, amount_off: 1200 }, 'year')).toBe(2317)
    expect(discountedMrr(100, { percent_off: null, amount_off: 500 })).toBe(0)
  })
})
