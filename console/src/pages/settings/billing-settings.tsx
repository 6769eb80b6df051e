import { type BillingInterval, type BillingStatus, PRO_ALLOWANCE } from '@retainkit/shared/billing'
import { PRICING } from '@retainkit/shared/constants'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Spinner } from '../../components/spinner'
import {
  firstChargeSentence,
  formatBillingDate,
  graceStatement,
  planName,
  subscriptionStatement,
  trialStatement,
  usageSentence,
} from '../../features/billing/billing-text'
import { openBillingPortal, startCheckout } from '../../lib/api'
import { browserLocation } from '../../lib/browser-location'
import { userMessageOf } from '../../lib/error-handler'
import { billingStore, useBillingStatus } from '../../session/billing-store'
import { useCapability } from '../../session/session-store'

/** What Pro adds, in the words a merchant compares plans with (its allowance as the pricing page says it). */
const PRO_EXTRAS = [
  'Custom styling and custom flows',
  'Save offers through Stripe or a URL: discount, pause, plan or billing-cycle switch',
  'Reactivation and paused-subscriber banners',
  'Full reason dashboard and write-in sentiment',
] as const

/** Sends the owner to a Stripe page (Checkout or the portal); says why when that fails. */
function useStripeRedirect() {
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const go = async (what: string, open: () => ReturnType<typeof openBillingPortal>) => {
    setBusy(what)
    setError(null)
    const result = await open()
    if (result.error) {
      setBusy(null)
      setError(userMessageOf(result.error))
      return
    }
    browserLocation.assign(result.data.url)
  }
  return { busy, error, go }
}

function Usage({ status }: { status: BillingStatus }) {
  const { sessions, limit, stepped_aside: steppedAside } = status.usage
  return (
    <div className="rk-settings__block">
      <h3>Usage this month</h3>
      {limit !== null ? (
        <meter
          className="rk-usage-meter"
          min={0}
          max={limit}
          value={Math.min(sessions, limit)}
          aria-label="Cancel sessions used this month"
        />
      ) : null}
      <p data-testid="settings-usage">{usageSentence(status)}</p>
      {steppedAside > 0 ? (
        <p>
          The widget stepped aside for {steppedAside} subscriber{steppedAside === 1 ? '' : 's'} this month
          because the limit was reached.
        </p>
      ) : null}
    </div>
  )
}

/** The account's plan, trial, subscription and usage, with the ways to subscribe and to manage billing. */
export function BillingSettings({ accountId }: { accountId: string }) {
  const status = useBillingStatus()
  const canManage = useCapability('canManageBilling')
  const [params] = useSearchParams()
  const returned = params.get('checkout')
  const { busy, error, go } = useStripeRedirect()

  // Opened directly, the shell's first poll may not have answered yet.
  useEffect(() => {
    void billingStore.getState().refresh(accountId)
  }, [accountId])

  // Back from Checkout: Stripe's webhook may land a moment later, so read the status often for a while.
  useEffect(() => {
    if (returned === 'success') billingStore.getState().pollFast()
  }, [returned])

  if (!status) return <Spinner label="Loading plan..." />
  const subscribe = (interval: BillingInterval) => void go(interval, () => startCheckout(accountId, interval))
  return (
    <div className="rk-settings__stack">
      <PlanSummary status={status} returned={returned} />
      <Usage status={status} />
      <div className="rk-settings__block">
        <h3>Billing</h3>
        {!status.billing_enabled ? (
          <p>
            This server has no billing: its operator sets each account’s plan (with{' '}
            <code>npm run admin -- tier</code>).
          </p>
        ) : !canManage ? (
          <p>Only the account’s owners can subscribe or manage billing.</p>
        ) : (
          <>
            {status.can_subscribe ? (
              <SubscribeCard status={status} busy={busy} subscribe={subscribe} />
            ) : null}
            {status.can_manage ? (
              <p>
                <button
                  type="button"
                  className="rk-button"
                  disabled={busy !== null}
                  onClick={() => void go('portal', () => openBillingPortal(accountId))}
                >
                  {busy === 'portal' ? 'Opening the Billing Portal…' : 'Manage billing, card and invoices'}
                </button>
              </p>
            ) : null}
            {status.subscription?.current_period_end && status.subscription.cancel_at_period_end ? (
              <p>
                You can renew in the Billing Portal until{' '}
                {formatBillingDate(status.subscription.current_period_end)}.
              </p>
            ) : null}
          </>
        )}
        {error ? (
          <p className="rk-notice rk-notice--error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  )
}

/** The current plan, what Checkout's return means for it, and the trial, grace and subscription. */
function PlanSummary({ status, returned }: { status: BillingStatus; returned: string | null }) {
  const confirming = returned === 'success' && status.source !== 'subscription' && status.source !== 'grace'
  const trial = trialStatement(status)
  const grace = graceStatement(status)
  const subscription = subscriptionStatement(status)
  return (
    <div className="rk-settings__block">
      <p className="rk-plan" data-testid="current-plan">
        Current plan: <strong>{planName(status)}</strong>
        {status.source === 'trial' && status.trial ? ' (free trial)' : ''}
        {status.source === 'operator' ? ' (set by this server’s operator)' : ''}
      </p>
      {confirming ? (
        <p className="rk-notice rk-notice--info" role="status">
          Payment received — waiting for Stripe to confirm your subscription. This page updates by itself.
        </p>
      ) : null}
      {returned === 'success' && !confirming ? (
        <p className="rk-notice rk-notice--success" role="status">
          You are on {PRICING.pro.name}. Thank you!
        </p>
      ) : null}
      {returned === 'canceled' ? (
        <p className="rk-notice">Checkout was canceled; nothing was charged.</p>
      ) : null}
      {trial ? <p data-testid="trial-statement">{trial}</p> : null}
      {grace ? <p className="rk-notice rk-notice--warning">{grace}</p> : null}
      {subscription ? <p data-testid="subscription-statement">{subscription}</p> : null}
    </div>
  )
}

/** Pro's price, allowance and extras, the first charge, and Subscribe monthly / annually. */
function SubscribeCard(props: {
  status: BillingStatus
  busy: string | null
  subscribe: (interval: BillingInterval) => void
}) {
  const { status, busy, subscribe } = props
  return (
    <div className="rk-upgrade-card">
      <h4>Subscribe to {PRICING.pro.name}</h4>
      <p>
        ${PRICING.pro.monthlyUsd}/month, or ${PRICING.pro.annualMonthlyUsd}/month billed annually.{' '}
        {PRO_ALLOWANCE}. Everything in {PRICING.starter.name}, plus:
      </p>
      <p data-testid="first-charge">{firstChargeSentence(status)}</p>
      <ul>
        {PRO_EXTRAS.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <div className="rk-plan-actions">
        <button
          type="button"
          className="rk-button rk-button--primary"
          disabled={busy !== null}
          onClick={() => subscribe('month')}
        >
          {busy === 'month' ? 'Opening Checkout…' : `Subscribe monthly — $${PRICING.pro.monthlyUsd}/month`}
        </button>
        <button
          type="button"
          className="rk-button"
          disabled={busy !== null}
          onClick={() => subscribe('year')}
        >
          {busy === 'year'
            ? 'Opening Checkout…'
            : `Subscribe annually — $${PRICING.pro.annualMonthlyUsd}/month`}
        </button>
      </div>
    </div>
  )
}
