import { MARKETING_CLAIMS } from '@retainkit/shared/constants'
import type { PageDefinition } from './page-types'
import { SolutionPage, type SolutionPageContent } from './solution-page'

const ECOMMERCE: SolutionPageContent = {
  eyebrow: 'For e-commerce & DTC brands',
  title: 'Keep Subscribe-and-Save Customers Subscribed',
  lead: `Replenishment, memberships and subscribe-and-save plans live on repeat orders. Retainkit offers the cheaper plan, the skip or the pause that keeps them coming — and recovers ${MARKETING_CLAIMS.atRiskRecovered} of at-risk customers.`,
  hero: {
    caption: 'A customer cancelling Premium is offered the Basic plan instead.',
    store: 'Northwind Coffee',
    plan: 'Premium — 2 bags a month',
    price: '$24.99/month',
    popup: {
      headline: 'Too much coffee? Try Basic',
      text: 'One bag a month, same roasts, same free shipping.',
      offer: 'Basic plan at $14.99/month',
      offerDetail: 'Switch today; your next order ships as Basic.',
      accept: 'Switch to Basic',
    },
  },
  issues: [
    {
      title: 'Product piles up',
      text: 'Customers cancel because they have too much at home, not because they stopped liking what you sell.',
    },
    {
      title: 'Price-sensitive shoppers',
      text: 'A small price rise or a tight month is enough for a one-click cancellation.',
    },
    {
      title: 'No second chance',
      text: 'Once a subscription ends, most customers never come back by themselves.',
    },
  ],
  solutions: [
    {
      title: 'Offer a pause or a skip',
      text: 'When the reason is "too much product", offer a pause instead of a goodbye.',
      mock: {
        caption: 'A pause offered for the reason "I have too much".',
        popup: {
          headline: 'Take a break instead?',
          text: 'Skip the next deliveries and pick up where you left off.',
          offer: 'Pause for 1 month',
          offerDetail: 'No charge and no delivery until next month.',
          accept: 'Pause my deliveries',
        },
      },
    },
    {
      title: 'Downgrade, don’t lose',
      text: 'Price-sensitive customers get a cheaper plan or a discount that fits their reason.',
      mock: {
        caption: 'A discount offered for the reason "too expensive".',
        popup: {
          headline: 'Let us help with the price',
          text: 'Stay on your plan and save on the next three orders.',
          offer: '20% off for 3 months',
          offerDetail: 'Applied automatically at checkout.',
          accept: 'Keep my plan at 20% off',
        },
      },
    },
    {
      title: 'Win them back later',
      text: 'Returning customers see a banner with a win-back offer and restart in one click.',
      mock: {
        caption: 'The reactivation banner for a returning customer.',
        banner: {
          text: 'Welcome back! Restart your subscription and get 25% off your first month back.',
          cta: 'Restart',
        },
      },
    },
  ],
  faq: [
    {
      question: 'Does it work with my Stripe-billed store?',
      answer: 'Yes. If your subscriptions bill through Stripe, Retainkit can apply offers directly to them.',
    },
    {
      question: 'Can I offer a different product instead of a discount?',
      answer:
        'Yes. Any plan in Stripe can be offered as a switch, or send customers to a URL of your choosing.',
    },
    {
      question: 'Will it slow my store down?',
      answer:
        'No. The snippet is a tiny loader; the flow itself loads only when someone heads for the cancel button.',
    },
  ],
}

const SAAS: SolutionPageContent = {
  eyebrow: 'For SaaS companies',
  title: 'Save Accounts Before They Churn',
  lead: 'Teams cancel when budgets tighten, projects end or usage drops. Retainkit meets each reason with the right plan, pause or billing-cycle switch, and shows you which reasons cost the most MRR.',
  hero: {
    caption: 'A team cancelling the Growth plan is offered Starter.',
    store: 'Relay Analytics',
    plan: 'Growth — 10 seats',
    price: '$49/month',
    popup: {
      headline: 'Need fewer features right now?',
      text: 'Keep your dashboards and data on a smaller plan.',
      offer: 'Starter at $19/month',
      offerDetail: 'Up to 3 seats. Upgrade again anytime.',
      accept: 'Switch to Starter',
    },
  },
  issues: [
    { title: 'Budget cuts', text: 'Finance asks for savings and your product is a line item.' },
    { title: 'Low usage', text: 'The champion left or the project ended, so nobody logs in.' },
    {
      title: 'Silent churn',
      text: 'Accounts cancel from the billing page without a word, and your team learns nothing.',
    },
  ],
  solutions: [
    {
      title: 'Right-size instead of cancel',
      text: 'Offer a smaller plan or an annual discount when the reason is budget.',
      mock: {
        caption: 'An annual switch offered for the reason "budget".',
        popup: {
          headline: 'Save with annual billing',
          text: 'Pay yearly and lower your monthly cost.',
          offer: '20% off with annual billing',
          offerDetail: 'Switch your billing cycle; keep every feature.',
          accept: 'Switch to annual',
        },
      },
    },
    {
      title: 'Pause for quiet periods',
      text: 'Between projects? A pause keeps the workspace and the relationship.',
      mock: {
        caption: 'A pause offered for the reason "not using it enough".',
        popup: {
          headline: 'Between projects?',
          text: 'Pause billing and keep your workspace exactly as it is.',
          offer: 'Pause for 3 months',
          offerDetail: 'Resume anytime with one click.',
          accept: 'Pause my account',
        },
      },
    },
    {
      title: 'Learn from every cancellation',
      text: 'Reasons and write-ins flow into analytics, so product and success teams see patterns early.',
      mock: {
        caption: 'The write-in step that feeds your analytics.',
        popup: {
          headline: 'What could we have done better?',
          text: 'Your answer goes straight to our product team.',
          offer: '“We need a Salesforce integration”',
          offerDetail: 'Write-in answers are grouped into themes.',
          accept: 'Send feedback',
        },
      },
    },
  ],
  faq: [
    {
      question: 'Can our own backend perform the plan change?',
      answer:
        'Yes. Let Retainkit apply offers through Stripe, or handle the action yourself with a callback.',
    },
    {
      question: 'Does it work in a single-page app?',
      answer: 'Yes. Attach the flow to any cancel button; it works with React, Vue or plain HTML.',
    },
    {
      question: 'Who can edit the flow?',
      answer: 'Team members with edit rights can change flows; others can view the dashboard.',
    },
  ],
}

const BOXES: SolutionPageContent = {
  eyebrow: 'For subscription boxes',
  title: 'Keep Boxes Shipping',
  lead: `Boxes are easy to love and easy to skip. Retainkit offers discounts on upcoming boxes, skips and pauses — and wins back ${MARKETING_CLAIMS.savedByReactivation} of lapsed subscribers with one-click reactivation.`,
  hero: {
    caption: 'A subscriber cancelling their box is offered 25% off the next three.',
    store: 'Crate & Kitchen',
    plan: 'Monthly recipe box',
    price: '$24.99 per box',
    popup: {
      headline: 'Stay for less?',
      text: 'Your next three boxes, a quarter off.',
      offer: '25% off next 3 boxes',
      offerDetail: '$18.74 per box instead of $24.99.',
      accept: 'Claim 25% off',
    },
  },
  issues: [
    { title: 'Box fatigue', text: 'After a few months the novelty fades and the boxes stack up.' },
    { title: 'Seasonal budgets', text: 'Holidays and summer trips make a monthly box feel optional.' },
    {
      title: 'Costly acquisition',
      text: 'Each lost subscriber took paid ads and a discounted first box to win.',
    },
  ],
  solutions: [
    {
      title: 'Skip a month',
      text: 'A pause keeps subscribers who only needed a break.',
      mock: {
        caption: 'A skip offered for the reason "travelling".',
        popup: {
          headline: 'Away for a while?',
          text: 'Skip next month’s box and keep your spot.',
          offer: 'Skip 1 box',
          offerDetail: 'Deliveries resume automatically.',
          accept: 'Skip next box',
        },
      },
    },
    {
      title: 'Make the next boxes cheaper',
      text: 'A time-limited discount answers "too expensive" without cutting your price for everyone.',
      mock: {
        caption: 'A discount on upcoming boxes.',
        popup: {
          headline: 'A little something to stay',
          text: 'Keep your box coming at a lower price.',
          offer: '25% off next 3 boxes',
          offerDetail: '$18.74 per box instead of $24.99.',
          accept: 'Keep my box',
        },
      },
    },
    {
      title: 'Bring them back for the holidays',
      text: 'Returning subscribers get a welcome-back offer on your site.',
      mock: {
        caption: 'A win-back banner for a lapsed subscriber.',
        banner: { text: 'We miss you! Come back and get 30% off your next box.', cta: 'Reactivate' },
      },
    },
  ],
  faq: [
    {
      question: 'Can I offer skips instead of pauses?',
      answer: 'Yes: a skip is a pause of one billing period, and you choose the lengths on offer.',
    },
    {
      question: 'Can offers differ by reason?',
      answer: 'Yes. Each cancellation reason can lead to its own offer, or to none.',
    },
    {
      question: 'How is this different from a discount code?',
      answer:
        'Offers only appear to subscribers who are about to cancel, so you protect your price for everyone else.',
    },
  ],
}

const render = (content: SolutionPageContent) => () => <SolutionPage content={content} />

export const ecommercePage: PageDefinition = {
  title: 'Retention for E-commerce & DTC Subscriptions',
  description:
    'Cancel flows with pauses, cheaper plans and discounts, plus one-click reactivation, for subscribe-and-save and DTC brands billing through Stripe.',
  render: render(ECOMMERCE),
}

export const saasPage: PageDefinition = {
  title: 'Churn Reduction for SaaS',
  description:
    'Save SaaS accounts with plan switches, pauses and annual offers at cancellation, and learn which reasons cost the most MRR. Built for Stripe billing.',
  render: render(SAAS),
}

export const subscriptionBoxesPage: PageDefinition = {
  title: 'Retention for Subscription Boxes',
  description:
    'Keep subscription boxes shipping with skips, pauses and 25% off upcoming boxes at cancellation, plus win-back offers for lapsed subscribers.',
  render: render(BOXES),
}
