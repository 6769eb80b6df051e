import type { BillingStatus } from '@retainkit/shared/billing'

/** A billing status as `GET /api/billing/status/{accountId}` answers it: a Starter account by default. */
export function billingStatus(overrides: Partial<BillingStatus> = {}): BillingStatus {
  return {
    account_id: 'acme',
    tier: 'free',
    source: 'starter',
    billing_enabled: true,
    trial: null,
    subscription: null,
    grace: null,
    can_subscribe: true,
    can_manage: false,
    usage: {
      month: '2026-11',
      sessions: 12,
      limit: 50,
      limit_kind: 'cap',
      stepped_aside: 0,
      overage_sessions: 0,
    },
    notices: [],
    ...overrides,
  }
}
