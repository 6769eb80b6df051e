import { FREE_TRIAL_DAYS, MARKETING_CLAIMS } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import { PageLayout } from '../components/layout/page-layout'
import { CancelPopupMock } from '../components/mocks/cancel-popup-mock'
import { Illustrative } from '../components/mocks/illustrative'
import { ButtonLink, CardGrid, CheckList, CtaBand, Faq, Hero, Section, Steps } from '../components/ui/blocks'
import { RoiStats } from '../components/ui/roi-stats'
import { ALL_PRODUCT_KEYS, PRODUCT_CARDS } from '../data/product-cards'
import type { PageDefinition } from './page-types'

const HOW_IT_WORKS = [
  {
    title: 'Connect Stripe',
    text: 'Paste a restricted key or connect with one click. Retainkit reads plans and subscriptions and applies offers through Stripe for you.',
  },
  {
    title: 'Customise your flows',
    text: 'Pick the reasons you ask about, the offers you make and the words you use — in a no-code editor with a live preview.',
  },
  {
    title: 'Add one snippet',
    text: `Paste one line into your site or deploy it through your tag manager. Most teams are live in ${MARKETING_CLAIMS.setupTime}.`,
  },
]

const WHY_TEAMS_CHOOSE = [
  `Live in ${MARKETING_CLAIMS.setupTime} — ${MARKETING_CLAIMS.setupTimeAlt}, no engineering sprint`,
  'Offers applied through Stripe: discounts, pauses, plan and billing-cycle switches',
  'Every step shows a clear way to finish cancelling — fair to subscribers and to regulators',
  'If anything is slow or fails, the cancel button works exactly as before',
  'Reasons, trends and saved revenue on one dashboard',
  `${FREE_TRIAL_DAYS}-day free trial, and a free Starter plan after it`,
]

const FAQ = [
  {
    question: 'How long does it take to set up?',
    answer: `About 30 minutes for most teams, and well ${MARKETING_CLAIMS.setupTimeAlt}: connect Stripe, adjust the default flow, and paste one snippet on the page with your cancel button.`,
  },
  {
    question: 'Which billing platforms do you support?',
    answer:
      'Stripe today. Other billing platforms are on our roadmap — tell us which one you use and we will let you know when it is ready.',
  },
  {
    question: 'Will a cancel flow annoy my subscribers?',
    answer:
      'A good one helps them: it offers a pause to someone who is travelling or a cheaper plan to someone watching costs. Every step has a visible way to finish cancelling, and nobody is ever trapped.',
  },
  {
    question: 'How quickly will I see a return?',
    answer: `Most merchants recover the cost in about ${MARKETING_CLAIMS.roiDays} days — a handful of saved subscriptions usually covers a month of Pro.`,
  },
  {
    question: 'Is there a free trial?',
    answer: `Yes. Pro comes with a ${FREE_TRIAL_DAYS}-day free trial. Cancel anytime; you keep access until the end of the billing period.`,
  },
]

function HomeHeroVisual() {
  return (
    <Illustrative caption="A cancel flow offering a pause instead of a cancellation.">
      <CancelPopupMock
        headline="Before you go — need a break?"
        text="You told us you're travelling. Pause instead and keep your history and rewards."
        offer="Pause for 2 months"
        offerDetail="No charges until March. Resume anytime."
        accept="Pause my subscription"
      />
    </Illustrative>
  )
}

function HomePage() {
  return (
    <PageLayout>
      <Hero
        eyebrow="Subscription retention for Stripe businesses"
        title="Recover More. Churn Less."
        lead={`Retainkit turns cancellations into conversations. Reason-based cancel flows, one-click reactivation and clear churn analytics recover ${MARKETING_CLAIMS.atRiskRecovered} of at-risk customers.`}
        actions={
          <>
            <ButtonLink href={ROUTES.pricing}>Start Your Free Trial</ButtonLink>
            <ButtonLink href={ROUTES.roiCalculator} variant="secondary">
              Calculate Your ROI
            </ButtonLink>
          </>
        }
        visual={<HomeHeroVisual />}
      />
      <Section title="How It Works" intro={`Three steps, ${MARKETING_CLAIMS.setupTime} from start to live.`}>
        <Steps steps={HOW_IT_WORKS} />
      </Section>
      <Section title="One Toolkit for Every Kind of Churn" tone="tint">
        <CardGrid cards={ALL_PRODUCT_KEYS.map((key) => PRODUCT_CARDS[key])} />
      </Section>
      <Section title="Why Teams Choose Retainkit">
        <CheckList items={WHY_TEAMS_CHOOSE} />
      </Section>
      <RoiStats />
      <Section title="Frequently Asked Questions">
        <Faq items={FAQ} />
      </Section>
      <CtaBand
        title={`${FREE_TRIAL_DAYS}-Day Free Trial`}
        text={`Keep the subscribers you worked hard to win. Try Pro free for ${FREE_TRIAL_DAYS} days, or start on the free Starter plan.`}
        primary={{ label: 'Start Your Free Trial', href: ROUTES.pricing }}
        secondary={{ label: 'Talk to us', href: ROUTES.contact }}
      />
    </PageLayout>
  )
}

export const homePage: PageDefinition = {
  title: 'Retainkit — Recover More. Churn Less.',
  description: `Cancel flows with save offers, one-click reactivation and churn analytics for Stripe subscription businesses. Recover ${MARKETING_CLAIMS.atRiskRecovered} of at-risk customers.`,
  render: () => <HomePage />,
}
