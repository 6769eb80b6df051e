import { PRO_ALLOWANCE } from '@retainkit/shared/billing'
import { FREE_TRIAL_DAYS, PRICING } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import { useState } from 'react'

export type BillingPeriod = 'monthly' | 'annual'

const { starter, pro } = PRICING

export const STARTER_FEATURES = [
  `Up to ${starter.cancelSessionsPerMonth} cancel sessions per month`,
  'Cancel flow widget',
  'Default non-editable flow and styling',
  'Basic reason dashboard',
  'Basic write-in sentiment',
] as const

export const PRO_FEATURES = [
  'Everything in Starter',
  PRO_ALLOWANCE,
  'Custom styling',
  'Custom flows',
  'Save offers via Stripe or a URL: discounts, pauses, plan and billing-cycle switches',
  'Reactivation flows',
  'Full reason dashboard and sentiment',
  'Priority support',
] as const

export function proPrice(period: BillingPeriod): number {
  return period === 'annual' ? pro.annualMonthlyUsd : pro.monthlyUsd
}

/**
 * The two plan cards and the monthly/annual switch. The switch is a native radio group,
 * so arrow keys, labels and screen readers work without extra code. Monthly is the default and what
 * the prerendered page shows.
 */
export function PricingPlans() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly')
  const annual = period === 'annual'

  return (
    <div className="pricing">
      <fieldset className="billing-toggle">
        <legend className="visually-hidden">Billing period</legend>
        <label className={`toggle-option${annual ? '' : ' is-selected'}`}>
          <input
            type="radio"
            name="billing-period"
            value="monthly"
            checked={!annual}
            onChange={() => setPeriod('monthly')}
          />
          Monthly
        </label>
        <label className={`toggle-option${annual ? ' is-selected' : ''}`}>
          <input
            type="radio"
            name="billing-period"
            value="annual"
            checked={annual}
            onChange={() => setPeriod('annual')}
          />
          Annual
          {annual ? <span className="badge badge-save">{`Save ${pro.annualDiscountPercent}%`}</span> : null}
        </label>
      </fieldset>

      <div className="plan-grid">
        <article className="plan" aria-labelledby="plan-starter">
          <h2 id="plan-starter" className="plan-name">
            {starter.name}
          </h2>
          <p className="plan-summary">For trying cancel flows on a small subscriber base.</p>
          <p className="price">
            <span className="price-amount">{`$${starter.monthlyUsd}`}</span>
            <span className="price-unit">/month</span>
          </p>
          <p className="price-note">Free forever</p>
          <a className="button button-secondary button-block" href={ROUTES.signup}>
            Start Free
          </a>
          <ul className="check-list">
            {STARTER_FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </article>

        <article className="plan plan-featured" aria-labelledby="plan-pro">
          <h2 id="plan-pro" className="plan-name">
            {pro.name}
            {annual ? <span className="badge badge-off">{`${pro.annualDiscountPercent}% Off`}</span> : null}
          </h2>
          <p className="plan-summary">Everything you need to save and win back subscribers.</p>
          <p className="price" aria-live="polite">
            <span className="price-amount">{`$${proPrice(period)}`}</span>
            <span className="price-unit">/month</span>
          </p>
          <p className="price-note">
            {annual
              ? `Billed annually ($${pro.annualMonthlyUsd * 12}/year)`
              : `Billed monthly, or $${pro.annualMonthlyUsd}/month billed annually`}
          </p>
          <a className="button button-primary button-block" href={ROUTES.signup}>
            {`Start ${FREE_TRIAL_DAYS}-Day Free Trial`}
          </a>
          <ul className="check-list">
            {PRO_FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </article>
      </div>
    </div>
  )
}
