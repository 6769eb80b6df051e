import { aboutPage } from './about'
import { articlePageDefinition } from './article-page'
import { contactPage } from './contact'
import { homePage } from './home'
import { notFoundPage } from './not-found'
import type { MarketingRouteName, PageDefinition } from './page-types'
import { pricingPage } from './pricing'
import { analyticsPage } from './product-analytics'
import { cancelFlowBuilderPage } from './product-cancel-flow'
import { paymentRecoveryPage } from './product-payment-recovery'
import { reactivationBannerPage } from './product-reactivation'
import { roiCalculatorPage } from './roi-calculator'
import { ecommercePage, saasPage, subscriptionBoxesPage } from './solutions'

/** Every prerendered page by route name; the type makes a missing route a compile error. */
export const PAGES: Readonly<Record<MarketingRouteName, PageDefinition>> = {
  home: homePage,
  cancelFlowBuilder: cancelFlowBuilderPage,
  reactivationBanner: reactivationBannerPage,
  analytics: analyticsPage,
  paymentRecovery: paymentRecoveryPage,
  ecommerce: ecommercePage,
  saas: saasPage,
  subscriptionBoxes: subscriptionBoxesPage,
  reduceSubscriberChurn: articlePageDefinition('reduceSubscriberChurn'),
  cancelFlowsThatConvert: articlePageDefinition('cancelFlowsThatConvert'),
  increaseLtvRetention: articlePageDefinition('increaseLtvRetention'),
  roiCalculator: roiCalculatorPage,
  pricing: pricingPage,
  about: aboutPage,
  contact: contactPage,
  terms: articlePageDefinition('terms'),
  privacy: articlePageDefinition('privacy'),
  cookies: articlePageDefinition('cookies'),
  dpa: articlePageDefinition('dpa'),
  subprocessors: articlePageDefinition('subprocessors'),
  notFound: notFoundPage,
}
