import {
  type BillingStatus,
  keepsTrial,
  PRO_ALLOWANCE,
  PRO_WITHOUT_LIMIT,
  type UsageNotice,
  upgradeToProSentence,
} from '@retainkit/shared/billing'
import { PRICING } from '@retainkit/shared/constants'

/** The plain sentences the console says about a plan, its trial and its usage, in one place. */

const DATE = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

export const formatBillingDate = (iso: string) => DATE.format(new Date(iso))

export const planName = (status: BillingStatus) =>
  status.tier === 'pro' ? PRICING.pro.name : PRICING.starter.name

export function daysLeftLabel(days: number): string {
  return days === 1 ? '1 day left' : `${days} days left`
}

/** What happens when the trial ends, said before it does. */
export function trialStatement(status: BillingStatus): string | null {
  if (!status.trial) return null
  const when = formatBillingDate(status.trial.ends_at)
  const starter = `${PRICING.starter.name}: ${PRICING.starter.cancelSessionsPerMonth} cancel sessions a month, no save offers or reactivation banners`
  if (status.subscription && status.can_subscribe === false)
    return `Your ${PRICING.pro.name} trial ends on ${when}; your subscription continues ${PRICING.pro.name} after it.`
  return `Your ${PRICING.pro.name} trial ends on ${when} (${daysLeftLabel(status.trial.days_left)}). Then your account moves to ${starter} — unless you subscribe to ${PRICING.pro.name}. Nothing is charged unless you subscribe.`
}

/** Days before its end from which the trial's ending is announced above every page (and mailed). */
export const TRIAL_NOTICE_FROM_DAYS = 7

const STARTER_LOSES = `${PRICING.starter.cancelSessionsPerMonth} cancel sessions a month, the default flow, no save offers and no reactivation banner`

/**
 * Above every page in the trial's last week, while nothing follows it: when it ends and what stops
 * then, so a merchant who went live is not moved to Starter without warning.
 */
export function trialEndingNotice(status: BillingStatus): string | null {
  const trial = status.trial
  if (!trial || status.source !== 'trial' || trial.days_left > TRIAL_NOTICE_FROM_DAYS) return null
  const when = trial.days_left <= 1 ? 'tomorrow' : `in ${trial.days_left} days`
  return `Your ${PRICING.pro.name} trial ends ${when}, on ${formatBillingDate(trial.ends_at)}. Then this account moves to ${PRICING.starter.name}: ${STARTER_LOSES}; your subscribers stop seeing offers and banners. Subscribe to ${PRICING.pro.name} to keep them.`
}

/**
 * What subscribing now charges, and when: during the trial the days left are kept and the first charge
 * is at its end; closer to the end than Checkout can keep a trial (two days), or after it, at once.
 */
export function firstChargeSentence(status: BillingStatus, now = new Date()): string {
  const endsAt = status.source === 'trial' && status.trial ? new Date(status.trial.ends_at) : null
  if (endsAt && keepsTrial(endsAt, now))
    return `Subscribing keeps your trial's ${daysLeftLabel(status.trial?.days_left ?? 0)}: nothing is charged today; the first charge is on ${formatBillingDate(endsAt.toISOString())}.`
  if (endsAt)
    return 'Your trial ends within two days, too soon for Checkout to keep it: subscribing starts the paid plan today, with the first charge today.'
  return 'The first charge is the day you subscribe.'
}

/** "12 / 50 sessions" (Starter's cap, Pro's fair-use line) or "12 sessions" (no limit). */
export function usageLabel(status: BillingStatus): string {
  const { sessions, limit } = status.usage
  return limit === null ? `${sessions} sessions` : `${sessions} / ${limit} sessions`
}

export function usageSentence(status: BillingStatus): string {
  const { sessions, limit, limit_kind: kind, overage_sessions: overage } = status.usage
  if (limit === null) return `${sessions} cancel sessions this month. ${PRO_WITHOUT_LIMIT} on your plan.`
  if (kind === 'cap')
    return `${sessions} of ${limit} cancel sessions used this month. At ${limit} the widget steps aside until the 1st of next month, and subscribers go straight to your own cancel page.`
  return `${sessions} cancel sessions this month. Your plan: ${PRO_ALLOWANCE}${overage > 0 ? ` (${overage} billed so far)` : ''}.`
}

export function noticeText(notice: UsageNotice, status: BillingStatus): string {
  const capped = status.usage.limit_kind === 'cap' && notice.limit === status.usage.limit
  if (notice.threshold === 100) {
    return capped
      ? `You have used all ${notice.limit} cancel sessions of this month. The widget steps aside for subscribers until the 1st of next month: they go straight to your own cancel page. ${upgradeToProSentence(status.billing_enabled)}`
      : `You have reached ${notice.limit} cancel sessions this month: each further session is billed at $${PRICING.pro.overageUsdPerCancel}.`
  }
  return capped
    ? `You have used ${notice.sessions} of your ${notice.limit} cancel sessions this month (80 %). At ${notice.limit} the widget steps aside until the 1st of next month.`
    : `You have used ${notice.sessions} of the ${notice.limit} cancel sessions included this month (80 %).`
}

export function graceStatement(status: BillingStatus): string | null {
  if (!status.grace) return null
  return `Your last payment failed. ${PRICING.pro.name} continues until ${formatBillingDate(status.grace.ends_at)} while Stripe retries your card; update it in the Billing Portal, or your account moves to ${PRICING.starter.name} then.`
}

export function subscriptionStatement(status: BillingStatus): string | null {
  const sub = status.subscription
  if (!sub) return null
  const end = sub.current_period_end ? formatBillingDate(sub.current_period_end) : null
  if (sub.status === 'canceled') return `Your ${PRICING.pro.name} subscription has ended.`
  if (sub.cancel_at_period_end && end)
    return `Your ${PRICING.pro.name} subscription is canceled: ${PRICING.pro.name} until ${end}, then ${PRICING.starter.name}.`
  const interval = sub.interval === 'year' ? 'annual' : sub.interval === 'month' ? 'monthly' : ''
  if (sub.status === 'trialing' && sub.trial_end)
    return `${PRICING.pro.name}${interval ? `, billed ${interval}` : ''}; your trial's days were kept: the first charge is on ${formatBillingDate(sub.trial_end)}.`
  return `${PRICING.pro.name}${interval ? `, billed ${interval}` : ''}${end ? `; renews on ${end}` : ''}.`
}
