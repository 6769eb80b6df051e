import { ROUTES } from '@retainkit/shared/routes'

/** One entry of a navigation group. `comingSoon` entries are shown but not linked. */
export interface NavLink {
  label: string
  href: string
  description?: string
  comingSoon?: boolean
}

export interface NavGroup {
  heading: string
  links: readonly NavLink[]
}

export const PRODUCT_LINKS: readonly NavLink[] = [
  {
    label: 'Cancel Flow Builder',
    href: ROUTES.cancelFlowBuilder,
    description: 'Reason-based save offers when subscribers cancel',
  },
  {
    label: 'Reactivation Banner',
    href: ROUTES.reactivationBanner,
    description: 'One-click win-backs for churned and paused subscribers',
  },
  {
    label: 'Analytics & Insights',
    href: ROUTES.analytics,
    description: 'Why people leave, and what your saves are worth',
  },
  {
    label: 'Payment Recovery',
    href: ROUTES.paymentRecovery,
    description: 'Smart retries and reminders for failed payments',
    comingSoon: true,
  },
]

export const INDUSTRY_LINKS: readonly NavLink[] = [
  { label: 'E-commerce & DTC', href: ROUTES.ecommerce },
  { label: 'SaaS', href: ROUTES.saas },
  { label: 'Subscription Boxes', href: ROUTES.subscriptionBoxes },
]

export const GUIDE_LINKS: readonly NavLink[] = [
  { label: 'How to Reduce Subscriber Churn', href: ROUTES.reduceSubscriberChurn },
  { label: 'Cancel Flows That Convert', href: ROUTES.cancelFlowsThatConvert },
  { label: 'Increase LTV with Retention', href: ROUTES.increaseLtvRetention },
]

export const TOOL_LINKS: readonly NavLink[] = [{ label: 'ROI Calculator', href: ROUTES.roiCalculator }]

export const RESOURCE_GROUPS: readonly NavGroup[] = [
  { heading: 'Industries', links: INDUSTRY_LINKS },
  { heading: 'Guides', links: GUIDE_LINKS },
  { heading: 'Tools', links: TOOL_LINKS },
]

export const COMPANY_LINKS: readonly NavLink[] = [
  { label: 'About', href: ROUTES.about },
  { label: 'Contact', href: ROUTES.contact },
]

export const LEGAL_LINKS: readonly NavLink[] = [
  { label: 'Terms of Service', href: ROUTES.terms },
  { label: 'Privacy Policy', href: ROUTES.privacy },
  { label: 'Cookie Policy', href: ROUTES.cookies },
  { label: 'Data Processing Agreement', href: ROUTES.dpa },
  { label: 'Subprocessors', href: ROUTES.subprocessors },
]
