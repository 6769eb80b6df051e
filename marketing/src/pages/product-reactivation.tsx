import { MARKETING_CLAIMS } from '@retainkit/shared/constants'
import { ReactivationBannerMock } from '../components/mocks/cancel-popup-mock'
import { Illustrative } from '../components/mocks/illustrative'
import type { PageDefinition } from './page-types'
import { ProductPage, type ProductPageContent } from './product-page'

const CONTENT: ProductPageContent = {
  product: 'reactivationBanner',
  eyebrow: 'Reactivation Banner',
  title: 'Welcome Subscribers Back in One Click',
  lead: `A banner on your own site that recognises churned and paused subscribers and invites them back with a win-back offer. Reactivation wins back ${MARKETING_CLAIMS.savedByReactivation} of lapsed subscribers.`,
  heroVisual: (
    <Illustrative caption="The banner a returning, cancelled subscriber sees when they log in.">
      <ReactivationBannerMock
        text="Welcome back, Sam! Restart your plan today and get 25% off your first month back."
        cta="Reactivate now"
      />
    </Illustrative>
  ),
  howItWorks: [
    {
      title: 'A lapsed subscriber returns',
      text: 'They log in or visit your account page, as churned customers often do.',
    },
    {
      title: 'Retainkit recognises them',
      text: 'Your server passes a short-lived token; we look up their subscription in Stripe.',
    },
    {
      title: 'The banner makes an offer',
      text: 'Resume a paused plan, undo a scheduled cancellation or come back with a discount.',
    },
    {
      title: 'One click, done',
      text: 'The subscription is resumed or recreated through Stripe, with the offer applied.',
    },
  ],
  features: [
    {
      title: 'One-click reactivation',
      text: 'No forms and no checkout: the subscriber confirms and is back.',
    },
    {
      title: 'Paused and cancelled',
      text: 'Different messages for paused subscribers, scheduled cancellations and fully churned customers.',
    },
    { title: 'Win-back offers', text: 'Offer 20–50% off to bring someone back, or simply welcome them.' },
    { title: 'On your own site', text: 'Shown where returning subscribers already are — no email needed.' },
    { title: 'Matches your brand', text: 'The same theme as your cancel flow: colours, radius and copy.' },
    { title: 'Measured', text: 'Banners shown, accepted and dismissed appear in your analytics.' },
  ],
  problem: {
    title: 'Churned subscribers come back, and leave again',
    text: 'People who cancelled still visit your site. Without a reason and an easy way to restart, they look around and go.',
  },
  solution: {
    title: 'Meet them with a way back',
    text: `The reactivation banner gives them both: a reason and a single click. Merchants win back ${MARKETING_CLAIMS.savedByReactivation} of lapsed subscribers this way.`,
  },
  faq: [
    {
      question: 'Who sees the banner?',
      answer:
        'Subscribers whose subscription is paused, scheduled to cancel, or cancelled, when they visit a page where you placed the snippet.',
    },
    {
      question: 'Do subscribers need to re-enter card details?',
      answer:
        'No. The subscription is resumed or recreated in Stripe with the payment method already on file.',
    },
    {
      question: 'Which plan includes reactivation?',
      answer: 'Reactivation flows are part of Pro. The Starter plan includes the cancel flow widget.',
    },
    {
      question: 'Can I choose the offer?',
      answer:
        'Yes: choose a discount, its duration, and different wording for paused and cancelled subscribers.',
    },
  ],
}

export const reactivationBannerPage: PageDefinition = {
  title: 'Reactivation Banner',
  description: `Win back churned and paused subscribers with a one-click reactivation banner and win-back offers on your own site. Recover ${MARKETING_CLAIMS.savedByReactivation}.`,
  render: () => <ProductPage content={CONTENT} />,
}
