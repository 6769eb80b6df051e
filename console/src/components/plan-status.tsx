import { PRICING } from '@retainkit/shared/constants'
import { Link } from 'react-router-dom'
import { daysLeftLabel, usageLabel } from '../features/billing/billing-text'
import { useBillingStatus } from '../session/billing-store'
import { DEFAULT_BILLING_URL } from '../session/nav-hint'

/**
 * The navigation's plan line: a trial badge with the days left (or the plan's name), and this month's
 * cancel sessions against the limit; both lead to the plan in Settings.
 */
export function PlanStatus() {
  const status = useBillingStatus()
  if (!status) return null
  const badge = status.trial
    ? `${PRICING.pro.name} trial · ${daysLeftLabel(status.trial.days_left)}`
    : status.grace
      ? `${PRICING.pro.name} · payment failed`
      : status.tier === 'pro'
        ? PRICING.pro.name
        : PRICING.starter.name
  const { sessions, limit } = status.usage
  const full = limit !== null && status.usage.limit_kind === 'cap' && sessions >= limit
  return (
    <Link className="rk-plan-status" to={DEFAULT_BILLING_URL}>
      <span className="rk-visually-hidden">Plan: </span>
      <span
        className={`rk-plan-badge${status.trial ? ' rk-plan-badge--trial' : ''}`}
        data-testid="plan-badge"
      >
        {badge}
      </span>
      <span className="rk-visually-hidden">, usage this month: </span>
      <span className={`rk-usage${full ? ' rk-usage--full' : ''}`} data-testid="nav-usage">
        {usageLabel(status)}
      </span>
    </Link>
  )
}
