import { PRO_ALLOWANCE } from '@retainkit/shared/billing'
import { FREE_TRIAL_DAYS, PRICING } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import { PageLayout } from '../components/layout/page-layout'
import { PricingPlans } from '../components/pricing/pricing-plans'
import { CtaBand, Faq, Hero, Section } from '../components/ui/blocks'
import { RoiStats } from '../components/ui/roi-stats'
import { Island } from '../islands/island'
import type { PageDefinition } from './page-types'

const { pro } = PRICING

const FAQ = [
  {
    question: 'Is there a free trial?',
    answer: `Yes — Pro comes with a ${FREE_TRIAL_DAYS}-day free trial with every feature included.`,
  },
  {
    question: 'Can I cancel anytime?',
    answer: 'Yes. Cancel anytime and keep access until the end of your current billing period.',
  },
  {
    question: 'What counts as a cancel session?',
    answer:
      'Each time a subscriber opens your cancel flow. Starter includes 50 a month; when the limit is reached, the widget steps aside and your normal cancel page works as before.',
  },
  {
    question: 'How many cancel sessions does Pro include?',
    answer: `${PRO_ALLOWANCE}. Sessions are never cut off: each one beyond ${pro.overageThresholdPerMonth} in a calendar month is billed at $${pro.overageUsdPerCancel} on your next invoice.`,
  },
  {
    question: 'How does annual billing work?',
    answer: `Pay for a year up front and Pro costs $${pro.annualMonthlyUsd} a month instead of $${pro.monthlyUsd} — ${pro.annualDiscountPercent}% off.`,
  },
  {
    question: 'Who gets priority support?',
    answer: 'Growth and Pro plan customers get priority support from the people who build Retainkit.',
  },
]

function PricingPage() {
  return (
    <PageLayout>
      <Hero
        title="Simple Pricing That Pays for Itself"
        lead={`Start free on Starter, or try Pro free for ${FREE_TRIAL_DAYS} days. Most teams see a return in about a week.`}
      />
      <section className="section" aria-label="Plans">
        <div className="container">
          <Island name="pricing-plans" component={PricingPlans} props={{}} />
        </div>
      </section>
      <RoiStats title="What Retention Is Worth" />
      <Section title="Frequently Asked Questions">
        <Faq items={FAQ} />
      </Section>
      <CtaBand
        title="Questions About Pricing?"
        text="Tell us about your subscription business and we'll help you pick a plan."
        primary={{ label: 'Contact Us', href: ROUTES.contact }}
        secondary={{ label: 'Calculate Your ROI', href: ROUTES.roiCalculator }}
      />
    </PageLayout>
  )
}

export const pricingPage: PageDefinition = {
  title: 'Pricing',
  description: `Starter is free for up to 50 cancel sessions a month. Pro is $${pro.monthlyUsd}/month, or $${pro.annualMonthlyUsd}/month billed annually, with a ${FREE_TRIAL_DAYS}-day free trial.`,
  render: () => <PricingPage />,
}
