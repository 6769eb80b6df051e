import { type Tier, type UsageLimit, usageLimitFor, usageMonth } from '@retainkit/shared/billing'
import { USAGE_NOTICE_THRESHOLDS, type UsageNoticeThreshold } from '@retainkit/shared/constants'
import type { Kysely, Transaction } from 'kysely'
import { lockAccountRow } from '../../db/account-lock'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { cancelSessionsThisMonth } from '../widget/session-store'
import { type EffectiveTier, effectiveTier, loadTierRecords } from './tier'
import { queueUsageNoticeMails } from './usage-notices'

export type { NewNotice } from './usage-notices'

/**
 * Usage of cancel sessions against the month's limit, decided when a session starts: Starter's cap
 * (the widget steps aside past it, and the subscriber is recorded once a month as stepped aside for),
 * the 80 % and 100 % notices (a row each, so one mail each), and Pro sessions beyond the fair-use line
 * (a metered unit each, queued for Stripe). Test-mode sessions are free: never capped, counted or billed.
 */

type Db = Kysely<Database> | Transaction<Database>

/** What to do once the session's transaction has committed (report usage; the mails are queued). */
export interface UsageFollowUp {
  accountId: string
  tier: EffectiveTier
  overageQueued: boolean
}

export type Admission = { admitted: false } | { admitted: true; followUp: UsageFollowUp | null }

export function limitFor(deps: AppDeps, tier: Tier): UsageLimit {
  return usageLimitFor(tier, deps.config.billing !== null)
}

/** The session count at which a threshold is reached: 80 % of 50 is the 40th session. */
export const noticeLine = (limit: number, threshold: UsageNoticeThreshold): number =>
  Math.ceil((limit * threshold) / 100)

/** One row per subscriber and month, however often the widget stepped aside for them. */
export async function recordSteppedAside(
  db: Db,
  accountId: string,
  customerId: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('stepped_aside')
    .values({
      account_id: accountId,
      month: usageMonth(now),
      customer_id: customerId,
      first_at: now,
      last_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'month', 'customer_id']).doUpdateSet((eb) => ({
        last_at: now,
        attempts: eb('stepped_aside.attempts', '+', 1),
      })),
    )
    .execute()
}

export async function countSteppedAside(db: Db, accountId: string, month: string): Promise<number> {
  const row = await db
    .selectFrom('stepped_aside')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('month', '=', month)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The cheap early answer before any Stripe call: a Starter account (by its cached tier) whose live
 * sessions this month reached the cap steps aside for this subscriber, who is recorded.
 */
export async function starterCapReached(
  deps: AppDeps,
  input: { accountId: string; customerId: string; tier: Tier; mode: 'live' | 'test'; now: Date },
): Promise<boolean> {
  if (input.mode === 'test' || input.tier !== 'free') return false
  const { limit } = limitFor(deps, 'free')
  if (limit === null || (await cancelSessionsThisMonth(deps.db, input.accountId, input.now)) < limit)
    return false
  await recordSteppedAside(deps.db, input.accountId, input.customerId, input.now)
  return true
}

/**
 * The authoritative decision, inside the transaction that inserts the session: the account row is
 * locked, so concurrent starts are counted one after another and exactly one of them crosses each
 * line. The tier is read fresh from the database here, not from the widget's cached config.
 */
export async function admitCancelSession(
  trx: Transaction<Database>,
  deps: AppDeps,
  input: { accountId: string; customerId: string; sessionId: string; mode: 'live' | 'test'; now: Date },
): Promise<Admission> {
  if (input.mode === 'test') return { admitted: true, followUp: null }
  const { accountId, now } = input
  await lockAccountRow(trx, accountId)
  const records = await loadTierRecords(trx, accountId)
  if (!records) return { admitted: true, followUp: null }
  const tier = effectiveTier(records, now)
  const { limit, kind } = limitFor(deps, tier.tier)
  const before = await cancelSessionsThisMonth(trx, accountId, now)
  if (kind === 'cap' && limit !== null && before >= limit) {
    await recordSteppedAside(trx, accountId, input.customerId, now)
    return { admitted: false }
  }
  if (limit === null) return { admitted: true, followUp: null }
  const sessions = before + 1
  const month = usageMonth(now)
  for (const threshold of USAGE_NOTICE_THRESHOLDS) {
    if (sessions < noticeLine(limit, threshold)) continue
    const inserted = await trx
      .insertInto('usage_notices')
      .values({
        account_id: accountId,
        month,
        threshold,
        sessions,
        session_limit: limit,
        created_at: now,
        // Queued below, in this transaction: the notice and its mails commit together.
        mailed_at: now,
      })
      .onConflict((oc) => oc.columns(['account_id', 'month', 'threshold', 'session_limit']).doNothing())
      .returning('threshold')
      .executeTakeFirst()
    if (!inserted) continue
    await queueUsageNoticeMails(trx, deps, accountId, {
      threshold,
      sessions,
      limit,
      month,
      // Which reading of Pro's allowance applies on this server (shared PRO_ALLOWANCE).
      pro_has_limit: deps.config.billing !== null,
    })
  }
  // Sessions beyond the fair-use line are billed only to a paying subscription (not to a trial, nor
  // to an operator-set Pro), one metered unit each, identified by the session so it counts once.
  const billed = tier.source === 'subscription' || tier.source === 'grace'
  const overage = deps.config.billing?.prices.overage ?? null
  let overageQueued = false
  if (kind === 'fair_use' && sessions > limit && billed && overage) {
    const customer = await trx
      .selectFrom('platform_subscriptions')
      .select('customer_id')
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    if (customer) {
      await trx
        .insertInto('usage_reports')
        .values({
          session_id: input.sessionId,
          account_id: accountId,
          customer_id: customer.customer_id,
          occurred_at: now,
        })
        .execute()
      overageQueued = true
    }
  }
  const followUp = overageQueued ? { accountId, tier, overageQueued } : null
  return { admitted: true, followUp }
}

/** Live sessions this month beyond the fair-use line (what the metered price bills). */
export async function overageThisMonth(db: Db, accountId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('usage_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('occurred_at', '>=', new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
