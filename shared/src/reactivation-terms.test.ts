import { describe, expect, it } from 'vitest'
import { describeTerms, type TermsNumbers } from './reactivation-terms'

const MONTHLY: TermsNumbers = {
  planName: 'Pro',
  currency: 'usd',
  interval: 'month',
  intervalCount: 1,
  amount: 2900,
  discount: null,
  firstChargeAt: '2027-03-31T00:00:00Z',
  chargesNow: false,
}

describe('describeTerms', () => {
  it('states the plan, the regular price, the next charge and the renewal', () => {
    expect(describeTerms(MONTHLY)).toEqual({
      summary: [
        'Pro: $29.00 every month.',
        'Next charge: $29.00 on March 31, 2027.',
        'Renews automatically every month until you cancel.',
      ],
      firstCharge: '$29.00 on March 31, 2027',
    })
  })

  it('with a discount over several charges, charged today: both prices and how long the lower one lasts', () => {
    const terms = {
      ...MONTHLY,
      interval: 'month' as const,
      intervalCount: 3,
      discount: { percentOff: 20, amount: 2320, charges: 2 },
      chargesNow: true,
    }
    expect(describeTerms(terms)).toEqual({
      summary: [
        'Pro: 20% off, $23.20 for the first 2 charges, then $29.00 every 3 months.',
        'First charge: $23.20 today.',
        'Renews automatically every 3 months until you cancel.',
      ],
      firstCharge: '$23.20 today',
    })
  })

  it("writes Stripe's amounts with the currency's own decimals", () => {
    const yen = describeTerms({ ...MONTHLY, currency: 'jpy', amount: 500, discount: null })
    expect(yen.firstCharge).toMatch(/^¥500 /)
  })
})

describe('describeTerms in the subscriber’s language', () => {
  const terms: TermsNumbers = {
    ...MONTHLY,
    currency: 'eur',
    discount: { percentOff: 25, amount: 2175, charges: 1 },
    chargesNow: true,
  }
  const clean = (lines: string[]) => lines.map((line) => line.replace(/\s/g, ' '))
  it('writes French, German and Spanish sentences with the money as each language writes it', () => {
    expect(clean(describeTerms(terms, 'fr').summary)).toEqual([
      'Pro : 25 % de réduction, 21,75 € pour le premier prélèvement, puis 29,00 € par mois.',
      'Premier prélèvement : 21,75 € aujourd’hui.',
      'Renouvellement automatique chaque mois, jusqu’à ce que vous résiliiez.',
    ])
    expect(clean(describeTerms({ ...terms, chargesNow: false }, 'de').summary)).toEqual([
      'Pro: 25 % Rabatt, 21,75 € für die erste Abbuchung, danach 29,00 € pro Monat.',
      'Nächste Abbuchung: 21,75 € am 31. März 2027.',
      'Verlängert sich automatisch jeden Monat, bis Sie kündigen.',
    ])
    expect(clean(describeTerms({ ...terms, intervalCount: 3, discount: null }, 'es').summary)).toEqual([
      'Pro: 29,00 € cada 3 meses.',
      'Primer cobro: 29,00 € hoy.',
      'Se renueva automáticamente cada 3 meses hasta que canceles.',
    ])
  })
  it('falls back to English words and formats for a language without its own', () => {
    expect(describeTerms(terms, 'ar').firstCharge).toBe('€21.75 today')
  })
})
