/**
 * Every route of the product, by name. One table for the marketing site, the console and the server's
 * static hosting. Paths end with '/' where the spec writes them so; the server also answers the
 * variants the spec allows (payment recovery, auth callback and Stripe callback, with or without '/').
 */
export const ROUTES = {
  home: '/',
  cancelFlowBuilder: '/products/cancel-flow-builder/',
  reactivationBanner: '/products/reactivation-banner/',
  analytics: '/products/analytics/',
  paymentRecovery: '/products/payment-recovery/',
  ecommerce: '/solutions/ecommerce/',
  saas: '/solutions/saas/',
  subscriptionBoxes: '/solutions/subscription-boxes/',
  reduceSubscriberChurn: '/guides/reduce-subscriber-churn/',
  cancelFlowsThatConvert: '/guides/cancel-flows-that-convert/',
  increaseLtvRetention: '/guides/increase-ltv-retention/',
  roiCalculator: '/roi-calculator/',
  pricing: '/pricing/',
  about: '/about/',
  contact: '/contact/',
  terms: '/terms/',
  privacy: '/privacy/',
  cookies: '/cookies/',
  dpa: '/dpa/',
  subprocessors: '/subprocessors/',
  login: '/login/',
  signup: '/signup/',
  authCallback: '/auth/callback',
  stripeCallback: '/stripe/callback',
  notFound: '/404/',
  editor: '/editor/',
  dashboard: '/dashboard/',
  preview: '/preview/',
  settings: '/settings/',
  /** Every session of the account (issue 33); one session is /sessions/<id>. */
  sessions: '/sessions/',
  logout: '/logout/',
} as const

export type RouteName = keyof typeof ROUTES

/**
 * Where one cancel session opens in the console: the Sessions page, with that session in its drawer.
 * The dashboard's write-in quotes link here; this function is the URL the two agree on (the page reads
 * `account_id` and `session`), so either can move without the other guessing.
 */
export function sessionPath(accountId: string, sessionId: string): string {
  return `/sessions/?account_id=${encodeURIComponent(accountId)}&session=${encodeURIComponent(sessionId)}`
}

/** Public pages the marketing site prerenders, in sitemap order. */
export const MARKETING_ROUTE_NAMES = [
  'home',
  'cancelFlowBuilder',
  'reactivationBanner',
  'analytics',
  'paymentRecovery',
  'ecommerce',
  'saas',
  'subscriptionBoxes',
  'reduceSubscriberChurn',
  'cancelFlowsThatConvert',
  'increaseLtvRetention',
  'roiCalculator',
  'pricing',
  'about',
  'contact',
  'terms',
  'privacy',
  'cookies',
  'dpa',
  'subprocessors',
  'notFound',
] as const satisfies readonly RouteName[]

/** Routes served by the console's single-page app (the server answers them with its index.html). */
export const CONSOLE_ROUTE_NAMES = [
  'login',
  'signup',
  'authCallback',
  'stripeCallback',
  'editor',
  'dashboard',
  'preview',
  'settings',
  'sessions',
  'logout',
] as const satisfies readonly RouteName[]

/** Routes that need a signed-in user (the private routes, plus settings and sessions). */
export const PRIVATE_ROUTE_NAMES = [
  'editor',
  'dashboard',
  'preview',
  'settings',
  'sessions',
] as const satisfies readonly RouteName[]

export function isRouteName(value: string): value is RouteName {
  return Object.hasOwn(ROUTES, value)
}

/**
 * "A link text placeholder of the form routes.name resolves to that route's path."
 * Unknown names are left untouched so a typo stays visible instead of becoming a broken link.
 */
export function resolveRoutePlaceholder(value: string): string {
  const match = /^routes\.([A-Za-z][A-Za-z0-9]*)$/.exec(value)
  if (!match?.[1] || !isRouteName(match[1])) return value
  return ROUTES[match[1]]
}

/** Replaces every `routes.name` token inside a text (e.g. an href list or a Markdown-ish link). */
export function resolveRoutePlaceholders(text: string): string {
  return text.replace(/\broutes\.([A-Za-z][A-Za-z0-9]*)\b/g, (whole, name: string) =>
    isRouteName(name) ? ROUTES[name] : whole,
  )
}
