import { webhookEndpointCreateSchema, webhookTestEventSchema } from '@retainkit/shared/schemas'
import { merchant, type OperationSpec, pathAccountId, type QueryParam, queryParam } from './operation-types'
import { ANALYTICS_PERIOD_PARAMS } from './period-params'

/** Saves that stick: the merchant's Stripe events in, the raw export and webhooks out. */

const stripeSignature: QueryParam = {
  name: 'Stripe-Signature',
  in: 'header',
  required: true,
  description: 'Stripe’s signature over the raw body (t=…,v1=…), with the endpoint’s own secret',
  schema: { type: 'string' },
}
const pathId = (name: string, description: string): QueryParam => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
})

export const RETENTION_OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/analytics/export',
    summary:
      'Raw export of the sessions of a period: steps, offer, outcome and whether the save stuck (members who view analytics; Pro)',
    tag: 'Analytics',
    security: merchant,
    params: [
      { ...queryParam('account_id', 'Account ID'), required: true },
      queryParam('format', "'csv' (default: one line per session, steps joined by ' > ') or 'json'", {
        type: 'string',
        enum: ['csv', 'json'],
      }),
      ...ANALYTICS_PERIOD_PARAMS,
    ],
    textContent: 'text/csv',
  },
  {
    method: 'get',
    path: '/api/evidence',
    summary:
      'The evidence ledger of a customer, a session or a period: each session screen by screen, every row with its hashes, the chain verified. Never masked, so only for members who see subscribers in full (owners, admins, editors); a viewer gets 403 INSUFFICIENT_PERMISSIONS',
    tag: 'Evidence',
    security: merchant,
    params: [
      { ...queryParam('account_id', 'Account ID'), required: true },
      queryParam('customer_id', "One customer's rows (the subscriber token's sub)"),
      queryParam('session_id', "One session's rows"),
      queryParam('startDate', 'Rows recorded from this date or time'),
      queryParam('endDate', 'Rows recorded until this date (inclusive) or time'),
      queryParam('mode', "'live' or 'test'", { type: 'string', enum: ['live', 'test'] }),
      queryParam('format', "'json' (default), 'csv' or 'html' (a printable page)", {
        type: 'string',
        enum: ['json', 'csv', 'html'],
      }),
    ],
    textContent: 'text/csv',
  },
  {
    method: 'get',
    path: '/api/evidence/verify',
    summary:
      "The account's whole evidence chain verified: every row's hash, every link, no gap, the head (no personal data: any member who views analytics, viewers included)",
    tag: 'Evidence',
    security: merchant,
    params: [{ ...queryParam('account_id', 'Account ID'), required: true }],
  },
  {
    method: 'post',
    path: '/api/stripe/webhooks/{accountId}',
    summary:
      "The merchant's own Stripe events, from the endpoint Retainkit registered on their account (no API key; 400 on a bad signature)",
    tag: 'Stripe',
    security: ['none'],
    params: [pathAccountId, stripeSignature],
  },
  {
    method: 'post',
    path: '/api/stripe/connect/webhook',
    summary:
      "Stripe Connect events of every OAuth-connected account (the platform's Connect endpoint, no API key; 400 on a bad signature), routed by the event's `account`",
    tag: 'Stripe',
    security: ['none'],
    params: [stripeSignature],
  },
  {
    method: 'get',
    path: '/api/webhooks/{accountId}',
    summary: "The account's webhook endpoints (members who view the config; secrets are never returned)",
    tag: 'Account',
    security: merchant,
    params: [pathAccountId],
  },
  {
    method: 'post',
    path: '/api/webhooks/{accountId}',
    summary:
      'Add an HTTPS webhook endpoint on a public address; the answer holds its signing secret, shown this once (owners and admins)',
    tag: 'Account',
    security: merchant,
    params: [pathAccountId],
    body: webhookEndpointCreateSchema,
    status: 201,
  },
  {
    method: 'delete',
    path: '/api/webhooks/{accountId}/endpoints/{endpointId}',
    summary: 'Remove a webhook endpoint and its pending deliveries (owners and admins)',
    tag: 'Account',
    security: merchant,
    params: [pathAccountId, pathId('endpointId', 'Endpoint ID')],
  },
  {
    method: 'post',
    path: '/api/webhooks/{accountId}/endpoints/{endpointId}/test',
    summary:
      'Send a test event: a sample of one event type the endpoint receives, signed and logged like a real delivery, its body marked "test": true (owners and admins)',
    tag: 'Account',
    security: merchant,
    params: [pathAccountId, pathId('endpointId', 'Endpoint ID')],
    body: webhookTestEventSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/api/webhooks/{accountId}/deliveries',
    summary: 'The delivery log: the latest 100 deliveries with every attempt and its response code',
    tag: 'Account',
    security: merchant,
    params: [pathAccountId, queryParam('endpoint_id', 'Only this endpoint')],
  },
  {
    method: 'post',
    path: '/api/webhooks/{accountId}/deliveries/{deliveryId}/replay',
    summary:
      'Send a delivery again: the same event id and body, with a fresh three-day retry window (owners and admins)',
    tag: 'Account',
    security: merchant,
    params: [pathAccountId, pathId('deliveryId', 'Delivery ID')],
  },
]
