import { describe, expect, it } from 'vitest'
import {
  formatMoney,
  IS_EMPTY,
  monthLabel,
  reasonLabel,
  saveRateTotals,
  shapeMechanisms,
  shapeReasons,
  shapeReasonsOverTime,
  shapeSavedRevenue,
  shapeSaveRate,
  shapeWords,
  tableFor,
} from './dashboard-shaping'

const labels = new Map([['too_expensive', "It's too expensive"]])

describe('dashboard shaping', () => {
  it('sorts reasons by count with their share and the account labels', () => {
    const bars = shapeReasons(
      [
        { reason_key: 'other', count: 1 },
        { reason_key: 'too_expensive', count: 3 },
        { reason_key: 'bogus', count: 'NaN' },
      ],
      labels,
    )
    expect(bars).toEqual([
      { reason_key: 'too_expensive', count: 3, share: 75, label: "It's too expensive" },
      { reason_key: 'other', count: 1, share: 25, label: 'Other' },
    ])
    expect(tableFor('cancellation-reasons', bars, labels)).toEqual({
      header: ['Reason', 'Key', 'Subscribers', 'Share (%)'],
      rows: [
        ["It's too expensive", 'too_expensive', 3, 75],
        ['Other', 'other', 1, 25],
      ],
    })
  })

  it('labels keys of deleted reasons readably', () => {
    expect(reasonLabel('not_using_enough', new Map())).toBe('Not using enough')
  })

  it('orders reasons-over-time series by total and zero-fills months', () => {
    const chart = shapeReasonsOverTime({
      data: [
        { month: '2026-02', other: 1 },
        { month: '2026-01', too_expensive: 2, other: 0 },
        { month: 'garbage', other: 9 },
      ],
    })
    expect(chart.keys).toEqual(['too_expensive', 'other'])
    expect(chart.rows).toEqual([
      { month: '2026-01', too_expensive: 2, other: 0 },
      { month: '2026-02', too_expensive: 0, other: 1 },
    ])
    expect(IS_EMPTY['cancellation-reasons-over-time'](chart)).toBe(false)
    expect(tableFor('cancellation-reasons-over-time', chart, labels).header).toEqual([
      'Month',
      "It's too expensive",
      'Other',
    ])
  })

  it('always lists every save mechanism, zero-filled', () => {
    const rows = shapeMechanisms([{ mechanism: 'pause', completed: 4, skipped: 1 }])
    expect(rows.map((row) => row.mechanism)).toEqual([
      'discount',
      'pause',
      'plan_switch',
      'billing_cycle',
      'trial_extension',
      'talk_to_us',
    ])
    expect(rows[1]).toEqual({ mechanism: 'pause', completed: 4, skipped: 1 })
    expect(tableFor('save-mechanism-performance', rows, labels).rows[1]).toEqual(['Pause', 4, 1, 80])
    expect(IS_EMPTY['save-mechanism-performance'](shapeMechanisms([]))).toBe(true)
  })

  it('keeps save-rate points in month order and treats all-zero months as empty', () => {
    const points = shapeSaveRate([
      { month: '2026-02', saveRate: 0, cancellations: 0, continues: 0 },
      { month: '2026-01', saveRate: 0, cancellations: 0, continues: 0 },
    ])
    expect(points.map((point) => point.month)).toEqual(['2026-01', '2026-02'])
    expect(IS_EMPTY['save-rate-over-time'](points)).toBe(true)
  })

  it('names the save rate: accepted offers are continues, months without sessions have no rate', () => {
    const points = shapeSaveRate([
      { month: '2026-03', saveRate: 0, cancellations: 0, continues: 0, kept: 0, acceptedOffers: 0 },
      { month: '2026-04', saveRate: 50, cancellations: 6, continues: 6, kept: 2, acceptedOffers: 4 },
      // A continues count that its parts do not add up to is not charted.
      { month: '2026-05', saveRate: 50, cancellations: 1, continues: 1, kept: 2, acceptedOffers: 4 },
    ])
    expect(points).toEqual([
      { month: '2026-03', saveRate: 0, cancellations: 0, continues: 0, kept: 0, acceptedOffers: 0 },
      { month: '2026-04', saveRate: 50, cancellations: 6, continues: 6, kept: 2, acceptedOffers: 4 },
    ])
    expect(saveRateTotals(points)).toMatchObject({
      saveRate: 50,
      cancellations: 6,
      kept: 2,
      acceptedOffers: 4,
    })
    expect(tableFor('save-rate-over-time', points, labels)).toEqual({
      header: ['Month', 'Save rate (%)', 'Cancellations', 'Stayed', 'Kept their plan', 'Accepted an offer'],
      rows: [
        ['2026-03', null, 0, 0, 0, 0],
        ['2026-04', 50, 6, 6, 2, 4],
      ],
    })
  })

  it('sums duplicate words and drops malformed ones', () => {
    expect(
      shapeWords([
        { text: 'price', value: 2 },
        { text: 'support', value: 5 },
        { text: 'price', value: 4 },
        { text: '', value: 3 },
      ]),
    ).toEqual([
      { text: 'price', value: 6 },
      { text: 'support', value: 5 },
    ])
  })

  it('shapes saved revenue with every mechanism and a one-table CSV', () => {
    const view = shapeSavedRevenue({
      total: 123450,
      currency: 'usd',
      byMonth: [{ month: '2026-01', mrr: 123450, saves: 3 }],
      byMechanism: { discount: 100000 },
    })
    expect(view.byMechanism).toEqual({
      discount: 100000,
      pause: 0,
      plan_switch: 0,
      billing_cycle: 0,
      trial_extension: 0,
      talk_to_us: 0,
    })
    expect(formatMoney(view.total, view.currency)).toBe('$1,234.50')
    expect(tableFor('saved-revenue', view, labels).rows).toEqual([
      ['Month', '2026-01', 1234.5, 3],
      ['Save offer', 'Discount', 1000, null],
      ['Save offer', 'Pause', 0, null],
      ['Save offer', 'Plan switch', 0, null],
      ['Save offer', 'Billing cycle', 0, null],
      ['Save offer', 'Trial extension', 0, null],
      ['Save offer', 'Talk to us', 0, null],
      ['Total', 'All', 1234.5, 3],
    ])
  })

  it('formats zero-decimal currencies in their own units', () => {
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200')
  })

  it('labels months', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026')
  })
})
