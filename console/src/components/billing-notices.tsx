import { Link } from 'react-router-dom'
import { graceStatement, noticeText, trialEndingNotice } from '../features/billing/billing-text'
import { useBillingStatus } from '../session/billing-store'
import { DEFAULT_BILLING_URL } from '../session/nav-hint'

/**
 * Above every page: the trial's ending in its last week (owners get it by mail at 7, 3 and 1 days), a
 * failed payment's grace period, and this month's latest usage notice (80 % or 100 % of the limit; the
 * same notice was e-mailed once).
 */
export function BillingNotices() {
  const status = useBillingStatus()
  if (!status) return null
  const grace = graceStatement(status)
  const latest = status.notices.at(-1)
  const trial = trialEndingNotice(status)
  if (!grace && !latest && !trial) return null
  return (
    <div className="rk-billing-notices">
      {trial ? (
        <div
          className={`rk-notice ${(status.trial?.days_left ?? 0) <= 3 ? 'rk-notice--warning' : 'rk-notice--info'}`}
          role="status"
          data-testid="trial-notice"
        >
          <p>{trial}</p>
          <Link to={DEFAULT_BILLING_URL}>Choose your plan</Link>
        </div>
      ) : null}
      {grace ? (
        <div className="rk-notice rk-notice--warning" role="status" data-testid="grace-notice">
          <p>{grace}</p>
          <Link to={DEFAULT_BILLING_URL}>Update your card</Link>
        </div>
      ) : null}
      {latest ? (
        <div
          className={`rk-notice ${latest.threshold === 100 ? 'rk-notice--warning' : 'rk-notice--info'}`}
          role="status"
          data-testid="usage-notice"
        >
          <p>{noticeText(latest, status)}</p>
          <Link to={DEFAULT_BILLING_URL}>See your plan</Link>
        </div>
      ) : null}
    </div>
  )
}
