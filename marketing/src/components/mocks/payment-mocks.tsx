import { DUNNING_GRACE_DAYS, DUNNING_RETRY_SCHEDULE } from '@retainkit/shared/constants'
import { MockButton } from './illustrative'

/** The dunning email a subscriber receives after a failed charge. */
export function FailedPaymentEmailMock() {
  return (
    <div className="mock-email">
      <div className="mock-email-head">
        <span className="mock-muted">From: Acme Coffee Club</span>
        <span className="mock-muted">Subject: Your payment didn't go through</span>
      </div>
      <p className="mock-email-title">Payment Failed</p>
      <p>
        Hi Jamie, we couldn't charge your card ending in 4242 for your $24.00 monthly plan. It only takes a
        minute to fix.
      </p>
      <div className="mock-actions">
        <MockButton>Update payment method</MockButton>
        <MockButton variant="plain">Contact support</MockButton>
      </div>
      <p className="mock-email-footer">Your account will remain active for {DUNNING_GRACE_DAYS} days</p>
    </div>
  )
}

const STATUS_LABEL = { done: 'Done', scheduled: 'Scheduled', pending: 'Pending' } as const

/** The smart retry schedule: 24 hours, 3 days, 7 days (the dunning demo). */
export function RetryScheduleMock() {
  return (
    <ol className="mock-retries">
      {DUNNING_RETRY_SCHEDULE.map((retry) => (
        <li key={retry.attempt} className={`mock-retry is-${retry.status}`}>
          <span className="mock-retry-name">
            Retry {retry.attempt} <span className="mock-muted">after {retry.label}</span>
          </span>
          <span className={`status status-${retry.status}`}>{STATUS_LABEL[retry.status]}</span>
        </li>
      ))}
    </ol>
  )
}
