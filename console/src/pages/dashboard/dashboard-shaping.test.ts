import { describe, expect, it } from 'vitest'
import {
  IS_EMPTY,
  monthLabel,
  reasonLabel,
  saveRateTotals,
  shapeMechanisms,
  shapeReasons,
  shapeReasonsOverTime,
  shapeSaveRate,
  shapeWords,
  tableFor,
} from './dashboard-shaping'
import { formatIn } from './money-view'
import { shapeSavedRevenue } from './saved-revenue-shaping'

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

  it('shapes saved revenue per currency, never added across, with a currency column in its CSV', () => {
    const figures = (saves: number, gross: number, kept: number) => ({
      saves,
      gross,
      kept,
      paused: 0,
      lost: gross - kept,
      unknown: 0,
    })
    const view = shapeSavedRevenue({
      asOf: '2026-02-01T00:00:00.000Z',
      currencies: [
        {
          currency: 'usd',
          ...figures(3, 123450, 100000),
          byMonth: [{ month: '2026-01', ...figures(3, 123450, 100000) }],
          byMechanism: [{ mechanism: 'discount', ...figures(3, 123450, 100000) }],
        },
        {
          currency: 'jpy',
          ...figures(1, 980, 980),
          byMonth: [{ month: '2026-01', ...figures(1, 980, 980) }],
          byMechanism: [
            { mechanism: 'pause', ...figures(1, 980, 980) },
            { mechanism: 'bogus', ...figures(1, 1, 1) },
          ],
        },
        { currency: 'EUR?', ...figures(1, 5, 5) },
      ],
    })
    expect(view.currencies.map((block) => block.currency)).toEqual(['jpy', 'usd'])
    expect(tableFor('saved-revenue', view, labels)).toEqual({
      header: [
        'Currency',
        'Group',
        'Item',
        'Saves',
        'MRR saved',
        'Still paid now',
        'Paused now',
        'Lost since',
        'Not followed',
      ],
      rows: [
        ['JPY', 'Month', '2026-01', 1, 980, 980, 0, 0, 0],
        ['JPY', 'Save offer', 'Pause', 1, 980, 980, 0, 0, 0],
        ['JPY', 'Total', 'All', 1, 980, 980, 0, 0, 0],
        ['USD', 'Month', '2026-01', 3, 1234.5, 1000, 0, 234.5, 0],
        ['USD', 'Save offer', 'Discount', 3, 1234.5, 1000, 0, 234.5, 0],
        ['USD', 'Total', 'All', 3, 1234.5, 1000, 0, 234.5, 0],
      ],
    })
  })

  it('formats every currency with its own decimals', () => {
    expect(formatIn(123450, 'usd', 'en-US')).toBe('$1,234.50')
    expect(formatIn(1200, 'jpy', 'en-US')).toBe('¥1,200')
    expect(formatIn(3600, 'eur', 'de-DE')).toBe('36,00\u00a0€')
  })

  it('labels months', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026')
  })
})
