import type { Tier, TierSource } from '@retainkit/shared/billing'
import { FREE_TRIAL_DAYS, PRO_PAYMENT_GRACE_DAYS } from '@retainkit/shared/constants'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/tables'

/**
 * The one place an account's tier is decided, from the server's own records only: the tier the
 * operator set (accounts.tier), the platform subscription as Stripe last reported it, a failed
 * payment's grace period, and the trial. Every tier check (offers, banner, custom flows, the Starter
 * session cap, analytics, coupons) goes through `effectiveTier`; nothing a client sends is consulted.
 */

const DAY_MS = 86_400_000

/** Stripe statuses in which the subscription is paid up. */
const PAID_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing'])
/** Stripe statuses after a failed payment, while Stripe retries: Pro for the grace period. */
const DUNNING_STATUSES: ReadonlySet<string> = new Set(['past_due', 'unpaid'])

export interface SubscriptionRecord {
  status: string | null
  paymentFailedAt: Date | null
}

export interface TierRecords {
  /** accounts.tier: 'pro' only when an operator (or the demo seed) made it so. */
  operatorTier: Tier
  trialEndsAt: Date | null
  subscription: SubscriptionRecord | null
}

export interface EffectiveTier {
  tier: Tier
  source: TierSource
  /** Set while the trial runs. */
  trialEndsAt: Date | null
  /** Set while a failed payment's grace period runs. */
  graceEndsAt: Date | null
  /** The next moment the tier changes by time alone (a trial or grace period ending), if any. */
  changesAt: Date | null
}

export const trialEndFor = (createdAt: Date): Date => new Date(createdAt.getTime() + FREE_TRIAL_DAYS * DAY_MS)

export const graceEndFor = (paymentFailedAt: Date): Date =>
  new Date(paymentFailedAt.getTime() + PRO_PAYMENT_GRACE_DAYS * DAY_MS)

/** Whether a Stripe subscription status still stands for a subscription (paid or being retried). */
export const isLiveSubscriptionStatus = (status: string | null): boolean =>
  status !== null && (PAID_STATUSES.has(status) || DUNNING_STATUSES.has(status))

export function effectiveTier(records: TierRecords, now: Date): EffectiveTier {
  const trialEndsAt = records.trialEndsAt && records.trialEndsAt > now ? records.trialEndsAt : null
  const status = records.subscription?.status ?? null
  const failedAt = records.subscription?.paymentFailedAt ?? null
  const graceEnd = status && DUNNING_STATUSES.has(status) && failedAt ? graceEndFor(failedAt) : null
  const graceEndsAt = graceEnd && graceEnd > now ? graceEnd : null
  const pro = (source: TierSource, changesAt: Date | null): EffectiveTier => ({
    tier: 'pro',
    source,
    trialEndsAt,
    graceEndsAt,
    changesAt,
  })
  if (records.operatorTier === 'pro') return pro('operator', null)
  if (status && PAID_STATUSES.has(status)) return pro('subscription', null)
  if (graceEndsAt) {
    // A trial still running outlasts a grace period that ends first.
    const until = trialEndsAt && trialEndsAt > graceEndsAt ? trialEndsAt : graceEndsAt
    return pro('grace', until)
  }
  if (trialEndsAt) return pro('trial', trialEndsAt)
  return { tier: 'free', source: 'starter', trialEndsAt: null, graceEndsAt: null, changesAt: null }
}

type Db = Kysely<Database> | Transaction<Database>

/** The records `effectiveTier` reads, for one account; null when there is no such account. */
export async function loadTierRecords(db: Db, accountId: string): Promise<TierRecords | null> {
  const row = await db
    .selectFrom('accounts as a')
    .leftJoin('platform_subscriptions as p', 'p.account_id', 'a.id')
    .select(['a.tier', 'a.trial_ends_at', 'p.status', 'p.payment_failed_at', 'p.customer_id'])
    .where('a.id', '=', accountId)
    .executeTakeFirst()
  if (!row) return null
  return {
    operatorTier: row.tier,
    trialEndsAt: row.trial_ends_at,
    subscription: row.customer_id ? { status: row.status, paymentFailedAt: row.payment_failed_at } : null,
  }
}

/** The account's effective tier now; null when there is no such account. */
export async function loadEffectiveTier(db: Db, accountId: string, now: Date): Promise<EffectiveTier | null> {
  const records = await loadTierRecords(db, accountId)
  return records ? effectiveTier(records, now) : null
}
