/** The events Retainkit sends to merchants' webhook endpoints (Settings → Webhooks). */
export const WEBHOOK_EVENT_TYPES = [
  'session.started',
  'offer.accepted',
  'subscription.cancel_scheduled',
  'reactivation.accepted',
  'save.lost',
  'payment.failed',
  'payment.recovered',
  'payment.lost',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

export const WEBHOOK_ENDPOINT_KINDS = ['generic', 'slack'] as const
export type WebhookEndpointKind = (typeof WEBHOOK_ENDPOINT_KINDS)[number]

/** The header every delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Retainkit-Signature'

/** What a receiver should accept between the signature's time and its own clock (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'session.started': 'A subscriber opened the cancel flow',
  'offer.accepted': 'A subscriber accepted a save offer',
  'subscription.cancel_scheduled': 'A subscriber cancelled in the flow',
  'reactivation.accepted': 'A subscriber reactivated from the banner',
  'save.lost': 'A saved subscriber cancelled or stopped paying later',
  'payment.failed': "A subscriber's payment failed (payment recovery started)",
  'payment.recovered': 'A failed payment was recovered',
  'payment.lost': 'A failed payment was not recovered (involuntary churn)',
}
