import { MARKETING_CLAIMS } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import type { Card } from '../components/ui/blocks'

export type ProductKey = 'cancelFlowBuilder' | 'reactivationBanner' | 'analytics' | 'paymentRecovery'

/** One card per product, for the home page, solution pages and cross-sell sections. */
export const PRODUCT_CARDS: Readonly<Record<ProductKey, Card>> = {
  cancelFlowBuilder: {
    title: 'Cancel Flow Builder',
    text: `Ask why, then answer with the right offer: a discount, a pause, a cheaper plan or a different billing cycle. Cancel flows save ${MARKETING_CLAIMS.savedByCancelFlows} of subscribers who try to leave.`,
    href: ROUTES.cancelFlowBuilder,
    cta: 'Explore the cancel flow builder',
  },
  reactivationBanner: {
    title: 'Reactivation Banner',
    text: `Greet churned and paused subscribers on your site with a one-click way back and a win-back offer. Reactivation wins back ${MARKETING_CLAIMS.savedByReactivation}.`,
    href: ROUTES.reactivationBanner,
    cta: 'Explore the reactivation banner',
  },
  analytics: {
    title: 'Analytics & Insights',
    text: 'Cancellation reasons, trends over time, save rate, which offers work and what the saves are worth in monthly revenue.',
    href: ROUTES.analytics,
    cta: 'Explore analytics',
  },
  paymentRecovery: {
    title: 'Payment Recovery',
    text: `Smart retries, reminder emails and on-site prompts that recover ${MARKETING_CLAIMS.failedPaymentsRecovered} of failed payments.`,
    href: ROUTES.paymentRecovery,
    cta: 'Join the waitlist',
    badge: 'Coming Soon',
  },
}

export const ALL_PRODUCT_KEYS: readonly ProductKey[] = [
  'cancelFlowBuilder',
  'reactivationBanner',
  'analytics',
  'paymentRecovery',
]

/** Cards for every product except `current`, for a page's cross-sell section. */
export function otherProductCards(current: ProductKey): Card[] {
  return ALL_PRODUCT_KEYS.filter((key) => key !== current).map((key) => PRODUCT_CARDS[key])
}

export const GUIDE_CARDS: readonly Card[] = [
  {
    title: 'How to Reduce Subscriber Churn',
    text: 'Where churn comes from, how to measure it, and the fixes that pay back first.',
    href: ROUTES.reduceSubscriberChurn,
    cta: 'Read the guide',
  },
  {
    title: 'Cancel Flows That Convert',
    text: 'Reason-based offers, honest copy and the compliance rules a cancel flow has to follow.',
    href: ROUTES.cancelFlowsThatConvert,
    cta: 'Read the guide',
  },
  {
    title: 'Increase LTV with Retention',
    text: 'Why keeping a subscriber a few months longer beats most acquisition spend.',
    href: ROUTES.increaseLtvRetention,
    cta: 'Read the guide',
  },
]
