import { formatDate } from './flow/copy'
import type { ReactivationTerms } from './widget-api'

/**
 * The words for what reactivating costs, made once where the numbers are (the server, and the console's
 * preview for its sample): the widget shows them as they come, so the size-budgeted bundle carries no
 * money formatting. English, like the rest of the widget's built-in copy.
 */

export type TermsNumbers = Omit<ReactivationTerms, 'summary' | 'firstCharge'>

/** Minor units as money (`$21.75`, `¥500`): the currency's own number of decimals. */
export function formatMoney(amount: number, currency: string, locale = 'en-US'): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2))
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`
  }
}

/**
 * The terms in words: `summary` is the plan and its prices (with the discount's effect), the first
 * charge, and the renewal; `firstCharge` is the amount and when ("$21.75 today", "$29.00 on March 31,
 * 2027"), which the confirmation names.
 */
export function describeTerms(
  terms: TermsNumbers,
  locale = 'en-US',
): Pick<ReactivationTerms, 'summary' | 'firstCharge'> {
  const { discount, intervalCount, interval, currency } = terms
  const money = (amount: number) => formatMoney(amount, currency, locale)
  const every = `every ${intervalCount > 1 ? `${intervalCount} ${interval}s` : interval}`
  const regular = `${money(terms.amount)} ${every}`
  const when = terms.chargesNow ? 'today' : `on ${formatDate(terms.firstChargeAt, locale)}`
  const firstCharge = `${money(discount?.amount ?? terms.amount)} ${when}`
  const charges = discount && (discount.charges > 1 ? `first ${discount.charges} charges` : 'first charge')
  return {
    summary: [
      discount
        ? `${terms.planName}: ${discount.percentOff}% off, ${money(discount.amount)} for the ${charges}, then ${regular}.`
        : `${terms.planName}: ${regular}.`,
      `${terms.chargesNow ? 'First' : 'Next'} charge: ${firstCharge}.`,
      `Renews automatically ${every} until you cancel.`,
    ],
    firstCharge,
  }
}

/** The numbers with their words. */
export const withDescription = (terms: TermsNumbers, locale?: string): ReactivationTerms => ({
  ...terms,
  ...describeTerms(terms, locale),
})
