import { describe, expect, it } from 'vitest'
import { couponIdempotencyKey, formatAmount, formatPrice } from './stripe-catalog'

const price = (unit_amount: number | null, currency: string, interval: string, interval_count = 1) => ({
  unit_amount,
  currency,
  interval,
  interval_count,
})

describe('display prices', () => {
  it('reads like the spec examples: $14.99/month, whole amounts without cents', () => {
    expect(formatPrice(price(1499, 'usd', 'month'))).toBe('$14.99/month')
    expect(formatPrice(price(1900, 'usd', 'month'))).toBe('$19/month')
    expect(formatPrice(price(29000, 'usd', 'year'))).toBe('$290/year')
    expect(formatPrice(price(1230, 'gbp', 'week'))).toBe('£12.30/week')
  })

  it('counts multi-period intervals', () => {
    expect(formatPrice(price(7500, 'eur', 'month', 3))).toBe('€75/3 months')
    expect(formatPrice(price(100, 'usd', 'day', 14))).toBe('$1/14 days')
  })

  it("follows Stripe's minor units: zero-decimal and three-decimal currencies", () => {
    expect(formatAmount(1500, 'jpy')).toBe('¥1,500')
    // Intl puts a no-break space between a currency code and the amount.
    expect(formatAmount(1500, 'kwd')).toBe('KWD\u00a01.500')
    expect(formatAmount(2000, 'kwd')).toBe('KWD\u00a02')
  })

  it('falls back for prices without a unit amount and unknown currencies', () => {
    expect(formatPrice({ ...price(null, 'usd', 'month'), unit_amount_decimal: '1250.5' })).toBe(
      '$12.51/month',
    )
    expect(formatPrice(price(null, 'usd', 'month'))).toBe('Variable price/month')
    expect(formatAmount(1234, 'zzzz')).toBe('12.34 ZZZZ')
  })
})

describe('coupon idempotency keys', () => {
  const config = { percent_off: 20, duration: 'repeating' as const, duration_in_months: 3 }

  it('are stable for the same request and differ for any other', () => {
    const key = couponIdempotencyKey('acct-1', config)
    expect(key).toMatch(/^retainkit-coupon-[0-9a-f]{40}$/)
    expect(couponIdempotencyKey('acct-1', { ...config })).toBe(key)
    for (const other of [
      couponIdempotencyKey('acct-2', config),
      couponIdempotencyKey('acct-1', { ...config, percent_off: 21 }),
      couponIdempotencyKey('acct-1', { ...config, duration_in_months: 4 }),
      couponIdempotencyKey('acct-1', { ...config, name: 'Stay' }),
      couponIdempotencyKey('acct-1', { ...config, id: 'STAY' }),
    ]) {
      expect(other).not.toBe(key)
    }
  })
})
