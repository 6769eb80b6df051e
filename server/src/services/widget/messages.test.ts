import { describe, expect, it } from 'vitest'
import { discountMessage } from './messages'

describe('discountMessage', () => {
  const terms = { percent_off: null, currency: null, duration: 'once', duration_in_months: null }

  it('writes an amount off in its currency’s own decimals (yen have none)', () => {
    expect(discountMessage({ ...terms, amount_off: 500 }, 'usd')).toBe('Done — $5.00 off your next invoice.')
    expect(discountMessage({ ...terms, amount_off: 500, currency: 'jpy' }, 'usd')).toBe(
      'Done — ¥500 off your next invoice.',
    )
  })
})
