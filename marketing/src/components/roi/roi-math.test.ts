import { describe, expect, it } from 'vitest'
import {
  calculateRoi,
  DEFAULT_ROI_INPUTS,
  formatCount,
  formatUsd,
  ROI_MESSAGES,
  type RoiInputs,
  validateRoiInputs,
} from './roi-math'

const inputs = (overrides: Partial<RoiInputs>): RoiInputs => ({ ...DEFAULT_ROI_INPUTS, ...overrides })

describe('calculateRoi', () => {
  it('saves a share of cancellations, then wins back a share of those who still left', () => {
    const result = calculateRoi(
      inputs({
        subscribers: '1000',
        price: '30',
        churnPercent: '5',
        cancelFlowSavePercent: 20,
        reactivationPercent: 15,
      }),
    )
    // 50 cancel a month; 10 saved by the flow; 15% of the other 40 = 6 won back.
    expect(result?.churnedPerMonth).toBeCloseTo(50)
    expect(result?.savedByCancelFlow).toBeCloseTo(10)
    expect(result?.wonBackByReactivation).toBeCloseTo(6)
    expect(result?.recoveredSubscribers).toBeCloseTo(16)
    expect(result?.recoveredMrr).toBeCloseTo(480)
    expect(result?.annualRevenue).toBeCloseTo(5760)
  })

  it('spans the claimed ranges: 10–30% by cancel flows and 10–30% by reactivation', () => {
    const low = calculateRoi(
      inputs({ subscribers: '100', churnPercent: '100', cancelFlowSavePercent: 10, reactivationPercent: 10 }),
    )
    const high = calculateRoi(
      inputs({ subscribers: '100', churnPercent: '100', cancelFlowSavePercent: 30, reactivationPercent: 30 }),
    )
    expect(low?.savedByCancelFlow).toBeCloseTo(10)
    expect(high?.savedByCancelFlow).toBeCloseTo(30)
    expect(low?.wonBackByReactivation).toBeCloseTo(9)
    expect(high?.wonBackByReactivation).toBeCloseTo(21)
  })

  it('clamps save rates to the 10–30% range', () => {
    const clamped = calculateRoi(
      inputs({ subscribers: '100', churnPercent: '100', cancelFlowSavePercent: 90, reactivationPercent: 0 }),
    )
    expect(clamped?.savedByCancelFlow).toBeCloseTo(30)
    expect(clamped?.wonBackByReactivation).toBeCloseTo(7)
  })

  it('handles zero churn, zero price and the 100% edge', () => {
    expect(calculateRoi(inputs({ churnPercent: '0' }))?.recoveredMrr).toBe(0)
    expect(calculateRoi(inputs({ price: '0' }))?.annualRevenue).toBe(0)
    expect(calculateRoi(inputs({ churnPercent: '100' }))).not.toBeNull()
  })

  it('returns null while any input is invalid', () => {
    expect(calculateRoi(inputs({ subscribers: '' }))).toBeNull()
    expect(calculateRoi(inputs({ churnPercent: '101' }))).toBeNull()
  })
})

describe('validateRoiInputs', () => {
  it('accepts the defaults', () => {
    expect(validateRoiInputs(DEFAULT_ROI_INPUTS)).toEqual({})
  })

  it.each([
    [{ subscribers: '' }, 'subscribers', ROI_MESSAGES.subscribersRequired],
    [{ subscribers: '  ' }, 'subscribers', ROI_MESSAGES.subscribersRequired],
    [{ subscribers: '-5' }, 'subscribers', ROI_MESSAGES.subscribersNegative],
    [{ subscribers: '10.5' }, 'subscribers', ROI_MESSAGES.subscribersWhole],
    [{ subscribers: 'abc' }, 'subscribers', ROI_MESSAGES.notANumber],
    [{ price: '' }, 'price', ROI_MESSAGES.priceRequired],
    [{ price: '-1' }, 'price', ROI_MESSAGES.priceNegative],
    [{ churnPercent: '' }, 'churnPercent', ROI_MESSAGES.churnRequired],
    [{ churnPercent: '-0.1' }, 'churnPercent', ROI_MESSAGES.churnRange],
    [{ churnPercent: '100.5' }, 'churnPercent', ROI_MESSAGES.churnRange],
  ] as const)('%o → %s: %s', (overrides, field, message) => {
    expect(validateRoiInputs(inputs(overrides))).toEqual({ [field]: message })
  })

  it('accepts churn exactly 0 and 100', () => {
    expect(validateRoiInputs(inputs({ churnPercent: '0' }))).toEqual({})
    expect(validateRoiInputs(inputs({ churnPercent: '100' }))).toEqual({})
  })
})

describe('formatting', () => {
  it('formats USD without cents and counts with one decimal', () => {
    expect(formatUsd(5760)).toBe('$5,760')
    expect(formatUsd(1234567.8)).toBe('$1,234,568')
    expect(formatCount(16)).toBe('16')
    expect(formatCount(12.345)).toBe('12.3')
  })
})
