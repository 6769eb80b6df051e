import { ROUTES } from '@retainkit/shared/routes'
import { PageLayout } from '../components/layout/page-layout'
import { CtaBand, FeatureGrid, Hero, Section } from '../components/ui/blocks'
import type { PageDefinition } from './page-types'

const VALUES = [
  {
    title: 'Respect the subscriber',
    text: 'A cancel flow should help people, never trap them. Every step we build has a clear way out.',
  },
  {
    title: 'Small is fast',
    text: 'Our widget is a few kilobytes, because a slow account page costs you more than churn.',
  },
  {
    title: 'Fail open',
    text: 'If our service is ever slow or down, your cancel button works exactly as it always did.',
  },
  {
    title: 'Show the numbers',
    text: 'We report saved revenue from real events, and label every sample as a sample.',
  },
  {
    title: 'Keep data safe',
    text: 'Stripe keys are encrypted at rest, never shown again and never logged.',
  },
]

function AboutPage() {
  return (
    <PageLayout>
      <Hero
        title="About Retainkit"
        lead="We help subscription businesses keep the customers they worked hard to win — with fair cancel flows, easy ways back and honest numbers."
      />
      <Section title="Our Story">
        <div className="prose">
          <p>
            Retainkit started inside a small subscription business. Every month we watched customers cancel
            from a bare billing page and wondered how many would have stayed if someone had simply asked why.
          </p>
          <p>
            So we built a cancel page that asked, and answered with a pause for the traveller, a smaller plan
            for the budget-conscious and a discount for the price-sensitive. Cancellations fell, and the
            reasons told us more about our product than any survey had.
          </p>
          <p>
            Today Retainkit brings the same approach to e-commerce brands, SaaS companies and subscription
            boxes that bill through Stripe: set up in about 30 minutes, fair to subscribers, and measured in
            revenue kept.
          </p>
        </div>
      </Section>
      <Section title="What We Value" tone="tint">
        <FeatureGrid features={VALUES} />
      </Section>
      <CtaBand
        title="Let’s Talk Retention"
        text="Questions, feedback or a demo — we answer every message."
        primary={{ label: 'Contact Us', href: ROUTES.contact }}
        secondary={{ label: 'See Pricing', href: ROUTES.pricing }}
      />
    </PageLayout>
  )
}

export const aboutPage: PageDefinition = {
  title: 'About Us',
  description:
    'Retainkit helps subscription businesses keep customers with fair cancel flows, one-click reactivation and honest churn analytics. Read our story and values.',
  render: () => <AboutPage />,
}
