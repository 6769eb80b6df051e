import { ROUTES } from '@retainkit/shared/routes'
import { DashboardMock } from '../components/mocks/dashboard-mock'
import { Illustrative } from '../components/mocks/illustrative'
import { ButtonLink, Section } from '../components/ui/blocks'
import type { PageDefinition } from './page-types'
import { ProductPage, type ProductPageContent } from './product-page'

function DashboardShowcase() {
  return (
    <Section
      title="Your Retention at a Glance"
      tone="tint"
      intro="Retention rate, MRR saved, save rate, the churn trend and the top reasons people give — on one screen."
    >
      <Illustrative caption="The analytics dashboard with three months of sample data.">
        <DashboardMock />
      </Illustrative>
      <p className="section-more">
        <ButtonLink href={ROUTES.pricing}>See Plans and Pricing</ButtonLink>
      </p>
    </Section>
  )
}

const CONTENT: ProductPageContent = {
  product: 'analytics',
  eyebrow: 'Analytics & Insights',
  title: 'Know Exactly Why Subscribers Leave',
  lead: 'Every cancel flow answer becomes data: cancellation reasons, how they change over time, which offers work, and how much monthly revenue your saves keep.',
  heroVisual: null,
  showcase: <DashboardShowcase />,
  howItWorks: [
    {
      title: 'Subscribers answer',
      text: 'Each cancel flow records the reason, any write-in, and the offer shown.',
    },
    { title: 'We aggregate', text: 'Sessions roll up per month into reasons, trends and save rates.' },
    { title: 'You act', text: 'Adjust offers and copy for the reasons that cost you most.' },
  ],
  features: [
    { title: 'Cancellation reasons', text: 'See which reasons come up most, for any period you choose.' },
    {
      title: 'Reasons over time',
      text: 'A month-by-month view to spot seasonality and the effect of changes.',
    },
    {
      title: 'Save-mechanism performance',
      text: 'Accepted and declined counts for discounts, pauses, plan switches and billing-cycle switches.',
    },
    {
      title: 'Save rate',
      text: 'The share of cancel attempts that ended with the subscriber staying, per month.',
    },
    { title: 'Write-in word cloud', text: 'The words subscribers use most, with filler words removed.' },
    {
      title: 'Saved revenue',
      text: 'Monthly recurring revenue kept by saves, so the value is never a guess.',
    },
  ],
  problem: {
    title: 'Churn numbers without reasons',
    text: 'Your billing dashboard shows how many people left, not why. Guessing leads to discounts nobody needed and fixes for problems nobody had.',
  },
  solution: {
    title: 'Reasons, tied to revenue',
    text: 'Retainkit connects what subscribers say to what they do next, so you can see which changes keep customers and what they are worth.',
  },
  faq: [
    {
      question: 'Which periods can I look at?',
      answer: 'The last 1, 3, 6 or 12 months, or a custom date range. Three months is the default.',
    },
    {
      question: 'Is analytics included in Starter?',
      answer:
        'Starter includes a basic reason dashboard and basic write-in sentiment; Pro adds the full reason dashboard and sentiment.',
    },
    {
      question: 'Where does the data come from?',
      answer: 'From your cancel flow and banner sessions, plus your plan prices in Stripe for saved revenue.',
    },
  ],
}

export const analyticsPage: PageDefinition = {
  title: 'Churn Analytics & Insights',
  description:
    'See why subscribers cancel: reasons over time, save rate, save-offer performance, write-in word clouds and saved MRR — for Stripe subscription businesses.',
  render: () => <ProductPage content={CONTENT} />,
}
