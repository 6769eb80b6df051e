import { MARKETING_CLAIMS } from '@retainkit/shared/constants'
import { CancelPopupMock } from '../components/mocks/cancel-popup-mock'
import { Illustrative } from '../components/mocks/illustrative'
import type { PageDefinition } from './page-types'
import { ProductPage, type ProductPageContent } from './product-page'

const CONTENT: ProductPageContent = {
  product: 'cancelFlowBuilder',
  eyebrow: 'Cancel Flow Builder',
  title: 'Turn Cancellations into Conversations',
  lead: `A no-code cancel flow that asks why subscribers are leaving and answers with the offer that fits. Cancel flows save ${MARKETING_CLAIMS.savedByCancelFlows} of subscribers who try to cancel.`,
  heroVisual: (
    <Illustrative caption="A reason-based offer: the subscriber said the price was too high.">
      <CancelPopupMock
        headline="We'd hate to see you go"
        text="You mentioned the price. Here's something that might help."
        offer="20% off for 3 months"
        offerDetail="Applied automatically to your next 3 invoices."
        accept="Keep my plan at 20% off"
      />
    </Illustrative>
  ),
  howItWorks: [
    {
      title: 'Subscriber clicks cancel',
      text: 'The snippet intercepts your existing cancel button and opens the flow over your page.',
    },
    {
      title: 'They tell you why',
      text: 'A short exit survey with your own reasons, plus an optional write-in answer.',
    },
    {
      title: 'You answer with an offer',
      text: 'Each reason leads to the offer most likely to help: a discount, a pause, a plan switch or a billing-cycle switch.',
    },
    {
      title: 'Stripe does the rest',
      text: 'Accepted offers are applied through Stripe instantly; cancellations go through exactly as before.',
    },
  ],
  features: [
    {
      title: 'Reason-based offers',
      text: 'Map every cancellation reason to its own offer, or to none at all.',
    },
    {
      title: 'Four save mechanisms',
      text: 'Discounts, pauses, plan switches and billing-cycle switches, applied through Stripe or by a URL you choose.',
    },
    {
      title: 'Exit survey and write-ins',
      text: 'Collect structured reasons and the words subscribers use, for your analytics.',
    },
    {
      title: 'Your brand, your words',
      text: 'Colours, corner radius, font and every line of copy, with a live preview as you edit.',
    },
    {
      title: 'Fair by design',
      text: 'Every step shows a visible way to finish cancelling, and offers can be switched off where the law asks.',
    },
    {
      title: 'Fail-open',
      text: 'If anything is slow or unavailable, your cancel button behaves exactly as it did before.',
    },
  ],
  problem: {
    title: 'A cancel button is a closed door',
    text: 'Most subscribers who cancel never say why. Some only needed a pause or a cheaper plan, and you never got the chance to offer it.',
  },
  solution: {
    title: 'Ask, listen, then offer',
    text: `Retainkit asks one question and responds with the offer that fits the answer. Businesses typically save ${MARKETING_CLAIMS.savedByCancelFlows} of cancellations — and learn why the rest leave.`,
  },
  faq: [
    {
      question: 'Do I need a developer?',
      answer: `No. Paste one snippet on the page with your cancel button, or deploy it through a tag manager. Setup takes ${MARKETING_CLAIMS.setupTime}.`,
    },
    {
      question: 'Can subscribers still cancel easily?',
      answer:
        'Yes. Every step has a visible way to finish cancelling, and the last step confirms the cancellation in words the subscriber can keep.',
    },
    {
      question: 'Which offers can I make?',
      answer:
        'A discount, a pause, a switch to another plan or to another billing cycle. Each can be applied through Stripe or send the subscriber to a URL of yours.',
    },
    {
      question: 'Does it work with my existing cancel page?',
      answer:
        'Yes. The flow attaches to your existing cancel link or button; if you prefer, your own code can perform the billing action.',
    },
  ],
}

export const cancelFlowBuilderPage: PageDefinition = {
  title: 'Cancel Flow Builder',
  description: `Build a no-code cancel flow with reason-based save offers — discounts, pauses, plan and billing-cycle switches. Save ${MARKETING_CLAIMS.savedByCancelFlows} of cancellations.`,
  render: () => <ProductPage content={CONTENT} />,
}
