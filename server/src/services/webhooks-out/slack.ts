import { formatMoney, fromStripe, type Money } from '@retainkit/shared/money'
import type { WebhookEventType } from '@retainkit/shared/webhooks'

/**
 * The Slack preset: an incoming-webhook message (`{text}`) a person can read in a channel, instead of
 * the raw event. A save's MRR before and after the offer are shown in each currency's own format
 * (`$29.00 → $23.20`, `¥3,000 → ¥2,400`); a body with only the older `mrr`/`currency` (Stripe's units)
 * shows that amount the same way.
 */

export interface EventData {
  customer_id?: string | null
  subscription_id?: string | null
  reason_key?: string | null
  offer?: string | null
  mrr?: number | null
  currency?: string | null
  /** Payment recovery's events: the invoice's amount due (minor units with its currency). */
  amount_due?: Money | null
  /** A save's MRR before and after the offer (ISO minor units with the currency). */
  mrr_before?: Money | null
  mrr_after?: Money | null
}

const HEADLINES: Readonly<Record<WebhookEventType, string>> = {
  'session.started': 'A subscriber opened the cancel flow',
  'offer.accepted': 'Saved: a subscriber accepted an offer',
  'subscription.cancel_scheduled': 'A subscriber cancelled in the flow',
  'reactivation.accepted': 'Won back: a subscriber reactivated',
  'save.lost': 'A saved subscriber was lost',
  'payment.failed': "A subscriber's payment failed",
  'payment.recovered': 'Recovered: a failed payment went through',
  'payment.lost': 'A failed payment was not recovered',
}

/** `MRR $29.00 → $23.20` when the body has both amounts, else the older `mrr` in its currency. */
function mrrOf(data: EventData): string | null {
  if (data.mrr_before && data.mrr_after)
    return `MRR ${formatMoney(data.mrr_before)} → ${formatMoney(data.mrr_after)}`
  if (data.mrr && data.currency) return `MRR ${formatMoney(fromStripe(data.mrr, data.currency))}`
  return null
}

export function slackMessage(type: WebhookEventType, data: EventData, test = false): { text: string } {
  const details = [
    data.customer_id ? `customer ${data.customer_id}` : null,
    data.offer ? `offer: ${data.offer.replace(/_/g, ' ')}` : null,
    data.reason_key ? `reason: ${data.reason_key.replace(/_/g, ' ')}` : null,
    data.amount_due ? `amount ${formatMoney(data.amount_due)}` : null,
    mrrOf(data),
  ].filter((part): part is string => part !== null)
  const text = `*${HEADLINES[type]}*${details.length > 0 ? ` — ${details.join(', ')}` : ''}`
  return { text: test ? `[Test] ${text}` : text }
}
