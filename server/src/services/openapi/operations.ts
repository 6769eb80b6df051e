import { ANALYTICS_ENDPOINTS } from '@retainkit/shared/analytics-endpoints'
import {
  acceptOfferSchema,
  accountDataSchema,
  activeAccountSchema,
  cancelSchema,
  configPayloadSchema,
  contactMessageSchema,
  createAccountSchema,
  createCouponSchema,
  credentialsSchema,
  memberInviteSchema,
  memberRoleSchema,
  reasonsPayloadSchema,
  sessionEventsSchema,
  sessionStartSchema,
  stripeOAuthCallbackSchema,
  waitlistSchema,
} from '@retainkit/shared/schemas'
import type { z } from 'zod'
import { BILLING_OPERATIONS } from './billing-operations'
import { ANALYTICS_PERIOD_PARAMS } from './period-params'
import { RETENTION_OPERATIONS } from './retention-operations'

/**
 * Every public call, described once. Request bodies are the same zod schemas the routes validate with,
 * so the document cannot drift from what the server accepts.
 */
export type Security = 'apiKey' | 'bearer' | 'subscriber' | 'none'

export interface QueryParam {
  name: string
  in: 'query' | 'path' | 'header'
  required?: boolean
  description: string
  schema?: Record<string, unknown>
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete'
  path: string
  summary: string
  tag: 'Session' | 'Account' | 'Analytics' | 'Stripe' | 'Billing' | 'Public' | 'Widget' | 'Platform'
  security: Security[]
  params?: QueryParam[]
  body?: z.ZodType
  /** What `data` holds on success, in words (the console's typed client is the reference). */
  returns: string
  status?: number
}

const accountIdQuery: QueryParam = {
  name: 'accountId',
  in: 'query',
  required: true,
  description: 'Account ID: 1–100 letters, digits, hyphens or underscores',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
}
const action = (value: string): QueryParam => ({
  name: 'action',
  in: 'query',
  required: true,
  description: `Must be "${value}"`,
  schema: { type: 'string', const: value },
})
const pathAccountId: QueryParam = { ...accountIdQuery, in: 'path', name: 'accountId' }
const merchant: Security[] = ['apiKey', 'bearer']

const CORE_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/health',
    summary: 'Health check (database included)',
    tag: 'Platform',
    security: ['none'],
    returns: '{status, database}',
  },
  {
    method: 'get',
    path: '/runtime-config.json',
    summary: "The console's public runtime settings",
    tag: 'Platform',
    security: ['none'],
    returns: '{backendUrl, apiBaseUrl, anonKey, apiKey, stripeRedirectUrl}',
  },
  {
    method: 'post',
    path: '/api/session?action=bootstrap',
    summary: 'First sign-in creates an account and owner membership; idempotent',
    tag: 'Session',
    security: merchant,
    returns: 'session context',
  },
  {
    method: 'post',
    path: '/api/session?action=active-account',
    summary: 'Switch the active account (must be a member)',
    tag: 'Session',
    security: merchant,
    body: activeAccountSchema,
    returns: 'session context',
  },
  {
    method: 'get',
    path: '/api/session?action=context',
    summary: 'Session context: active account, accounts, membership, capabilities, user',
    tag: 'Session',
    security: merchant,
    returns: '{active_account_id, accounts, membership, capabilities, user}',
  },
  {
    method: 'get',
    path: '/api/account?action=data',
    summary: 'Account data',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('data')],
    returns: '{account_id, name, slug, email, domain, tier}',
  },
  {
    method: 'put',
    path: '/api/account?action=data',
    summary: 'Update account data (tier changes go through billing)',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('data')],
    body: accountDataSchema,
    returns: 'the account',
  },
  {
    method: 'post',
    path: '/api/accounts',
    summary: 'Create an account owned by the caller',
    tag: 'Account',
    security: merchant,
    body: createAccountSchema,
    returns: 'the account',
    status: 201,
  },
  {
    method: 'get',
    path: '/api/account?action=config',
    summary: 'Current cancel-flow configuration and version history',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('config')],
    returns: '{config_json, version, updated_at, previous_versions}',
  },
  {
    method: 'put',
    path: '/api/account?action=config',
    summary: 'Save a new configuration version (free accounts: copy only)',
    tag: 'Account',
    security: merchant,
    params: [
      accountIdQuery,
      action('config'),
      {
        name: 'base_version',
        in: 'query',
        description: 'Refuse with 409 if the current version moved on',
        schema: { type: 'integer' },
      },
    ],
    body: configPayloadSchema,
    returns: '{config_json, version}',
  },
  {
    method: 'get',
    path: '/api/config/default/{accountId}',
    summary: 'The default configuration and reasons',
    tag: 'Account',
    security: merchant,
    params: [pathAccountId],
    returns: '{config_json, reasons}',
  },
  {
    method: 'get',
    path: '/api/account?action=reasons',
    summary: 'Cancellation reasons',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('reasons')],
    returns: '{reasons}',
  },
  {
    method: 'post',
    path: '/api/account?action=reasons',
    summary: 'Replace the cancellation reasons',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('reasons')],
    body: reasonsPayloadSchema,
    returns: '{reasons}',
  },
  {
    method: 'get',
    path: '/api/account?action=credentials',
    summary: 'Stripe connection (secret key masked, never returned)',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('credentials')],
    returns: '{gateway, connected, api_key (masked), access_token, …}',
  },
  {
    method: 'post',
    path: '/api/account?action=credentials',
    summary: 'Connect Stripe with pasted keys (checked, then encrypted at rest)',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('credentials')],
    body: credentialsSchema,
    returns: 'masked credentials',
  },
  {
    method: 'post',
    path: '/api/account?action=widget-secret',
    summary: 'Create or rotate the widget secret (shown once; two active at most)',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('widget-secret')],
    returns: '{id, secret, created_at}',
  },
  {
    method: 'get',
    path: '/api/account?action=install-status',
    summary: 'Where and when the widget last loaded',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('install-status')],
    returns: '{installed, last_loaded_at, origins}',
  },
  {
    method: 'get',
    path: '/api/account?action=members',
    summary: 'The team: members and pending invitations (any member)',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('members')],
    returns:
      '{members: [{user_id, email, role, joined_at, you}], invitations: [{email, role, invited_at, expires_at}]}',
  },
  {
    method: 'post',
    path: '/api/account?action=members',
    summary: 'Invite an address with a role; they join when they sign in with it (owners and admins)',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('members')],
    body: memberInviteSchema,
    returns: '{invitation, emailed}',
  },
  {
    method: 'put',
    path: '/api/account?action=members',
    summary: "Change a member's role (only owners touch owners; one owner always stays)",
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('members')],
    body: memberRoleSchema,
    returns: '{user_id, email, role, joined_at, you}',
  },
  {
    method: 'delete',
    path: '/api/account?action=members',
    summary: 'Remove a member (&userId=) or withdraw an invitation (&email=)',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery, action('members')],
    returns: '{user_id, removed} or {email, revoked}',
  },
  {
    method: 'get',
    path: '/api/analytics',
    summary: 'Analytics data sets (default period: the last 3 months)',
    tag: 'Analytics',
    security: merchant,
    params: [
      {
        name: 'endpoint',
        in: 'query',
        required: true,
        description: 'Data set',
        schema: { type: 'string', enum: [...ANALYTICS_ENDPOINTS] },
      },
      {
        name: 'account_id',
        in: 'query',
        required: true,
        description: 'Account ID',
        schema: { type: 'string' },
      },
      ...ANALYTICS_PERIOD_PARAMS,
    ],
    returns: 'rows of the chosen data set',
  },
  {
    method: 'post',
    path: '/api/stripe/oauth/callback',
    summary: 'Finish the Stripe Connect OAuth flow',
    tag: 'Stripe',
    security: merchant,
    body: stripeOAuthCallbackSchema,
    returns: '{account_id, connected, stripe_account_id}',
  },
  {
    method: 'get',
    path: '/api/stripe/plans/{accountId}',
    summary: "Active recurring prices of the merchant's Stripe account",
    tag: 'Stripe',
    security: merchant,
    params: [pathAccountId],
    returns: '[{id, product_name, unit_amount, currency, interval, display}]',
  },
  {
    method: 'post',
    path: '/api/stripe/coupons',
    summary: "Create a coupon in the merchant's Stripe account",
    tag: 'Stripe',
    security: merchant,
    body: createCouponSchema,
    returns: 'the coupon',
  },
  {
    method: 'get',
    path: '/api/stripe/coupons/{accountId}',
    summary: 'List coupons (limit, starting_after)',
    tag: 'Stripe',
    security: merchant,
    params: [
      pathAccountId,
      {
        name: 'limit',
        in: 'query',
        description: '1–100, default 10',
        schema: { type: 'integer', minimum: 1, maximum: 100 },
      },
      {
        name: 'starting_after',
        in: 'query',
        description: 'Cursor: the last coupon id of the previous page',
        schema: { type: 'string' },
      },
    ],
    returns: '{data, has_more}',
  },
  {
    method: 'post',
    path: '/api/stripe/test-connection/{accountId}',
    summary: 'Check the stored Stripe key',
    tag: 'Stripe',
    security: merchant,
    params: [pathAccountId],
    returns: '{ok, account, livemode}',
  },
  {
    method: 'post',
    path: '/api/contact',
    summary: 'Send a message to the team',
    tag: 'Public',
    security: ['apiKey'],
    body: contactMessageSchema,
    returns: '{success: true}',
  },
  {
    method: 'post',
    path: '/api/waitlist',
    summary: 'Join the payment-recovery waitlist',
    tag: 'Public',
    security: ['apiKey'],
    body: waitlistSchema,
    returns: '{success: true}',
  },
  {
    method: 'get',
    path: '/api/widget/config/{accountId}',
    summary: 'Published widget configuration (ETag, CORS for the account domain)',
    tag: 'Widget',
    security: ['none'],
    params: [pathAccountId],
    returns: 'WidgetConfigResponse (not wrapped in data)',
  },
  {
    method: 'post',
    path: '/api/widget/sessions',
    summary: "Start a cancel session for the token's subscriber",
    tag: 'Widget',
    security: ['subscriber'],
    body: sessionStartSchema,
    returns: 'SessionStartResponse',
  },
  {
    method: 'post',
    path: '/api/widget/sessions/{id}/events',
    summary: 'Record batched step events',
    tag: 'Widget',
    security: ['subscriber'],
    body: sessionEventsSchema,
    returns: 'nothing (204)',
    status: 204,
  },
  {
    method: 'post',
    path: '/api/widget/sessions/{id}/accept',
    summary: 'Accept an offer (applied through Stripe; idempotent)',
    tag: 'Widget',
    security: ['subscriber'],
    body: acceptOfferSchema,
    returns: 'AcceptOfferResponse',
  },
  {
    method: 'post',
    path: '/api/widget/sessions/{id}/cancel',
    summary: 'Cancel at period end (idempotent)',
    tag: 'Widget',
    security: ['subscriber'],
    body: cancelSchema,
    returns: 'CancelResponse',
  },
  {
    method: 'post',
    path: '/api/widget/reactivation',
    summary: 'Is this subscriber paused, cancelling or churned?',
    tag: 'Widget',
    security: ['subscriber'],
    returns: 'ReactivationResponse',
  },
  {
    method: 'post',
    path: '/api/widget/reactivation/accept',
    summary: 'Resume, undo the cancellation, or win back',
    tag: 'Widget',
    security: ['subscriber'],
    returns: 'ReactivationAcceptResponse',
  },
]

export const OPERATIONS: Operation[] = [...CORE_OPERATIONS, ...BILLING_OPERATIONS, ...RETENTION_OPERATIONS]
