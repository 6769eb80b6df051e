import { usageLimitFor } from '@retainkit/shared/billing'
import { PRICING } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import type { AppDeps } from '../../deps'
import type { MailMessage } from '../mailer'
import type { NewNotice } from './usage'

/**
 * The usage mails: at 80 % and 100 % of the month's limit, once each (the notice row is claimed
 * before sending and released if sending fails, so parallel senders never mail twice), to the
 * account's owners, through the mailer (SMTP or the dev outbox).
 */

const STARTER_CAP = usageLimitFor('free', false).limit

function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

function nextMonthStart(month: string): string {
  const [year = 0, index = 1] = month.split('-').map(Number)
  return new Date(Date.UTC(year, index, 1)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
}

export function usageNoticeMail(
  deps: AppDeps,
  account: { id: string; name: string },
  notice: NewNotice,
): Omit<MailMessage, 'to'> {
  const link = `${deps.config.publicUrl}${ROUTES.settings}?tab=billing`
  const when = monthName(notice.month)
  const starter = notice.limit === STARTER_CAP
  const full = notice.threshold === 100
  const subject = full
    ? `Retainkit: ${account.name} has used ${starter ? 'all' : ''} ${notice.limit} cancel sessions this month`
    : `Retainkit: ${account.name} has used ${notice.threshold}% of this month's cancel sessions`
  const lead = `Your account "${account.name}" has used ${notice.sessions} of the ${notice.limit} cancel sessions ${starter ? `the ${PRICING.starter.name} plan includes` : 'included at no extra cost'} in ${when}.`
  const consequence = starter
    ? full
      ? `Until ${nextMonthStart(notice.month)}, the cancel flow steps aside and subscribers who cancel go straight to your own cancel page.`
      : `After ${notice.limit}, the cancel flow steps aside until ${nextMonthStart(notice.month)} and subscribers go straight to your own cancel page.`
    : `Beyond ${notice.limit} a month, each cancel session costs $${PRICING.pro.overageUsdPerCancel}, billed with your ${PRICING.pro.name} subscription (not during a trial).`
  const action = starter
    ? `Upgrade to ${PRICING.pro.name} for unlimited sessions: ${link}`
    : `Your plan and usage: ${link}`
  return { subject: subject.replace(/\s+/g, ' '), text: `${lead}\n\n${consequence}\n\n${action}\n`, link }
}

async function ownersOf(deps: AppDeps, accountId: string): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.account_id', '=', accountId)
    .where('m.role', '=', 'owner')
    .execute()
  return rows.map((row) => row.email)
}

/** Claims the notice, mails the owners, and releases the claim if the mail could not be sent. */
export async function mailUsageNotice(deps: AppDeps, accountId: string, notice: NewNotice): Promise<boolean> {
  const key = {
    account_id: accountId,
    month: notice.month,
    threshold: notice.threshold,
    session_limit: notice.limit,
  }
  const claimed = await deps.db
    .updateTable('usage_notices')
    .set({ mailed_at: deps.clock.now() })
    .where('account_id', '=', key.account_id)
    .where('month', '=', key.month)
    .where('threshold', '=', key.threshold)
    .where('session_limit', '=', key.session_limit)
    .where('mailed_at', 'is', null)
    .returning('sessions')
    .executeTakeFirst()
  if (!claimed) return false
  try {
    const account = await deps.db
      .selectFrom('accounts')
      .select(['id', 'name'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
    const mail = usageNoticeMail(deps, account, { ...notice, sessions: claimed.sessions })
    for (const to of await ownersOf(deps, accountId)) await deps.mailer.send({ to, ...mail })
    return true
  } catch (error) {
    deps.logger.error('usage notice mail failed; it will be retried', {
      accountId,
      threshold: notice.threshold,
      error: error instanceof Error ? error.message : String(error),
    })
    await deps.db
      .updateTable('usage_notices')
      .set({ mailed_at: null })
      .where('account_id', '=', key.account_id)
      .where('month', '=', key.month)
      .where('threshold', '=', key.threshold)
      .where('session_limit', '=', key.session_limit)
      .execute()
    return false
  }
}

/** Notices of the last two days whose mail failed: sent again by the billing worker. */
export async function retryUnsentNotices(deps: AppDeps): Promise<number> {
  const since = new Date(deps.clock.now().getTime() - 2 * 86_400_000)
  const unsent = await deps.db
    .selectFrom('usage_notices')
    .select(['account_id', 'month', 'threshold', 'sessions', 'session_limit'])
    .where('mailed_at', 'is', null)
    .where('created_at', '>', since)
    .limit(50)
    .execute()
  let sent = 0
  for (const row of unsent) {
    const notice = {
      threshold: row.threshold,
      sessions: row.sessions,
      limit: row.session_limit,
      month: row.month,
    }
    if (await mailUsageNotice(deps, row.account_id, notice)) sent += 1
  }
  return sent
}
