import { webhookEndpointCreateSchema } from '@retainkit/shared/schemas'
import { WEBHOOK_ENDPOINT_KINDS, WEBHOOK_EVENT_TYPES } from '@retainkit/shared/webhooks'
import { z } from 'zod'
import { merchant, type Operation, pathAccountId, type QueryParam, queryParam } from './operation-types'
import { ANALYTICS_PERIOD_PARAMS } from './period-params'
import { data } from './responses'

/** Saves that stick: the merchant's Stripe events in, the raw export and webhooks out. */

const isoTime = z.string().describe('ISO 8601 time')
const nullableTime = isoTime.nullable()

const exportedSession = z.object({
  session_id: z.string(),
  kind: z.string(),
  mode: z.string(),
  customer_id: z.string(),
  subscription_id: z.string().nullable(),
  started_at: isoTime,
  completed_at: nullableTime,
  outcome: z.string(),
  reason_key: z.string().nullable(),
  mrr: z.number(),
  currency: z.string().nullable(),
  steps: z.array(
    z.object({
      step: z.string(),
      at: isoTime,
      reason_key: z.string().nullable(),
      offer: z.string().nullable(),
    }),
  ),
  offer: z.string().nullable(),
  saved_mrr: z.number().nullable(),
  durability: z.enum(['kept', 'lost', 'unknown']).nullable(),
  lost_at: nullableTime,
  d30: z.string().nullable(),
  d60: z.string().nullable(),
  d90: z.string().nullable(),
})
const sessionExport = z.union([
  z.object({
    data: z.array(exportedSession),
    meta: z.object({ truncated: z.boolean(), asOf: isoTime }),
  }),
  z.string().describe('CSV (text/csv): one line per session, steps joined by " > "'),
])

const stripeReceipt = z.object({
  received: z.literal(true),
  result: z.enum(['applied', 'duplicate', 'ignored']),
})

const endpointView = z.object({
  id: z.string(),
  url: z.string(),
  kind: z.enum(WEBHOOK_ENDPOINT_KINDS),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string().nullable(),
  created_at: isoTime,
})
const delivery = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int().nonnegative(),
  last_status: z.number().int().nullable(),
  next_attempt_at: nullableTime,
  created_at: nullableTime,
  delivered_at: nullableTime,
  log: z.array(
    z.object({
      at: nullableTime,
      status: z.number().int().nullable(),
      error: z.string().nullable(),
      duration_ms: z.number().nullable(),
    }),
  ),
})

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

export const RETENTION_OPERATIONS: Operation[] = [
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
    response: sessionExport,
    textContent: 'text/csv',
    returns: 'CSV (text/csv, the default) or JSON {data: sessions, meta: {truncated, asOf}}',
  },
  {
    method: 'post',
    path: '/api/stripe/webhooks/{accountId}',
    summary:
      "The merchant's own Stripe events, from the endpoint Retainkit registered on their account (no API key; 400 on a bad signature)",
    tag: 'Stripe',
    security: ['none'],
    params: [pathAccountId, stripeSignature],
    response: stripeReceipt,
    returns: '{received: true, result} (not wrapped in data)',
  },
  {
    method: 'post',
    path: '/api/stripe/connect/webhook',
    summary:
      "Stripe Connect events of every OAuth-connected account (the platform's Connect endpoint, no API key; 400 on a bad signature), routed by the event's `account`",
    tag: 'Stripe',
    security: ['none'],
    params: [stripeSignature],
    response: stripeReceipt,
    returns: '{received: true, result} (not wrapped in data)',
  },
  {
    method: 'get',
    path: '/api/webhooks/{accountId}',
    summary: "The account's webhook endpoints (members who view the config; secrets are never returned)",
    tag: 'Account',
    security: merchant,
    params: [pathAccountId],
    response: data(z.array(endpointView)),
    returns: '[{id, url, kind: generic | slack, events, description, created_at}]',
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
    response: data(endpointView.extend({ secret: z.string() })),
    returns: '{id, url, kind, events, description, created_at, secret}',
    status: 201,
  },
  {
    method: 'delete',
    path: '/api/webhooks/{accountId}/endpoints/{endpointId}',
    summary: 'Remove a webhook endpoint and its pending deliveries (owners and admins)',
    tag: 'Account',
    security: merchant,
    params: [pathAccountId, pathId('endpointId', 'Endpoint ID')],
    response: data(z.object({ deleted: z.literal(true) })),
    returns: '{deleted: true}',
  },
  {
    method: 'get',
    path: '/api/webhooks/{accountId}/deliveries',
    summary: 'The delivery log: the latest 100 deliveries with every attempt and its response code',
    tag: 'Account',
    security: merchant,
    params: [pathAccountId, queryParam('endpoint_id', 'Only this endpoint')],
    response: data(z.array(delivery)),
    returns:
      '[{id, endpoint_id, event_id, event_type, status, attempts, last_status, next_attempt_at, …, log}]',
  },
  {
    method: 'post',
    path: '/api/webhooks/{accountId}/deliveries/{deliveryId}/replay',
    summary:
      'Send a delivery again: the same event id and body, with a fresh three-day retry window (owners and admins)',
    tag: 'Account',
    security: merchant,
    params: [pathAccountId, pathId('deliveryId', 'Delivery ID')],
    response: data(z.object({ replayed: z.literal(true) })),
    returns: '{replayed: true}',
  },
]
