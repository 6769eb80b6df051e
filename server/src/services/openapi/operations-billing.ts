import { billingCheckoutSchema } from '@retainkit/shared/schemas'
import { adminEarlyAccessBody } from '../../admin/early-access'
import { adminRevokeBody, adminTierBody } from '../../admin/operations'
import { adminReconcileBody } from '../../admin/reconcile'
import { merchant, type OperationSpec, pathAccountId } from './operation-types'

/** The billing calls (routes/billing.ts): the account's plan on the platform's own Stripe account. */
export const BILLING_OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/billing/status/{accountId}',
    summary: "The account's effective tier and why, trial, subscription and this month's usage (any member)",
    tag: 'Billing',
    security: merchant,
    params: [pathAccountId],
  },
  {
    method: 'post',
    path: '/api/billing/checkout/{accountId}',
    summary: 'A Stripe Checkout page for Pro, monthly or annual (owners)',
    tag: 'Billing',
    security: merchant,
    params: [pathAccountId],
    body: billingCheckoutSchema,
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
  },
]

const adminOnly = {
  '403': 'Not a direct loopback connection',
  '404': 'No admin token in this process (the endpoint does not exist), or no such account or user',
}

/**
 * What `npm run admin` asks a running server to do (routes/admin.ts): loopback only, with the process's
 * admin token from DATA_DIR/admin.json.
 */
export const ADMIN_OPERATIONS: OperationSpec[] = [
  {
    method: 'post',
    path: '/api/admin/accounts',
    summary: 'Every account: tier and why, trial, usage this month, owners',
    tag: 'Admin',
    security: ['admin'],
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
    otherResponses: { ...adminOnly, '409': 'Billing decides tiers on this server: add force' },
  },
  {
    method: 'post',
    path: '/api/admin/revoke-sessions',
    summary: 'Sign a user out of every session',
    tag: 'Admin',
    security: ['admin'],
    body: adminRevokeBody,
    otherResponses: adminOnly,
  },
  {
    method: 'post',
    path: '/api/admin/mail',
    summary: 'The mail outbox: counts by status, and the failed and waiting mails (no bodies)',
    tag: 'Admin',
    security: ['admin'],
    otherResponses: adminOnly,
  },
  {
    method: 'post',
    path: '/api/admin/waitlist',
    summary: "Payment recovery's waitlist sign-ups, newest first",
    tag: 'Admin',
    security: ['admin'],
    otherResponses: adminOnly,
  },
  {
    method: 'post',
    path: '/api/admin/early-access',
    summary: 'Grant (on) or withdraw (off) payment recovery for an account, by id or owner e-mail',
    tag: 'Admin',
    security: ['admin'],
    body: adminEarlyAccessBody,
    otherResponses: adminOnly,
  },
  {
    method: 'post',
    path: '/api/admin/reconcile',
    summary:
      'One Stripe reconcile pass now, for the account named (id or owner e-mail) or every connected account; each account with its own result',
    tag: 'Admin',
    security: ['admin'],
    body: adminReconcileBody,
    otherResponses: {
      ...adminOnly,
      '404': 'No admin token, no such account, or the account has no Stripe connection',
    },
  },
]
