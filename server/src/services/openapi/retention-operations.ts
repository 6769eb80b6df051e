import { webhookEndpointCreateSchema } from '@retainkit/shared/schemas'
import { accountIdPathParam } from './billing-operations'
import type { Operation, QueryParam } from './operations'
import { ANALYTICS_PERIOD_PARAMS } from './period-params'

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
    method: 'get',
    path: '/api/analytics/export',
    summary:
      'Raw export of the sessions of a period: steps, offer, outcome and whether the save stuck (members who view analytics; Pro)',
    tag: 'Analytics',
    security: ['apiKey', 'bearer'],
    params: [
      {
        name: 'account_id',
        in: 'query',
        required: true,
        description: 'Account ID',
        schema: { type: 'string' },
      },
      {
        name: 'format',
        in: 'query',
        description: "'csv' (default: one line per session, steps joined by ' > ') or 'json'",
        schema: { type: 'string', enum: ['csv', 'json'] },
      },
      ...ANALYTICS_PERIOD_PARAMS,
    ],
    returns:
      'CSV (text/csv), or JSON {data: [{session_id, kind, mode, customer_id, subscription_id, started_at, completed_at, outcome, reason_key, mrr, currency, steps: [{step, at, reason_key, offer}], offer, saved_mrr, durability: kept | lost | unknown | null, lost_at, d30, d60, d90}], meta: {truncated, asOf}}',
  },
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
  {
    method: 'get',
    path: '/api/webhooks/{accountId}',
    summary: "The account's webhook endpoints (members who view the config; secrets are never returned)",
    tag: 'Account',
    security: ['apiKey', 'bearer'],
    params: [accountId],
    returns: '[{id, url, kind: generic | slack, events, description, created_at}]',
  },
  {
    method: 'post',
    path: '/api/webhooks/{accountId}',
    summary:
      'Add an HTTPS webhook endpoint; the answer holds its signing secret, shown this once (owners and admins)',
    tag: 'Account',
    security: ['apiKey', 'bearer'],
    params: [accountId],
    body: webhookEndpointCreateSchema,
    returns: '{id, url, kind, events, description, created_at, secret}',
    status: 201,
  },
  {
    method: 'delete',
    path: '/api/webhooks/{accountId}/endpoints/{endpointId}',
    summary: 'Remove a webhook endpoint and its pending deliveries (owners and admins)',
    tag: 'Account',
    security: ['apiKey', 'bearer'],
    params: [
      accountId,
      {
        name: 'endpointId',
        in: 'path',
        required: true,
        description: 'Endpoint ID',
        schema: { type: 'string' },
      },
    ],
    returns: '{deleted: true}',
  },
  {
    method: 'get',
    path: '/api/webhooks/{accountId}/deliveries',
    summary: 'The delivery log: the latest 100 deliveries with every attempt and its response code',
    tag: 'Account',
    security: ['apiKey', 'bearer'],
    params: [
      accountId,
      { name: 'endpoint_id', in: 'query', description: 'Only this endpoint', schema: { type: 'string' } },
    ],
    returns:
      '[{id, endpoint_id, event_id, event_type, status: pending | delivered | failed, attempts, last_status, next_attempt_at, created_at, delivered_at, log: [{at, status, error, duration_ms}]}]',
  },
  {
    method: 'post',
    path: '/api/webhooks/{accountId}/deliveries/{deliveryId}/replay',
    summary:
      'Send a delivery again: the same event id and body, with a fresh three-day retry window (owners and admins)',
    tag: 'Account',
    security: ['apiKey', 'bearer'],
    params: [
      accountId,
      {
        name: 'deliveryId',
        in: 'path',
        required: true,
        description: 'Delivery ID',
        schema: { type: 'string' },
      },
    ],
    returns: '{replayed: true}',
  },
]
