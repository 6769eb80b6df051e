import { accountIdPathParam } from './billing-operations'
import type { Operation, QueryParam } from './operations'

/** Saves that stick: the merchant's Stripe events in (routes/stripe/events.ts). */

const accountId = accountIdPathParam

const stripeSignature: QueryParam = {
  name: 'Stripe-Signature',
  in: 'header',
  required: true,
  description: 'Stripe’s signature over the raw body (t=…,v1=…), with the endpoint’s own secret',
  schema: { type: 'string' },
}

export const RETENTION_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/api/stripe/webhooks/{accountId}',
    summary:
      "The merchant's own Stripe events, from the endpoint Retainkit registered on their account (no API key; 400 on a bad signature)",
    tag: 'Stripe',
    security: ['none'],
    params: [accountId, stripeSignature],
    returns: '{received: true, result: applied | duplicate | ignored} (not wrapped in data)',
  },
]
