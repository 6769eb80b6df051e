import { DUNNING_GRACE_DAYS, MARKETING_CLAIMS } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import { PageLayout } from '../components/layout/page-layout'
import { Illustrative } from '../components/mocks/illustrative'
import { FailedPaymentEmailMock, RetryScheduleMock } from '../components/mocks/payment-mocks'
import { ButtonLink, CardGrid, Faq, FeatureGrid, Hero, Section, Steps } from '../components/ui/blocks'
import { WaitlistForm } from '../components/waitlist/waitlist-form'
import { otherProductCards } from '../data/product-cards'
import { Island } from '../islands/island'
import type { PageDefinition } from './page-types'

export const WAITLIST_SECTION_ID = 'waitlist'

const STEPS = [
  { title: 'Detect', text: 'Retainkit notices a failed charge in Stripe the moment it happens.' },
  {
    title: 'Smart retries',
    text: 'Retries are scheduled for when the charge is most likely to succeed: after 24 hours, 3 days and 7 days.',
  },
  {
    title: 'Notify',
    text: 'Friendly emails and on-site prompts ask the subscriber to update their card, with a one-click link.',
  },
  {
    title: 'Recover',
    text: `The payment goes through and the subscription carries on — ${MARKETING_CLAIMS.failedPaymentsRecovered} of failed payments are recovered.`,
  },
]

const FEATURES = [
  {
    title: 'Smart detection',
    text: 'Separates expired cards, insufficient funds and bank declines, and treats each differently.',
  },
  { title: 'Retry logic', text: 'A retry schedule tuned to when each kind of decline tends to clear.' },
  {
    title: 'Email campaigns',
    text: 'A short, friendly sequence in your brand voice, stopped the moment the payment succeeds.',
  },
  {
    title: 'On-site prompts',
    text: 'A banner asks subscribers to update their card when they visit your site.',
  },
  { title: 'Payment updates', text: 'A secure link to update the card on file, without logging in.' },
  {
    title: 'Success tracking',
    text: 'Recovered payments and revenue, reported next to your cancel-flow saves.',
  },
]

const FAQ = [
  {
    question: 'When will Payment Recovery be available?',
    answer: 'We are building it now. Join the waitlist and you will be among the first to try it.',
  },
  {
    question: 'Why do failed payments matter so much?',
    answer: `Failed payments cause ${MARKETING_CLAIMS.involuntaryChurnFromFailedPayments} of involuntary churn: subscribers who never meant to leave.`,
  },
  {
    question: 'What happens to the subscriber while we retry?',
    answer: `Their account stays active for a ${DUNNING_GRACE_DAYS}-day grace period while retries and reminders run.`,
  },
  {
    question: 'Will it work alongside Stripe’s own retries?',
    answer: 'Yes. It builds on your Stripe account, and you choose which reminders and retries run.',
  },
]

function PaymentRecoveryPage() {
  return (
    <PageLayout>
      <Hero
        eyebrow={
          <>
            Payment Recovery <span className="badge badge-soon">Coming Soon</span>
          </>
        }
        title="Recover Failed Payments Automatically"
        lead={`Failed payments cause ${MARKETING_CLAIMS.involuntaryChurnFromFailedPayments} of involuntary churn. Smart retries, reminder emails and on-site prompts will recover ${MARKETING_CLAIMS.failedPaymentsRecovered} of them — without anyone lifting a finger.`}
        actions={
          <>
            <ButtonLink href={`#${WAITLIST_SECTION_ID}`}>Join Waitlist</ButtonLink>
            <ButtonLink href={ROUTES.pricing} variant="secondary">
              See Pricing
            </ButtonLink>
          </>
        }
        visual={
          <Illustrative caption="The reminder a subscriber receives after a failed charge.">
            <FailedPaymentEmailMock />
          </Illustrative>
        }
      />
      <Section
        title="A Smart Retry Schedule"
        tone="tint"
        intro="Retries run when a charge is most likely to succeed, and reminders go out in between."
      >
        <Illustrative caption="A failed payment's retry schedule, part way through.">
          <RetryScheduleMock />
        </Illustrative>
      </Section>
      <Section title="How It Works">
        <Steps steps={STEPS} />
      </Section>
      <Section title="Features" tone="tint">
        <FeatureGrid features={FEATURES} />
      </Section>
      <Section title="Frequently Asked Questions">
        <Faq items={FAQ} />
      </Section>
      <Section
        id={WAITLIST_SECTION_ID}
        title="Join the Waitlist"
        tone="tint"
        intro="Be first to recover failed payments with Retainkit. One email when it launches, nothing else."
      >
        <Island name="waitlist-form" component={WaitlistForm} props={{}} />
      </Section>
      <Section title="Available Today">
        <CardGrid cards={otherProductCards('paymentRecovery')} />
      </Section>
    </PageLayout>
  )
}

export const paymentRecoveryPage: PageDefinition = {
  title: 'Payment Recovery (Coming Soon)',
  description: `Smart retries, reminder emails and on-site prompts that recover ${MARKETING_CLAIMS.failedPaymentsRecovered} of failed payments. Payment Recovery is coming soon — join the waitlist.`,
  render: () => <PaymentRecoveryPage />,
}
