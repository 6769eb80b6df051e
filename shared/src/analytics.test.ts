import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cancellationReasons,
  compareCodePoints,
  mechanismPerformance,
  monthsInRange,
  percentage,
  plottedSaveRate,
  reasonsOverTime,
  savedRevenue,
  saveRate,
  saveRateOverTime,
  toCount,
  wordFrequencies,
  writeInWords,
} from './analytics'
import { parsePeriod } from './period'
import { ENGLISH_STOP_WORDS, STOP_WORDS } from './stop-words'

const range = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) })

describe('saveRate', () => {
  it('is continues / (cancellations + continues) × 100 to two decimals', () => {
    expect(saveRate(2, 1)).toBe(66.67)
    expect(saveRate(1, 2)).toBe(33.33)
    expect(saveRate(1, 7)).toBe(12.5)
    expect(saveRate(5, 0)).toBe(100)
    expect(saveRate(0, 5)).toBe(0)
  })

  it('is 0 when there are no events', () => {
    expect(saveRate(0, 0)).toBe(0)
  })

  it('rounds half away from zero in exact arithmetic', () => {
    // 23 / 160 = 14.375 %; naive Math.round(x * 100) / 100 in floating point gives 14.37.
    expect(saveRate(23, 137)).toBe(14.38)
    expect(saveRate(1, 31)).toBe(3.13) // 3.125
    expect(saveRate(1, 199)).toBe(0.5)
    expect(saveRate(1, 19_999)).toBe(0.01) // 0.005
    expect(saveRate(1, 20_000)).toBe(0) // 0.0049998…
  })

  it('takes driver counts (bigint, numeric strings) and refuses corrupt ones', () => {
    expect(saveRate('2', 1n)).toBe(66.67)
    expect(() => saveRate(-1, 3)).toThrow(RangeError)
    expect(() => saveRate(1.5, 3)).toThrow(RangeError)
    expect(() => saveRate('1e3', 3)).toThrow(RangeError)
    expect(() => toCount(Number.NaN)).toThrow(RangeError)
    expect(toCount('0042')).toBe(42)
  })

  it('is always within [0, 100], has at most two decimals and is within half a hundredth (property)', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (continues, cancellations) => {
        const rate = saveRate(continues, cancellations)
        const total = continues + cancellations
        const exact = total === 0 ? 0 : (continues / total) * 100
        return (
          rate >= 0 &&
          rate <= 100 &&
          /^\d{1,3}(\.\d{1,2})?$/.test(String(rate)) &&
          Math.abs(rate - exact) <= 0.005 + 1e-9
        )
      }),
    )
  })
})

describe('percentage', () => {
  it('is 0 of nothing and exact otherwise', () => {
    expect(percentage(0, 0)).toBe(0)
    expect(percentage(1, 3)).toBe(33.33)
    expect(percentage(3, 3)).toBe(100)
  })
})

describe('monthsInRange', () => {
  it('lists every UTC month touched, across year ends, inclusive', () => {
    expect(monthsInRange(new Date('2025-11-30T12:00:00Z'), new Date('2026-02-01T00:00:00Z'))).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ])
    expect(monthsInRange(new Date('2026-03-01Z'), new Date('2026-03-31T23:59:59.999Z'))).toEqual(['2026-03'])
  })

  it('is empty for a reversed or invalid range', () => {
    expect(monthsInRange(new Date('2026-03-01Z'), new Date('2026-02-01Z'))).toEqual([])
    expect(monthsInRange(new Date('nope'), new Date('2026-02-01Z'))).toEqual([])
  })

  it('covers a 12-month preset with 13 months (the partial first and current months)', () => {
    const period = parsePeriod('12months', () => new Date('2026-03-15T10:00:00Z'))
    if (!period.ok) throw new Error(period.message)
    const months = monthsInRange(period.start, period.end)
    expect(months).toHaveLength(13)
    expect([months[0], months[12]]).toEqual(['2025-03', '2026-03'])
  })
})

describe('saveRateOverTime', () => {
  it('buckets by UTC calendar month, right up to the last millisecond', () => {
    const rows = [
      { timestamp: '2026-01-31T23:59:59.999Z', step: 'reason_continue' },
      { timestamp: '2026-02-01T00:00:00.000Z', step: 'cancel_completed' },
      { timestamp: '2026-02-01T01:00:00+02:00', step: 'cancel_completed' }, // 23:00 UTC on Jan 31
      { timestamp: '2026-01-31 23:59:59.999999+00', step: 'cancel_completed' }, // PostgreSQL text
    ]
    expect(saveRateOverTime(rows)).toEqual([
      { month: '2026-01', saveRate: 33.33, cancellations: 2, continues: 1, kept: 1, acceptedOffers: 0 },
      { month: '2026-02', saveRate: 0, cancellations: 1, continues: 0, kept: 0, acceptedOffers: 0 },
    ])
  })

  it('counts an accepted offer as a continue: 2 kept + 4 accepted + 6 cancelled is 50 %', () => {
    const at = '2026-04-10T10:00:00Z'
    const rows = [
      ...Array.from({ length: 2 }, () => ({ timestamp: at, step: 'reason_continue' })),
      ...Array.from({ length: 4 }, () => ({ timestamp: at, step: 'offer_accepted' })),
      ...Array.from({ length: 6 }, () => ({ timestamp: at, step: 'cancel_completed' })),
    ]
    expect(saveRateOverTime(rows)).toEqual([
      { month: '2026-04', saveRate: 50, cancellations: 6, continues: 6, kept: 2, acceptedOffers: 4 },
    ])
  })

  it('counts only the session ends (cancel, keep, accept), sorts months and reads Dates', () => {
    const rows = [
      { timestamp: new Date('2026-03-10T00:00:00Z'), step: 'reason_continue' },
      { timestamp: '2026-03-11T00:00:00Z', step: 'offer_accepted' },
      { timestamp: '2026-03-12T00:00:00Z', step: 'session_started' },
      { timestamp: '2025-12-05T00:00:00Z', step: 'reason_continue' },
      { timestamp: '2025-12-06T00:00:00Z', step: 'flow_abandoned' },
    ]
    expect(saveRateOverTime(rows)).toEqual([
      { month: '2025-12', saveRate: 100, cancellations: 0, continues: 1, kept: 1, acceptedOffers: 0 },
      { month: '2026-03', saveRate: 100, cancellations: 0, continues: 2, kept: 1, acceptedOffers: 1 },
    ])
  })

  it('ignores rows whose timestamp does not parse', () => {
    const rows = [
      { timestamp: 'yesterday', step: 'cancel_completed' },
      { timestamp: '2026-02-30T10:00:00Z', step: 'cancel_completed' },
      { timestamp: new Date('nope'), step: 'cancel_completed' },
    ]
    expect(saveRateOverTime(rows)).toEqual([])
  })

  it('plots a month without sessions as a gap, not 0 %', () => {
    expect(plottedSaveRate({ saveRate: 0, cancellations: 0, continues: 0 })).toBeNull()
    expect(plottedSaveRate({ saveRate: 0, cancellations: 3, continues: 0 })).toBe(0)
    expect(plottedSaveRate({ saveRate: 50, cancellations: 1, continues: 1 })).toBe(50)
  })

  it('fills every month of a range with zeros and drops rows outside it', () => {
    const rows = [
      { timestamp: '2026-02-14T10:00:00Z', step: 'reason_continue' },
      { timestamp: '2026-02-15T10:00:00Z', step: 'cancel_completed' },
      { timestamp: '2025-06-01T10:00:00Z', step: 'cancel_completed' },
    ]
    expect(saveRateOverTime(rows, range('2025-12-31T00:00:00Z', '2026-03-31T23:59:59.999Z'))).toEqual([
      { month: '2025-12', saveRate: 0, cancellations: 0, continues: 0, kept: 0, acceptedOffers: 0 },
      { month: '2026-01', saveRate: 0, cancellations: 0, continues: 0, kept: 0, acceptedOffers: 0 },
      { month: '2026-02', saveRate: 50, cancellations: 1, continues: 1, kept: 1, acceptedOffers: 0 },
      { month: '2026-03', saveRate: 0, cancellations: 0, continues: 0, kept: 0, acceptedOffers: 0 },
    ])
  })

  it('keeps the totals of the input, ascending months and per-month rates (property)', () => {
    const row = fc.record({
      timestamp: fc.date({ min: new Date('2020-01-01Z'), max: new Date('2030-12-31Z'), noInvalidDate: true }),
      step: fc.constantFrom(
        'cancel_completed',
        'reason_continue',
        'offer_accepted',
        'offer_shown',
        'session_started',
      ),
    })
    fc.assert(
      fc.property(fc.array(row, { maxLength: 200 }), (rows) => {
        const points = saveRateOverTime(rows)
        const sum = (key: 'cancellations' | 'continues') =>
          points.reduce((total, point) => total + point[key], 0)
        const months = points.map((point) => point.month)
        return (
          sum('cancellations') === rows.filter((r) => r.step === 'cancel_completed').length &&
          sum('continues') ===
            rows.filter((r) => r.step === 'reason_continue' || r.step === 'offer_accepted').length &&
          months.every((month, index) => index === 0 || (months[index - 1] ?? '') < month) &&
          points.every((point) => point.saveRate === saveRate(point.continues, point.cancellations))
        )
      }),
    )
  })
})

describe('mechanismPerformance', () => {
  it('always gives every mechanism in order, zero-filled', () => {
    expect(mechanismPerformance([])).toEqual([
      { mechanism: 'discount', completed: 0, skipped: 0 },
      { mechanism: 'pause', completed: 0, skipped: 0 },
      { mechanism: 'plan_switch', completed: 0, skipped: 0 },
      { mechanism: 'billing_cycle', completed: 0, skipped: 0 },
      { mechanism: 'trial_extension', completed: 0, skipped: 0 },
      { mechanism: 'talk_to_us', completed: 0, skipped: 0 },
    ])
  })

  it('orders by the vocabulary, sums duplicates and ignores unknown mechanisms', () => {
    const rows = [
      { mechanism: 'billing_cycle', completed: 2, skipped: '5' },
      { mechanism: 'refund', completed: 9, skipped: 9 },
      { mechanism: 'billing_cycle_switch', completed: 9, skipped: 9 },
      { mechanism: 'discount', completed: 3, skipped: 1 },
      { mechanism: 'discount', completed: 4n, skipped: 2 },
    ]
    expect(mechanismPerformance(rows)).toEqual([
      { mechanism: 'discount', completed: 7, skipped: 3 },
      { mechanism: 'pause', completed: 0, skipped: 0 },
      { mechanism: 'plan_switch', completed: 0, skipped: 0 },
      { mechanism: 'billing_cycle', completed: 2, skipped: 5 },
      { mechanism: 'trial_extension', completed: 0, skipped: 0 },
      { mechanism: 'talk_to_us', completed: 0, skipped: 0 },
    ])
  })
})

describe('cancellationReasons', () => {
  it('sorts by count descending then key, sums duplicates and adds shares', () => {
    const rows = [
      { reason_key: 'not_using', count: 28 },
      { reason_key: 'too_expensive', count: 30 },
      { reason_key: 'alternative', count: 28 },
      { reason_key: 'too_expensive', count: '4' },
      { reason_key: 'other', count: 10 },
    ]
    expect(cancellationReasons(rows)).toEqual([
      { reason_key: 'too_expensive', count: 34, share: 34 },
      { reason_key: 'alternative', count: 28, share: 28 },
      { reason_key: 'not_using', count: 28, share: 28 },
      { reason_key: 'other', count: 10, share: 10 },
    ])
  })

  it('rounds shares to two decimals and gives 0 shares without cancellations', () => {
    expect(
      cancellationReasons([
        { reason_key: 'a', count: 1 },
        { reason_key: 'b', count: 2 },
      ]),
    ).toEqual([
      { reason_key: 'b', count: 2, share: 66.67 },
      { reason_key: 'a', count: 1, share: 33.33 },
    ])
    expect(cancellationReasons([{ reason_key: 'a', count: 0 }])).toEqual([
      { reason_key: 'a', count: 0, share: 0 },
    ])
  })
})

describe('reasonsOverTime', () => {
  it('gives one row per month with every reason key, keys by total descending', () => {
    const rows = [
      { month: '2026-01', reason_key: 'too_expensive', count: 3 },
      { month: '2026-02-01', reason_key: 'not_using', count: 5 },
      { month: '2026-01', reason_key: 'not_using', count: 1 },
      { month: new Date('2026-02-01T00:00:00Z'), reason_key: 'too_expensive', count: '2' },
      { month: '2026-02-01T00:00:00+02:00', reason_key: 'other', count: 1 }, // still February as written
    ]
    expect(reasonsOverTime(rows)).toEqual({
      data: [
        { month: '2026-01', not_using: 1, too_expensive: 3, other: 0 },
        { month: '2026-02', not_using: 5, too_expensive: 2, other: 1 },
      ],
      keys: ['not_using', 'too_expensive', 'other'],
    })
  })

  it('orders keys of equal totals by key', () => {
    const rows = [
      { month: '2026-01', reason_key: 'b', count: 2 },
      { month: '2026-01', reason_key: 'a', count: 2 },
    ]
    expect(reasonsOverTime(rows).keys).toEqual(['a', 'b'])
  })

  it('zero-fills every month of a range and drops months outside it', () => {
    const rows = [
      { month: '2026-02', reason_key: 'too_expensive', count: 4 },
      { month: '2025-01', reason_key: 'other', count: 9 },
    ]
    expect(reasonsOverTime(rows, range('2026-01-15T00:00:00Z', '2026-03-15T23:59:59.999Z'))).toEqual({
      data: [
        { month: '2026-01', too_expensive: 0 },
        { month: '2026-02', too_expensive: 4 },
        { month: '2026-03', too_expensive: 0 },
      ],
      keys: ['too_expensive'],
    })
  })

  it("ignores unparseable months and a reason keyed 'month', and keeps '__proto__' as data", () => {
    const rows = [
      { month: '2026-13', reason_key: 'a', count: 1 },
      { month: 'January', reason_key: 'a', count: 1 },
      { month: '2026-02-30', reason_key: 'a', count: 1 },
      { month: '2026-01', reason_key: 'month', count: 7 },
      { month: '2026-01', reason_key: '__proto__', count: 2 },
    ]
    const result = reasonsOverTime(rows)
    expect(result.keys).toEqual(['__proto__'])
    expect(result.data).toHaveLength(1)
    const [row] = result.data
    expect(row?.month).toBe('2026-01')
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(2)
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype)
  })
})

describe('writeInWords', () => {
  it('maps word/count to text/value, sorted by value then text', () => {
    const rows = [
      { word: 'price', count: 3 },
      { word: 'buggy', count: 5 },
      { word: 'expensive', count: 3 },
      { word: 'price', count: '1' },
    ]
    expect(writeInWords(rows)).toEqual([
      { text: 'buggy', value: 5 },
      { text: 'price', value: 4 },
      { text: 'expensive', value: 3 },
    ])
  })

  it('keeps the top 100', () => {
    const rows = Array.from({ length: 150 }, (_, index) => ({
      word: `w${String(index).padStart(3, '0')}`,
      count: index,
    }))
    const words = writeInWords(rows)
    expect(words).toHaveLength(100)
    expect(words[0]).toEqual({ text: 'w149', value: 149 })
    expect(words[99]).toEqual({ text: 'w050', value: 50 })
  })
})

describe('wordFrequencies', () => {
  it('lower-cases, drops stop words, numbers and one-letter words', () => {
    const texts = ['The PRICE is too high', 'price went up 20% in 2026', 'Price? X marks a bad deal']
    expect(wordFrequencies(texts)).toEqual([
      { word: 'price', count: 3 },
      { word: 'bad', count: 1 },
      { word: 'deal', count: 1 },
      { word: 'high', count: 1 },
      { word: 'marks', count: 1 },
      { word: 'went', count: 1 },
    ])
  })

  it('keeps apostrophes inside words only, straightening typographic ones', () => {
    const texts = ["I don't need it", 'I don’t use it', "'quotes' around rock'n'roll", 'customer’s support']
    expect(wordFrequencies(texts)).toEqual([
      { word: 'around', count: 1 },
      { word: "customer's", count: 1 },
      { word: 'need', count: 1 },
      { word: 'quotes', count: 1 },
      { word: "rock'n'roll", count: 1 },
      { word: 'support', count: 1 },
      { word: 'use', count: 1 },
    ])
  })

  it('treats any Unicode letter as part of a word, composed or not', () => {
    const texts = ['Trop cher, café', 'cafe\u0301 дорого', 'слишком дорого']
    expect(wordFrequencies(texts)).toEqual([
      { word: 'café', count: 2 },
      { word: 'дорого', count: 2 },
      { word: 'cher', count: 1 },
      { word: 'trop', count: 1 },
      { word: 'слишком', count: 1 },
    ])
  })

  it('keeps the top `limit` by count, ties alphabetical', () => {
    const texts = ['zebra zebra zebra apple apple mango kiwi banana']
    expect(wordFrequencies(texts, 3)).toEqual([
      { word: 'zebra', count: 3 },
      { word: 'apple', count: 2 },
      { word: 'banana', count: 1 },
    ])
    expect(wordFrequencies(texts, 0)).toEqual([])
  })

  it('defaults to the top 100', () => {
    const many = Array.from(
      { length: 120 },
      (_, index) => `word${'abcdefghijklmnopqrstuvwxyz'[index % 26]}${'abcdef'[Math.floor(index / 26)]}`,
    )
    expect(wordFrequencies([many.join(' ')])).toHaveLength(100)
  })
})

describe('stop words', () => {
  it('is a solid English list without duplicates', () => {
    expect(ENGLISH_STOP_WORDS.length).toBeGreaterThanOrEqual(150)
    expect(STOP_WORDS.size).toBe(ENGLISH_STOP_WORDS.length)
    for (const word of ['the', 'and', 'i', 'too', "don't", "can't", "it's", "i'm", 'dont', 'im']) {
      expect(STOP_WORDS.has(word)).toBe(true)
    }
  })

  it('only holds tokens the tokeniser can produce, so each can match', () => {
    for (const word of ENGLISH_STOP_WORDS) {
      expect(word).toMatch(/^\p{Ll}(?:[\p{Ll}']*\p{Ll})?$/u)
    }
  })
})

describe('savedRevenue', () => {
  const saves = [
    { at: '2026-01-10T10:00:00Z', mechanism: 'discount', mrrBefore: 10_000, mrrAfter: 8_000 },
    { at: '2026-01-31T23:59:59.999Z', mechanism: 'plan_switch', mrrBefore: 10_000, mrrAfter: 4_900 },
    { at: new Date('2026-03-01T00:00:00Z'), mechanism: 'pause', mrrBefore: 2_500, mrrAfter: '2500' },
    { at: '2026-03-02T00:00:00Z', mechanism: 'refund', mrrBefore: 1_000, mrrAfter: 1_000 },
    { at: 'not a date', mechanism: 'discount', mrrBefore: 1_000, mrrAfter: 1_000 },
  ]

  it('counts the MRR after the save as kept, in cents, by month and by mechanism', () => {
    expect(savedRevenue(saves)).toEqual({
      total: 15_400,
      byMonth: [
        { month: '2026-01', mrr: 12_900, saves: 2 },
        { month: '2026-03', mrr: 2_500, saves: 1 },
      ],
      byMechanism: {
        discount: 8_000,
        pause: 2_500,
        plan_switch: 4_900,
        billing_cycle: 0,
        trial_extension: 0,
        talk_to_us: 0,
      },
    })
  })

  it('zero-fills the months of a range and leaves out saves outside it', () => {
    const result = savedRevenue(saves, range('2026-02-01T00:00:00Z', '2026-04-30T23:59:59.999Z'))
    expect(result).toEqual({
      total: 2_500,
      byMonth: [
        { month: '2026-02', mrr: 0, saves: 0 },
        { month: '2026-03', mrr: 2_500, saves: 1 },
        { month: '2026-04', mrr: 0, saves: 0 },
      ],
      byMechanism: {
        discount: 0,
        pause: 2_500,
        plan_switch: 0,
        billing_cycle: 0,
        trial_extension: 0,
        talk_to_us: 0,
      },
    })
  })

  it('refuses fractional money', () => {
    const fractional = [
      { at: '2026-01-10T10:00:00Z', mechanism: 'discount', mrrBefore: 100, mrrAfter: 79.99 },
    ]
    expect(() => savedRevenue(fractional)).toThrow(RangeError)
  })
})

describe('compareCodePoints', () => {
  it('orders by code point, like COLLATE "C" on UTF-8', () => {
    // U+FF5E (BMP) sorts before U+1F600 (astral) by code point, though not by UTF-16 unit.
    expect(compareCodePoints('\uff5e', '\u{1f600}')).toBeLessThan(0)
    expect(['b', 'a', 'ab', 'B'].sort(compareCodePoints)).toEqual(['B', 'a', 'ab', 'b'])
  })
})
