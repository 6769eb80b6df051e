import { FREE_TIER_MONTHLY_SESSIONS, PRICING } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import { getAccount } from '../../lib/api'
import type { Tier } from '../../lib/api-types'
import { getRuntimeConfig } from '../../lib/runtime'
import { useApiResource } from '../../lib/use-api-resource'

const PLAN_NAMES: Readonly<Record<Tier, string>> = {
  free: PRICING.starter.name,
  pro: PRICING.pro.name,
}

/** Spec 6: what each tier includes, in the words a merchant compares plans with. */
const PRO_EXTRAS = [
  'Unlimited cancel sessions',
  'Custom styling and custom flows',
  'Save offers through Stripe or a URL: discount, pause, plan or billing-cycle switch',
  'Reactivation and paused-subscriber banners',
  'Full reason dashboard and write-in sentiment',
] as const

/** The account's plan, what it includes, and the way to upgrade (pricing) or to billing. */
export function BillingSettings({ accountId }: { accountId: string }) {
  const { state, reload } = useApiResource(() => getAccount(accountId), accountId)
  const portal = getRuntimeConfig().billingPortalUrl
  if (state.status === 'loading') return <Spinner label="Loading plan..." />
  if (state.status === 'error')
    return <LoadError what="Your plan" error={state.error} onRetry={() => void reload()} />
  const tier = state.data.tier
  return (
    <div className="rk-settings__stack">
      <div className="rk-settings__block">
        <p className="rk-plan">
          Current plan: <strong>{PLAN_NAMES[tier]}</strong>
          {tier === 'free' ? ` — free, up to ${FREE_TIER_MONTHLY_SESSIONS} cancel sessions per month` : ''}
        </p>
        {tier === 'free' ? (
          <div className="rk-upgrade-card">
            <h3>Upgrade to {PRICING.pro.name}</h3>
            <p>
              ${PRICING.pro.monthlyUsd}/month, or ${PRICING.pro.annualMonthlyUsd}/month billed annually.
              Everything in {PRICING.starter.name}, plus:
            </p>
            <ul>
              {PRO_EXTRAS.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <a className="rk-button rk-button--primary" href={ROUTES.pricing}>
              See plans and upgrade
            </a>
          </div>
        ) : (
          <p>
            Your plan includes unlimited cancel sessions, custom flows and styling, save offers and
            reactivation.
          </p>
        )}
      </div>
      <div className="rk-settings__block">
        <h3>Billing</h3>
        {portal ? (
          <p>
            Invoices and payment methods are managed in the{' '}
            <a href={portal} target="_blank" rel="noopener noreferrer">
              billing portal<span className="rk-visually-hidden"> (opens in a new tab)</span>
            </a>
            .
          </p>
        ) : (
          <p>
            Plan changes go through billing. To change plans or get an invoice,{' '}
            <a href={ROUTES.contact}>contact us</a>.
          </p>
        )}
      </div>
    </div>
  )
}
