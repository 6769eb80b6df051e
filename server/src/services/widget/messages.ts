import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { endsOnText } from '@retainkit/shared/flow'
import { languagesOf, type UiStrings, uiStringsIn } from '@retainkit/shared/i18n'
import { formatMoney, fromStripe } from '@retainkit/shared/money'

/** Subscriber-facing confirmations: plain words the subscriber can keep. */

const DATE = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/** "March 3, 2027" (UTC, like Stripe's period boundaries). */
export const formatDate = (unixSeconds: number): string => DATE.format(new Date(unixSeconds * 1000))

/** A Stripe amount in its currency, with that currency's decimals (`$5.00`, `¥500`). */
export const formatStripeAmount = (amount: number, currency: string): string =>
  formatMoney(fromStripe(amount, currency))

export interface DiscountTerms {
  percent_off: number | null
  amount_off: number | null
  currency: string | null
  duration: 'once' | 'repeating' | 'forever' | string
  duration_in_months: number | null
}

export function discountMessage(terms: DiscountTerms, fallbackCurrency: string): string {
  const off = terms.percent_off
    ? `${terms.percent_off}% off`
    : `${formatStripeAmount(terms.amount_off ?? 0, terms.currency ?? fallbackCurrency)} off`
  if (terms.duration === 'forever') return `Done — ${off} your subscription.`
  if (terms.duration === 'repeating' && terms.duration_in_months) {
    const months = terms.duration_in_months
    return months === 1 ? `Done — ${off} your next month.` : `Done — ${off} your next ${months} months.`
  }
  return `Done — ${off} your next invoice.`
}

export const pauseMessage = (resumesAt: number): string =>
  `Done — your subscription is paused until ${formatDate(resumesAt)}. It resumes automatically then.`

export const trialExtensionMessage = (trialEnd: number): string =>
  `Done — your free trial now runs until ${formatDate(trialEnd)}.`

export const TRIAL_ONLY_MESSAGE =
  'Only a subscription that is still in its free trial can have its trial extended.'

export const switchMessage = (planName: string): string => `Done — you're now on ${planName}.`

export const cancelMessage = (cancelAt: number | null): string =>
  cancelAt === null
    ? 'Your subscription is canceled. You keep access until the end of your current billing period.'
    : `Your subscription is canceled. You keep access until ${formatDate(cancelAt)}.`

/**
 * "Your subscription ends on <date>" in a session's language (the account's default for a session stored
 * without one), the date formatted for it: the widget shows the server's sentence on its final screen and
 * in its already-scheduled dialog, so its size-budgeted bundle carries no date formatting.
 */
export function endsOnSentence(payload: AccountWords, locale: string | null, iso: string): string {
  const { strings, tag } = sessionUi(payload, locale)
  return endsOnText(strings, iso, tag)
}

type AccountWords = { config: CancelFlowConfig; reasons: readonly CancellationReason[] }

/** The widget's words in a session's language (the account's default for a session stored without one). */
export function sessionUi(payload: AccountWords, locale: string | null): { strings: UiStrings; tag: string } {
  const tag = locale ?? languagesOf(payload.config).default
  return { strings: uiStringsIn(payload.config, payload.reasons, tag), tag }
}
