import { formatDate, percent } from './flow/copy'
import { builtInLegal, fillLegal, type LegalWords, legalText } from './i18n/legal'
import type { TermsStrings } from './i18n/legal-types'
import { formatMoney, fromStripe } from './money'
import type { ReactivationTerms, SubscriberPlan } from './widget-api'

/**
 * The words for what reactivating costs, made once where the numbers are (the server, and the console's
 * preview for its sample): the widget shows them as they come, so the size-budgeted bundle carries no
 * money formatting. The sentences are the `legal.terms` catalogue block of the subscriber's language
 * (`i18n/legal.ts`: wholly theirs, or wholly the account's default language), and `Intl` writes the
 * money, dates and percentages for the block's language.
 */

export type TermsNumbers = Omit<ReactivationTerms, 'summary' | 'firstCharge'>

type Interval = SubscriberPlan['interval']
type PeriodKey = `${'per' | 'each'}_${Interval}${'' | 's'}`

/** `every month`, `every 3 months` (or the renewal sentence's own words, `each`). */
function period(words: TermsStrings, kind: 'per' | 'each', interval: Interval, count: number): string {
  const key = `${kind}_${interval}${count > 1 ? 's' : ''}` as PeriodKey
  return words[key].replace('{n}', String(count))
}

/** The terms block as `describeTerms` reads it: words of one language, for a reader in `reader`'s. */
export type TermsBlock = Pick<LegalWords<'terms'>, 'locale' | 'dir' | 'reader' | 'words'>

/**
 * The terms in words: `summary` is the plan and its prices (with the discount's effect), the first
 * charge, and the renewal; `firstCharge` is the amount and when ("$21.75 today", "$29.00 on March 31,
 * 2027"), which the confirmation names. `block` is the account's resolved terms block (a string picks
 * a built-in language's, English for one without its own).
 */
export function describeTerms(
  terms: TermsNumbers,
  block: TermsBlock | string = 'en-US',
): Pick<ReactivationTerms, 'summary' | 'firstCharge'> {
  const words = typeof block === 'string' ? builtInTerms(block) : block
  const { locale, dir } = words
  const t = words.words
  const { discount, intervalCount, interval, currency, planName } = terms
  const money = (amount: number) => formatMoney(fromStripe(amount, currency), locale)
  const price = fillLegal(dir, t.price, {
    money: money(terms.amount),
    per: period(t, 'per', interval, intervalCount),
  })
  const firstCharge = terms.chargesNow
    ? fillLegal(dir, t.charge_today, { money: money(discount?.amount ?? terms.amount) })
    : fillLegal(dir, t.charge_on, {
        money: money(discount?.amount ?? terms.amount),
        date: formatDate(terms.firstChargeAt, locale) ?? '',
      })
  const sentence = (template: string, values: Record<string, string>) => legalText(words, template, values)
  return {
    summary: [
      discount
        ? sentence(t.discounted, {
            plan: planName,
            percent: percent(discount.percentOff, locale),
            money: money(discount.amount),
            charges:
              discount.charges > 1 ? t.charges_many.replace('{n}', String(discount.charges)) : t.charges_one,
            price,
          })
        : sentence(t.regular, { plan: planName, price }),
      sentence(terms.chargesNow ? t.first_charge : t.next_charge, { charge: firstCharge }),
      sentence(t.renews, { each: period(t, 'each', interval, intervalCount) }),
    ],
    firstCharge: words.dir === words.reader.dir ? firstCharge : `\u2068${firstCharge}\u2069`,
  }
}

/** A built-in language's terms block (`fr-CA` gets French; English for a language without its own). */
function builtInTerms(tag: string): TermsBlock {
  const { terms } = builtInLegal(tag.split('-')[0]?.toLowerCase())
  // The language's own regional formats when it has words (fr-CA), else American English's.
  const locale = terms.locale === 'en' && !tag.toLowerCase().startsWith('en') ? 'en-US' : tag
  return { ...terms, locale, reader: { locale, dir: terms.dir } }
}

/** The numbers with their words. */
export const withDescription = (terms: TermsNumbers, block?: TermsBlock | string): ReactivationTerms => ({
  ...terms,
  ...describeTerms(terms, block),
})
