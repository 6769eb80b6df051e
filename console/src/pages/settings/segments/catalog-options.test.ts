import type { StripePlan } from '@retainkit/shared/api'
import { describe, expect, it } from 'vitest'
import { catalogCurrency, catalogOptions, filterOptions, moneyCodec } from './catalog-options'

const price = (
  id: string,
  product: [string, string],
  amount: number,
  currency = 'usd',
  nickname: string | null = null,
): StripePlan => ({
  id,
  product_id: product[0],
  product_name: product[1],
  nickname,
  unit_amount: amount,
  currency,
  interval: 'month',
  interval_count: 1,
  display: `$${amount / 100}/month`,
})
const pro: [string, string] = ['prod_pro', 'Pro']
const team: [string, string] = ['prod_team', 'Team']
const plans = [
  price('price_pro_m', pro, 2900, 'usd', 'Monthly'),
  price('price_pro_y', pro, 29000),
  price('price_team', team, 9900),
]

describe('the catalogue a segment picks from', () => {
  it('lists prices by product, nickname and price, and each product once', () => {
    expect(catalogOptions('plan', plans).map((option) => option.label)).toEqual([
      'Pro – Monthly · $29/month',
      'Pro · $290/month',
      'Team · $99/month',
    ])
    expect(catalogOptions('product', plans)).toEqual([
      { value: 'prod_pro', label: 'Pro' },
      { value: 'prod_team', label: 'Team' },
    ])
  })

  it('finds options by every word typed, in names and ids', () => {
    const options = catalogOptions('plan', plans)
    expect(filterOptions(options, 'pro month').map((option) => option.value)).toEqual([
      'price_pro_m',
      'price_pro_y',
    ])
    expect(filterOptions(options, 'TEAM').map((option) => option.value)).toEqual(['price_team'])
    expect(filterOptions(options, 'price_pro_y').map((option) => option.value)).toEqual(['price_pro_y'])
    expect(filterOptions(options, 'enterprise')).toEqual([])
  })

  it("takes the account's currency from most of its prices, US dollars without any", () => {
    expect(catalogCurrency(null)).toBe('usd')
    expect(
      catalogCurrency([price('a', pro, 1, 'eur'), price('b', pro, 1, 'gbp'), price('c', pro, 1, 'eur')]),
    ).toBe('eur')
  })
})

describe('an MRR threshold written as money', () => {
  it('reads amounts in the currency and keeps Stripe minor units', () => {
    const usd = moneyCodec('usd')
    expect(usd.parse('29')).toBe(2900)
    expect(usd.parse('49.9')).toBe(4990)
    expect(usd.parse(' 49.95 ')).toBe(4995)
    expect(usd.format(2900)).toBe('29.00')
    for (const wrong of ['', '49.999', '-5', '2,900', 'twelve']) expect(usd.parse(wrong)).toBeNull()
    expect(usd.error).toBe('Enter an amount in USD, such as 29.00')
  })

  it('uses each currency’s own decimals: none for yen, three for dinars', () => {
    const jpy = moneyCodec('jpy')
    expect(jpy.parse('1500')).toBe(1500)
    expect(jpy.parse('1500.5')).toBeNull()
    expect(jpy.format(1500)).toBe('1500')
    expect(moneyCodec('kwd').parse('1.234')).toBe(1234)
    expect(moneyCodec('usd')).toBe(moneyCodec('usd'))
  })
})
