import { type BillingStatus, daysLeft, usageMonth } from '@retainkit/shared/billing'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { cancelSessionsThisMonth } from '../widget/session-store'
import { effectiveTier, isLiveSubscriptionStatus } from './tier'
import { countSteppedAside, limitFor, overageThisMonth } from './usage'

/**
 * `GET /api/billing/status/{accountId}`: the account's tier and why, its trial and subscription, and
 * this month's usage and notices — everything the console's badge, usage meter, notices and plan page
 * show, computed on the server from its own records.
 */
export async function billingStatus(deps: AppDeps, accountId: string): Promise<BillingStatus> {
  const now = deps.clock.now()
  const month = usageMonth(now)
  const row = await deps.db
    .selectFrom('accounts as a')
    .leftJoin('platform_subscriptions as p', 'p.account_id', 'a.id')
    .select([
      'a.tier',
      'a.trial_ends_at',
      'p.customer_id',
      'p.status',
      'p.payment_failed_at',
      'p.billing_interval',
      'p.cancel_at_period_end',
      'p.current_period_end',
      'p.trial_end',
    ])
    .where('a.id', '=', accountId)
    .executeTakeFirst()
  if (!row) throw new HttpError('NOT_FOUND')
  const tier = effectiveTier(
    {
      operatorTier: row.tier,
      trialEndsAt: row.trial_ends_at,
      subscription: row.customer_id ? { status: row.status, paymentFailedAt: row.payment_failed_at } : null,
    },
    now,
  )
  const [sessions, steppedAside, overage, notices] = await Promise.all([
    cancelSessionsThisMonth(deps.db, accountId, now),
    countSteppedAside(deps.db, accountId, month),
    overageThisMonth(deps.db, accountId, now),
    deps.db
      .selectFrom('usage_notices')
      .select(['threshold', 'sessions', 'session_limit', 'created_at'])
      .where('account_id', '=', accountId)
      .where('month', '=', month)
      .orderBy('created_at')
      .execute(),
  ])
  const { limit, kind } = limitFor(deps, tier.tier)
  const billingEnabled = deps.config.billing !== null
  const hasSubscription = row.status !== null && row.status !== undefined
  return {
    account_id: accountId,
    tier: tier.tier,
    source: tier.source,
    billing_enabled: billingEnabled,
    trial: tier.trialEndsAt
      ? { ends_at: tier.trialEndsAt.toISOString(), days_left: daysLeft(tier.trialEndsAt, now) }
      : null,
    subscription: hasSubscription
      ? {
          status: row.status as string,
          interval: row.billing_interval ?? null,
          cancel_at_period_end: row.cancel_at_period_end ?? false,
          current_period_end: row.current_period_end?.toISOString() ?? null,
          trial_end: row.trial_end?.toISOString() ?? null,
        }
      : null,
    grace: tier.graceEndsAt ? { ends_at: tier.graceEndsAt.toISOString() } : null,
    can_subscribe: billingEnabled && !isLiveSubscriptionStatus(row.status ?? null),
    can_manage: billingEnabled && Boolean(row.customer_id),
    usage: {
      month,
      sessions,
      limit,
      limit_kind: kind,
      stepped_aside: steppedAside,
      overage_sessions: overage,
    },
    notices: notices.map((notice) => ({
      threshold: notice.threshold,
      sessions: notice.sessions,
      limit: notice.session_limit,
      created_at: notice.created_at.toISOString(),
    })),
  }
}
