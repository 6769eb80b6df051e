import type { UsageNoticeThreshold } from '@retainkit/shared/constants'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { enqueueMail } from '../mail/outbox'

/** A usage notice the month's count just crossed into (usage.ts decides, this file mails it). */
export interface NewNotice {
  threshold: UsageNoticeThreshold
  sessions: number
  limit: number
  month: string
  /** Whether Pro's allowance here is "included, then $1 each" (platform billing) or no limit. */
  pro_has_limit?: boolean
}

/**
 * The usage mails: at 80 % and 100 % of the month's limit, once each, to the account's owners. Queued
 * in the transaction that records the notice (services/billing/usage.ts), so the notice row and its
 * mails commit together and parallel session starts that race for the line queue them once; the mail
 * worker sends and retries them (services/mail/), worded by the `usage_notice` template.
 */
export async function queueUsageNoticeMails(
  trx: Transaction<Database>,
  deps: Pick<AppDeps, 'clock' | 'secrets'>,
  accountId: string,
  notice: NewNotice,
): Promise<void> {
  const owners = await trx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.account_id', '=', accountId)
    .where('m.role', '=', 'owner')
    .execute()
  for (const { email } of owners) {
    await enqueueMail(trx, deps, {
      kind: 'usage_notice',
      to: email,
      accountId,
      dedupeKey: `usage_notice:${notice.month}:${notice.threshold}:${notice.limit}:${email}`,
      params: notice,
    })
  }
}
