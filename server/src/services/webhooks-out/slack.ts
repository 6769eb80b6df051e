import { formatMoney, type Money } from '@retainkit/shared/money'
import type { WebhookEventType } from '@retainkit/shared/webhooks'

/**
 * The Slack preset: an incoming-webhook message (`{text}`) a person can read in a channel, instead of
 * the raw event. Amounts are minor units in the event; shown here in major units with the currency.
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

const money = (minor: number, currency: string): string =>
  `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`

export function slackMessage(type: WebhookEventType, data: EventData, test = false): { text: string } {
  const details = [
    data.customer_id ? `customer ${data.customer_id}` : null,
    data.offer ? `offer: ${data.offer.replace(/_/g, ' ')}` : null,
    data.reason_key ? `reason: ${data.reason_key.replace(/_/g, ' ')}` : null,
    data.amount_due ? `amount ${formatMoney(data.amount_due)}` : null,
    data.mrr && data.currency ? `MRR ${money(data.mrr, data.currency)}` : null,
  ].filter((part): part is string => part !== null)
  const text = `*${HEADLINES[type]}*${details.length > 0 ? ` — ${details.join(', ')}` : ''}`
  return { text: test ? `[Test] ${text}` : text }
}
