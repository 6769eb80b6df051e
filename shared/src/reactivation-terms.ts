import { formatDate, percent } from './flow/copy'
import { formatMoney, fromStripe } from './money'
import { termsWordsFor } from './terms-words'
import type { ReactivationTerms } from './widget-api'

/**
 * The words for what reactivating costs, made once where the numbers are (the server, and the console's
 * preview for its sample): the widget shows them as they come, so the size-budgeted bundle carries no
 * money formatting. In the subscriber's language when it is a built-in one (`terms-words.ts`), else
 * English; `Intl` writes the money, dates and percentages for it.
 */

export type TermsNumbers = Omit<ReactivationTerms, 'summary' | 'firstCharge'>

/**
 * The terms in words: `summary` is the plan and its prices (with the discount's effect), the first
 * charge, and the renewal; `firstCharge` is the amount and when ("$21.75 today", "$29.00 on March 31,
 * 2027"), which the confirmation names.
 */
export function describeTerms(
  terms: TermsNumbers,
  wanted = 'en-US',
): Pick<ReactivationTerms, 'summary' | 'firstCharge'> {
  const { words, locale } = termsWordsFor(wanted)
  const { discount, intervalCount, interval, currency, planName } = terms
  const money = (amount: number) => formatMoney(fromStripe(amount, currency), locale)
  const regular = `${money(terms.amount)} ${words.per(interval, intervalCount)}`
  const when = terms.chargesNow ? words.today : words.on(formatDate(terms.firstChargeAt, locale) ?? '')
  const firstCharge = `${money(discount?.amount ?? terms.amount)} ${when}`
  return {
    summary: [
      discount
        ? words.discounted(
            planName,
            percent(discount.percentOff, locale),
            money(discount.amount),
            words.charges(discount.charges),
            regular,
          )
        : words.regular(planName, regular),
      words.next(terms.chargesNow, firstCharge),
      words.renews(words.each(interval, intervalCount)),
    ],
    firstCharge,
  }
}

/** The numbers with their words. */
export const withDescription = (terms: TermsNumbers, locale?: string): ReactivationTerms => ({
  ...terms,
  ...describeTerms(terms, locale),
})
