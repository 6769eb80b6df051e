import type { ApiData } from '@retainkit/shared/api'
import { formatMoney } from '@retainkit/shared/money'
import type { SessionKind, SessionOutcome } from '@retainkit/shared/sessions'
import type { OfferType } from '@retainkit/shared/vocabulary'
import { OFFER_LABELS } from '../../features/labels'

export type SessionSummary = ApiData<'GET /api/sessions/{accountId}'>['sessions'][number]
export type SessionDetail = ApiData<'GET /api/sessions/{accountId}/{sessionId}'>

/** How a session ended, in words. */
export const OUTCOME_LABELS: Readonly<Record<SessionOutcome, string>> = {
  open: 'In progress',
  saved: 'Saved',
  stayed: 'Stayed',
  canceled: 'Cancelled',
  abandoned: 'Left the flow',
}

export const KIND_LABELS: Readonly<Record<SessionKind, string>> = {
  cancel: 'Cancel flow',
  reactivation: 'Reactivation banner',
}

/** Each recorded step in words, for the session's timeline. */
export const STEP_LABELS: Readonly<Record<string, string>> = {
  session_started: 'Opened the cancel flow',
  reason_selected: 'Chose a reason',
  feedback_submitted: 'Wrote feedback',
  offer_shown: 'Was shown an offer',
  offer_accepted: 'Accepted the offer',
  offer_declined: 'Declined the offer',
  reason_continue: 'Kept the subscription',
  cancel_completed: 'Cancelled',
  flow_abandoned: 'Left the flow',
  banner_shown: 'Saw the reactivation banner',
  banner_accepted: 'Reactivated from the banner',
  banner_dismissed: 'Dismissed the banner',
}

export const offerLabel = (offer: string | null): string | null =>
  offer === null
    ? null
    : offer === 'reactivation'
      ? 'Reactivation'
      : (OFFER_LABELS[offer as OfferType] ?? offer)

/** "Jane Doe · jane@…", the id when Stripe named no one. */
export function customerLabel(customer: SessionSummary['customer']): string {
  const parts = [customer.name, customer.email].filter((part): part is string => Boolean(part))
  return parts.length > 0 ? parts.join(' · ') : customer.id
}

export function mrrLabel(mrr: SessionSummary['mrr']): string {
  return mrr ? `${formatMoney(mrr, readerLocale())}/month` : '—'
}

export function planLabel(plan: SessionSummary['plan']): string {
  if (!plan) return '—'
  return plan.product ?? plan.price_id ?? '—'
}

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
export const formatWhen = (iso: string) => TIME.format(new Date(iso))

/** The reader's language for numbers and money (Intl), English when the browser names none. */
export const readerLocale = (): string =>
  typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en-US'
