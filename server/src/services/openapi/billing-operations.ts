import { billingCheckoutSchema } from '@retainkit/shared/schemas'
import type { Operation, QueryParam } from './operations'

/** The billing calls (routes/billing.ts): the account's plan on the platform's Stripe account. */

export const accountIdPathParam: QueryParam = {
  name: 'accountId',
  in: 'path',
  required: true,
  description: 'Account ID: 1–100 letters, digits, hyphens or underscores',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
}

export const BILLING_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/billing/status/{accountId}',
    summary: "The account's effective tier and why, trial, subscription and this month's usage (any member)",
    tag: 'Billing',
    security: ['apiKey', 'bearer'],
    params: [accountIdPathParam],
    returns:
      '{account_id, tier, source, billing_enabled, trial, subscription, grace, can_subscribe, can_manage, usage: {month, sessions, limit, limit_kind, stepped_aside, overage_sessions}, notices}',
  },
  {
    method: 'post',
    path: '/api/billing/checkout/{accountId}',
    summary: 'A Stripe Checkout page for Pro, monthly or annual (owners; 409 when already subscribed)',
    tag: 'Billing',
    security: ['apiKey', 'bearer'],
    params: [accountIdPathParam],
    body: billingCheckoutSchema,
    returns: '{url}',
    status: 201,
  },
  {
    method: 'post',
    path: '/api/billing/portal/{accountId}',
    summary: 'A Stripe Billing Portal page: cancel, change card, invoices (owners)',
    tag: 'Billing',
    security: ['apiKey', 'bearer'],
    params: [accountIdPathParam],
    returns: '{url}',
    status: 201,
  },
  {
    method: 'post',
    path: '/api/billing/webhook',
    summary: "Stripe's signed events for the platform account (no API key; 400 on a bad signature)",
    tag: 'Billing',
    security: ['none'],
    params: [
      {
        name: 'Stripe-Signature',
        in: 'header',
        required: true,
        description: 'Stripe’s signature over the raw body (t=…,v1=…)',
        schema: { type: 'string' },
      },
    ],
    returns: '{received: true, result: applied | duplicate | ignored} (not wrapped in data)',
  },
]
