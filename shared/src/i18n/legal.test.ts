import { describe, expect, it } from 'vitest'
import { createDefaultConfig, createDefaultReasons } from '../config/default-config'
import { cancelFlowConfigSchema } from '../config/schema'
import type { CancelFlowConfig } from '../config/types'
import { describeTerms, type TermsNumbers } from '../reactivation-terms'
import { EN } from './catalogs'
import { resolveLegal } from './legal'
import { createResolver, translatableKeys } from './resolve'

/**
 * Issue 34's finding: an Arabic subscriber was asked to confirm price terms in English ("Pro: $29.00
 * every month. Next charge: …"), none of those sentences a translatable key, with the full stops on the
 * wrong side. Now every word of the terms is a catalogue key; a language has the block wholly in its
 * words or wholly in the account's default language, and right-to-left text keeps its punctuation.
 */

const FSI = '\u2068'
const PDI = '\u2069'
const TERMS: TermsNumbers = {
  planName: 'Pro',
  currency: 'usd',
  interval: 'month',
  intervalCount: 1,
  amount: 2900,
  discount: null,
  firstChargeAt: '2026-12-28T10:00:00.000Z',
  chargesNow: false,
}

/** Arabic words for every key of the terms block. */
const ARABIC_TERMS: Record<string, string> = {
  regular: '{plan}: {price}.',
  discounted: '{plan}: خصم {percent}، {money} لـ{charges}، ثم {price}.',
  first_charge: 'أول دفعة: {charge}.',
  next_charge: 'الدفعة التالية: {charge}.',
  renews: 'يتجدد تلقائيًا {each} حتى تلغي.',
  price: '{money} {per}',
  charge_today: '{money} اليوم',
  charge_on: '{money} في {date}',
  per_day: 'يوميًا',
  per_week: 'أسبوعيًا',
  per_month: 'شهريًا',
  per_year: 'سنويًا',
  per_days: 'كل {n} أيام',
  per_weeks: 'كل {n} أسابيع',
  per_months: 'كل {n} أشهر',
  per_years: 'كل {n} سنوات',
  each_day: 'كل يوم',
  each_week: 'كل أسبوع',
  each_month: 'كل شهر',
  each_year: 'كل سنة',
  each_days: 'كل {n} أيام',
  each_weeks: 'كل {n} أسابيع',
  each_months: 'كل {n} أشهر',
  each_years: 'كل {n} سنوات',
  charges_one: 'الدفعة الأولى',
  charges_many: 'أول {n} دفعات',
}

const withArabic = (terms: Record<string, string>): CancelFlowConfig => {
  const config = createDefaultConfig()
  config.languages = {
    default: 'en',
    translations: {
      ar: {
        'copy.general.headline': 'قبل أن تغادر',
        ...Object.fromEntries(Object.entries(terms).map(([key, value]) => [`legal.terms.${key}`, value])),
      },
    },
  }
  return cancelFlowConfigSchema.parse(config)
}

const termsIn = (config: CancelFlowConfig, tag: string) =>
  describeTerms(TERMS, resolveLegal(config, createDefaultReasons(), [tag]).terms).summary

describe('the price terms in the subscriber’s language, never half and half', () => {
  it('makes every terms sentence a key a merchant can translate (and the editor can list)', () => {
    const keys = translatableKeys(createDefaultReasons())
    for (const key of Object.keys(EN.legal.terms)) expect(keys).toContain(`legal.terms.${key}`)
    expect(cancelFlowConfigSchema.safeParse(withArabic(ARABIC_TERMS)).success).toBe(true)
  })

  it('an Arabic subscriber gets the merchant’s Arabic terms, Intl writing the money and date for Arabic', () => {
    const summary = termsIn(withArabic(ARABIC_TERMS), 'ar')
    expect(summary[1]).toContain('الدفعة التالية')
    expect(summary[2]).toBe('يتجدد تلقائيًا ⁨كل شهر⁩ حتى تلغي.'.replaceAll('⁨', FSI).replaceAll('⁩', PDI))
    expect(summary.join(' ')).not.toMatch(/every|charge|Renews/)
    const money = new Intl.NumberFormat('ar', { style: 'currency', currency: 'usd' }).format(29)
    expect(summary[0]).toContain(money)
  })

  it('an Arabic language missing one terms key gets the WHOLE block in English, the default language', () => {
    const { per_month: _gone, ...partial } = ARABIC_TERMS
    const config = withArabic(partial)
    const legal = resolveLegal(config, createDefaultReasons(), ['ar'])
    expect(legal.terms).toMatchObject({ locale: 'en', fellBack: true, reader: { locale: 'ar', dir: 'rtl' } })
    const summary = termsIn(config, 'ar')
    expect(summary.map((line) => line.replaceAll(FSI, '').replaceAll(PDI, ''))).toEqual([
      'Pro: $29.00 every month.',
      'Next charge: $29.00 on December 28, 2026.',
      'Renews automatically every month until you cancel.',
    ])
    // Not a single Arabic word inside the English block.
    expect(summary.join(' ')).not.toMatch(/[\u0600-\u06ff]/)
    // The editor lists what is missing.
    expect(createResolver(config, createDefaultReasons()).resolve('ar').missing).toContain(
      'legal.terms.per_month',
    )
  })

  it('keeps RTL punctuation where it belongs: English sentences isolated whole, Latin values isolated', () => {
    const english = termsIn(withArabic({}), 'ar')
    // Each English sentence is laid out left to right as a unit, its full stop at its own end.
    for (const line of english) expect(line).toMatch(new RegExp(`^${FSI}[^${FSI}]*\\.${PDI}$`))
    const arabic = termsIn(withArabic(ARABIC_TERMS), 'ar')
    // The plan's Latin name is isolated, so the colon and the full stop follow Arabic order.
    expect(arabic[0]?.startsWith(`${FSI}Pro${PDI}:`)).toBe(true)
    expect(arabic[0]?.endsWith('.')).toBe(true)
  })

  it('a Hebrew subscriber without Hebrew terms reads them in the default language, wholly', () => {
    const config = createDefaultConfig()
    config.languages = { default: 'fr', translations: { he: { 'copy.general.headline': 'לפני שאתה הולך' } } }
    const summary = termsIn(config, 'he').map((line) =>
      line.replace(/[\u2068\u2069]/g, '').replace(/\s/g, ' '),
    )
    expect(summary[2]).toBe(
      'Renouvellement automatique chaque mois, jusqu’à ce que vous résiliiez.'.replace(/\s/g, ' '),
    )
    expect(summary.join(' ')).not.toMatch(/[\u0590-\u05ff]/)
  })
})
