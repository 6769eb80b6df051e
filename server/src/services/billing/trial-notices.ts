import { daysLeft, keepsTrial } from '@retainkit/shared/billing'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { startClusterPass } from '../cluster-pass'
import { enqueueMail } from '../mail/outbox'

/**
 * Notices that Retainkit's own Pro trial is ending (issue 33): 7, 3 and 1 days before its end, a mail to
 * each owner of an account still on the trial (no subscription, no Pro set by the operator), through
 * the mail outbox — once per threshold and trial end (the dedupe key), so a pass that runs late sends
 * the nearest threshold only (two days left: the 3-day notice, never the 7-day one after it). The
 * console says the same from the billing status (billing-notices.tsx).
 */
export const TRIAL_NOTICE_DAYS = [7, 3, 1] as const

/**
 * The notice due with `leftMs` until the end: the smallest threshold it is within (6 days 23 hours
 * left: the 7-day notice; 2 days: the 3-day one), or none more than 7 days before.
 */
export const noticeThreshold = (leftMs: number): number | null =>
  [...TRIAL_NOTICE_DAYS].sort((a, b) => a - b).find((threshold) => leftMs <= threshold * 86_400_000) ?? null

interface TrialRow {
  id: string
  trial_ends_at: Date
}

async function trialsEndingSoon(db: Kysely<Database>, now: Date): Promise<TrialRow[]> {
  const horizon = new Date(now.getTime() + Math.max(...TRIAL_NOTICE_DAYS) * 86_400_000)
  const { rows } = await sql<TrialRow>`
    select a.id, a.trial_ends_at from accounts a
    left join platform_subscriptions p on p.account_id = a.id
    where a.tier = 'free' and a.trial_ends_at > ${now.toISOString()}::timestamptz
      and a.trial_ends_at <= ${horizon.toISOString()}::timestamptz
      and (p.status is null or p.status not in ('active', 'trialing', 'past_due', 'unpaid'))`.execute(db)
  return rows
}

/** Queues the due notices; how many mails were queued (the rest were queued before). */
export async function queueTrialNotices(deps: AppDeps, now = deps.clock.now()): Promise<number> {
  let queued = 0
  for (const account of await trialsEndingSoon(deps.db, now)) {
    const endsAt = new Date(account.trial_ends_at)
    const days = daysLeft(endsAt, now)
    const threshold = noticeThreshold(endsAt.getTime() - now.getTime())
    if (threshold === null) continue
    queued += await deps.db.transaction().execute(async (trx) => {
      const owners = await trx
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('u.email')
        .where('m.account_id', '=', account.id)
        .where('m.role', '=', 'owner')
        .execute()
      let count = 0
      for (const { email } of owners) {
        const result = await enqueueMail(trx, deps, {
          kind: 'trial_ending',
          to: email,
          accountId: account.id,
          dedupeKey: `trial_ending:${endsAt.toISOString()}:${threshold}:${email}`,
          params: { days_left: days, ends_at: endsAt.toISOString(), keeps_trial: keepsTrial(endsAt, now) },
        })
        if (result.queued) count += 1
      }
      return count
    })
  }
  return queued
}

/** Hourly, once per cluster. Returns a stop function. */
export function startTrialNotices(deps: AppDeps, everyMs = 3_600_000): () => void {
  return startClusterPass(deps, 'trial notices', everyMs, async () => {
    await queueTrialNotices(deps)
  })
}
