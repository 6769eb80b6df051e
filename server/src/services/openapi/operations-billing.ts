import { BILLING_INTERVALS, TIER_SOURCES } from '@retainkit/shared/billing'
import { billingCheckoutSchema } from '@retainkit/shared/schemas'
import { z } from 'zod'
import { adminRevokeBody, adminTierBody } from '../../admin/operations'
import { merchant, type Operation, pathAccountId } from './operation-types'
import { data } from './responses'

const isoTime = z.string().describe('ISO 8601 time')
const tier = z.enum(['free', 'pro'])
const source = z.enum(TIER_SOURCES)

const billingStatus = z.object({
  account_id: z.string(),
  tier,
  source,
  billing_enabled: z.boolean(),
  trial: z.object({ ends_at: isoTime, days_left: z.number().int() }).nullable(),
  subscription: z
    .object({
      status: z.string(),
      interval: z.enum(BILLING_INTERVALS).nullable(),
      cancel_at_period_end: z.boolean(),
      current_period_end: isoTime.nullable(),
    })
    .nullable(),
  grace: z.object({ ends_at: isoTime }).nullable(),
  can_subscribe: z.boolean(),
  can_manage: z.boolean(),
  usage: z.object({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    sessions: z.number().int().nonnegative(),
    limit: z.number().int().nullable(),
    limit_kind: z.enum(['cap', 'fair_use']).nullable(),
    stepped_aside: z.number().int().nonnegative(),
    overage_sessions: z.number().int().nonnegative(),
  }),
  notices: z.array(
    z.object({
      threshold: z.union([z.literal(80), z.literal(100)]),
      sessions: z.number().int(),
      limit: z.number().int(),
      created_at: isoTime,
    }),
  ),
})
const hostedPage = z.object({ url: z.string().url() })
const webhookReceipt = z.object({
  received: z.literal(true),
  result: z.enum(['applied', 'duplicate', 'ignored']),
})

/** The billing calls (routes/billing.ts): the account's plan on the platform's own Stripe account. */
export const BILLING_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/billing/status/{accountId}',
    summary: "The account's effective tier and why, trial, subscription and this month's usage (any member)",
    tag: 'Billing',
    security: merchant,
    params: [pathAccountId],
    response: data(billingStatus),
    returns:
      '{account_id, tier, source, billing_enabled, trial, subscription, grace, can_subscribe, can_manage, usage: {month, sessions, limit, limit_kind, stepped_aside, overage_sessions}, notices}',
  },
  {
    method: 'post',
    path: '/api/billing/checkout/{accountId}',
    summary: 'A Stripe Checkout page for Pro, monthly or annual (owners)',
    tag: 'Billing',
    security: merchant,
    params: [pathAccountId],
    body: billingCheckoutSchema,
    response: data(hostedPage),
    returns: '{url}',
    status: 201,
    otherResponses: {
      '409': 'The account already has a live subscription',
      '503': 'Billing is not configured on this server',
    },
  },
  {
    method: 'post',
    path: '/api/billing/portal/{accountId}',
    summary: 'A Stripe Billing Portal page: cancel, change card, invoices (owners)',
    tag: 'Billing',
    security: merchant,
    params: [pathAccountId],
    response: data(hostedPage),
    returns: '{url}',
    status: 201,
    otherResponses: { '503': 'Billing is not configured on this server' },
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
    response: webhookReceipt,
    returns: '{received: true, result: applied | duplicate | ignored} (not wrapped in data)',
  },
]

const tierChange = z.object({
  account: z.object({ id: z.string(), name: z.string() }),
  tier,
  source,
})
const accountListing = z.object({
  id: z.string(),
  name: z.string(),
  owners: z.array(z.string()),
  tier,
  source,
  trial_ends_at: isoTime.nullable(),
  sessions_this_month: z.number().int().nonnegative(),
  session_limit: z.number().int().nullable(),
})

const adminOnly = {
  '403': 'Not a direct loopback connection',
  '404': 'No admin token in this process (the endpoint does not exist), or no such account or user',
}

/**
 * What `npm run admin` asks a running server to do (routes/admin.ts): loopback only, with the process's
 * admin token from DATA_DIR/admin.json.
 */
export const ADMIN_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/api/admin/accounts',
    summary: 'Every account: tier and why, trial, usage this month, owners',
    tag: 'Admin',
    security: ['admin'],
    response: data(z.array(accountListing)),
    returns: '[{id, name, owners, tier, source, trial_ends_at, sessions_this_month, session_limit}]',
    otherResponses: adminOnly,
  },
  {
    method: 'post',
    path: '/api/admin/tier',
    summary:
      "Set an account's operator tier, by account id or owner e-mail (409 under billing unless forced)",
    tag: 'Admin',
    security: ['admin'],
    body: adminTierBody,
    response: data(tierChange),
    returns: '{account: {id, name}, tier, source}',
    otherResponses: { ...adminOnly, '409': 'Billing decides tiers on this server: add force' },
  },
  {
    method: 'post',
    path: '/api/admin/revoke-sessions',
    summary: 'Sign a user out of every session',
    tag: 'Admin',
    security: ['admin'],
    body: adminRevokeBody,
    response: data(z.object({ email: z.string(), revoked: z.number().int().nonnegative() })),
    returns: '{email, revoked}',
    otherResponses: adminOnly,
  },
]
