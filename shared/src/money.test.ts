import { describe, expect, it } from 'vitest'
import {
  addMoney,
  CurrencyMismatchError,
  currencyCode,
  formatMoney,
  formatTotals,
  fromStripe,
  MoneyTotals,
  minorDigits,
  money,
  roundMinor,
  subtractMoney,
  sumByCurrency,
  toMajor,
  toStripe,
} from './money'

describe('money', () => {
  it('is an integer amount of minor units with a lower-case ISO code', () => {
    expect(money(1999, 'USD')).toEqual({ amount: 1999, currency: 'usd' })
    expect(() => money(19.99, 'usd')).toThrow(RangeError)
    expect(() => money(Number.NaN, 'usd')).toThrow(RangeError)
    expect(() => money(1, 'dollars')).toThrow(RangeError)
    expect(() => currencyCode('us')).toThrow(RangeError)
  })

  it('knows each currency’s minor unit: two by default, none for JPY and KRW, three for KWD', () => {
    expect(minorDigits('usd')).toBe(2)
    expect(minorDigits('EUR')).toBe(2)
    expect(minorDigits('jpy')).toBe(0)
    expect(minorDigits('krw')).toBe(0)
    expect(minorDigits('isk')).toBe(0)
    expect(minorDigits('kwd')).toBe(3)
    expect(minorDigits('bhd')).toBe(3)
    expect(minorDigits('clf')).toBe(4)
  })
})

describe('Stripe amounts', () => {
  it('are the same number where Stripe and ISO agree', () => {
    expect(fromStripe(2900, 'usd')).toEqual(money(2900, 'usd'))
    expect(fromStripe(500, 'jpy')).toEqual(money(500, 'jpy'))
    expect(fromStripe(1500, 'kwd')).toEqual(money(1500, 'kwd'))
    expect(toStripe(money(500, 'jpy'))).toBe(500)
    expect(toStripe(money(2900, 'usd'))).toBe(2900)
  })

  it('convert where Stripe differs: ISK is sent with two decimals, MGA with none', () => {
    expect(fromStripe(50000, 'isk')).toEqual(money(500, 'isk'))
    expect(toStripe(money(500, 'isk'))).toBe(50000)
    expect(fromStripe(5000, 'mga')).toEqual(money(500000, 'mga'))
    expect(toStripe(money(500000, 'mga'))).toBe(5000)
    expect(new MoneyTotals().addStripe(50000, 'isk').addStripe(150, 'isk').get('isk')).toEqual(
      money(502, 'isk'),
    )
    // A fraction of an ariary is not an amount Stripe can charge.
    expect(() => toStripe(money(500050, 'mga'))).toThrow(RangeError)
  })
})

describe('adding', () => {
  it('adds and subtracts amounts of one currency', () => {
    expect(addMoney(money(2320, 'usd'), money(1934, 'usd'))).toEqual(money(4254, 'usd'))
    expect(subtractMoney(money(2320, 'usd'), money(320, 'usd'))).toEqual(money(2000, 'usd'))
  })

  it('refuses to add two currencies', () => {
    expect(() => addMoney(money(2320, 'usd'), money(1600, 'eur'))).toThrow(CurrencyMismatchError)
    expect(() => subtractMoney(money(2320, 'usd'), money(1600, 'eur'))).toThrow(
      'Cannot combine USD and EUR amounts',
    )
  })

  it('keeps one total per currency, never one across them', () => {
    const totals = sumByCurrency([
      money(2320, 'usd'),
      money(1600, 'eur'),
      money(1934, 'usd'),
      money(2000, 'eur'),
      money(980, 'jpy'),
    ])
    expect(totals).toEqual([money(3600, 'eur'), money(980, 'jpy'), money(4254, 'usd')])
    expect(sumByCurrency([])).toEqual([])
  })

  it('rounds once, at the end: an annual $290 at 20% off is $19.33 a month, not $19.34', () => {
    // Rounded twice (29000 / 12 → 2417, then × 0.8 → 1934) it would be a cent over.
    expect(Math.round(Math.round(29000 / 12) * 0.8)).toBe(1934)
    const totals = new MoneyTotals().add((29000 / 12) * 0.8, 'usd')
    expect(totals.get('usd')).toEqual(money(1933, 'usd'))
    // Three thirds of a cent make one cent, not zero.
    const thirds = new MoneyTotals()
      .add(1 / 3, 'eur')
      .add(1 / 3, 'eur')
      .add(1 / 3, 'eur')
    expect(thirds.get('eur')).toEqual(money(1, 'eur'))
    expect(thirds.get('usd')).toEqual(money(0, 'usd'))
    expect(thirds.currencies).toEqual(['eur'])
  })

  it('rounds halves away from zero, whatever floating point noise the sum carries', () => {
    expect(roundMinor(2.5)).toBe(3)
    expect(roundMinor(-2.5)).toBe(-3)
    expect(roundMinor(0.1 * 3 * 10 + 0.5)).toBe(4) // 3.0000000000000004 + 0.5
    expect(roundMinor(1.4999999999999)).toBe(2) // noise under a millionth of a cent
    expect(roundMinor(1.49)).toBe(1)
    expect(roundMinor(-0.2)).toBe(0)
    expect(Object.is(roundMinor(-0.2), -0)).toBe(false)
    expect(() => roundMinor(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })
})

describe('formatting', () => {
  it('writes every currency with its own decimals in the reader’s locale', () => {
    expect(formatMoney(money(7854, 'usd'))).toBe('$78.54')
    expect(formatMoney(money(3600, 'eur'), 'en-US')).toBe('€36.00')
    expect(formatMoney(money(3600, 'eur'), 'de-DE')).toBe('36,00\u00a0€')
    expect(formatMoney(money(980, 'jpy'))).toBe('¥980')
    expect(formatMoney(money(1500, 'kwd'))).toBe('KWD\u00a01.500')
    expect(formatMoney(money(123456, 'usd'), 'fr-FR')).toBe('1\u202f234,56\u00a0$US')
    expect(formatMoney(money(2900, 'usd'), 'en-US', { trimWholeAmounts: true })).toBe('$29')
    expect(formatMoney(money(2950, 'usd'), 'en-US', { trimWholeAmounts: true })).toBe('$29.50')
  })

  it('writes a code Intl has no symbol for, and survives a malformed locale', () => {
    expect(formatMoney(money(1234, 'xts'))).toBe('XTS\u00a012.34')
    expect(formatMoney(money(-500, 'usd'), 'not a locale!')).toBe('-$5.00')
  })

  it('writes a list of totals on one line and gives CSV numbers in major units', () => {
    expect(formatTotals([money(4254, 'usd'), money(3600, 'eur')])).toBe('$42.54 · €36.00')
    expect(formatTotals([])).toBe('')
    expect(toMajor(money(123450, 'usd'))).toBe(1234.5)
    expect(toMajor(money(980, 'jpy'))).toBe(980)
    expect(toMajor(money(1500, 'kwd'))).toBe(1.5)
  })
})
