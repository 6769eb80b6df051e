import { MARKETING_CLAIMS } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import { PageLayout } from '../components/layout/page-layout'
import { RoiCalculator } from '../components/roi/roi-calculator'
import { CtaBand, Faq, Hero, Section } from '../components/ui/blocks'
import { Island } from '../islands/island'
import type { PageDefinition } from './page-types'

const FAQ = [
  {
    question: 'How is the estimate calculated?',
    answer:
      'Monthly cancellations are your subscribers times your churn rate. Cancel flows save a share of them as they cancel; reactivation later wins back a share of those who still left. Recovered MRR is the recovered subscribers times your average price, and the annual figure is twelve months of it.',
  },
  {
    question: 'Where do the save rates come from?',
    answer: `Businesses typically save ${MARKETING_CLAIMS.savedByCancelFlows} of cancellations with cancel flows and win back ${MARKETING_CLAIMS.savedByReactivation} with reactivation. Start in the middle and adjust.`,
  },
  {
    question: 'How soon does Retainkit pay for itself?',
    answer: `On average in about ${MARKETING_CLAIMS.roiDays} days: a few saved subscriptions cover a month of Pro.`,
  },
]

function RoiCalculatorPage() {
  return (
    <PageLayout>
      <Hero
        title="Retention ROI Calculator"
        lead="Enter your subscriber count, price and churn to estimate how much revenue cancel flows and reactivation could recover each month and each year."
      />
      <section className="section" aria-label="Calculator">
        <div className="container">
          <Island name="roi-calculator" component={RoiCalculator} props={{}} />
          <p className="fine-print">
            Estimates only. Results depend on your offers, audience and churn reasons.
          </p>
        </div>
      </section>
      <Section title="Frequently Asked Questions" tone="tint">
        <Faq items={FAQ} />
      </Section>
      <CtaBand
        title="See It on Your Own Subscribers"
        text={`Set up in ${MARKETING_CLAIMS.setupTime} and measure real saves in your dashboard.`}
        primary={{ label: 'See Pricing', href: ROUTES.pricing }}
        secondary={{ label: 'Talk to Us', href: ROUTES.contact }}
      />
    </PageLayout>
  )
}

export const roiCalculatorPage: PageDefinition = {
  title: 'Retention ROI Calculator',
  description:
    'Estimate the subscribers, MRR and annual revenue that cancel flows and reactivation could recover for your subscription business.',
  render: () => <RoiCalculatorPage />,
}
