import type { Article } from '../content/types'

export const GUIDE_ROUTE_NAMES = [
  'reduceSubscriberChurn',
  'cancelFlowsThatConvert',
  'increaseLtvRetention',
] as const
export const LEGAL_ROUTE_NAMES = ['terms', 'privacy', 'cookies', 'dpa', 'subprocessors'] as const

export type GuideRouteName = (typeof GUIDE_ROUTE_NAMES)[number]
export type LegalRouteName = (typeof LEGAL_ROUTE_NAMES)[number]
export type ArticleRouteName = GuideRouteName | LegalRouteName

/**
 * Guides and legal pages are written as data in content/guides and content/legal (by another
 * author, on their own schedule). Whatever modules exist there are picked up at build time; every
 * exported value shaped like an Article is registered under its `route`.
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ['../content/guides/*.ts', '../content/legal/*.ts', '!../content/**/*.test.ts'],
  { eager: true },
)

export function isArticle(value: unknown): value is Article {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    typeof record.route === 'string' &&
    typeof record.title === 'string' &&
    typeof record.description === 'string' &&
    typeof record.lead === 'string' &&
    typeof record.updated === 'string' &&
    Array.isArray(record.sections)
  )
}

/** Collects the articles from module namespaces (exported for tests, which pass their own). */
export function collectArticles(namespaces: readonly Record<string, unknown>[]): Map<string, Article> {
  const articles = new Map<string, Article>()
  for (const namespace of namespaces) {
    for (const value of Object.values(namespace)) {
      if (isArticle(value)) articles.set(value.route, value)
      else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        // An index module exporting a record by route name.
        for (const nested of Object.values(value)) if (isArticle(nested)) articles.set(nested.route, nested)
      }
    }
  }
  return articles
}

const ARTICLES = collectArticles(Object.values(modules))

/** Titles used while an article has not been written yet, so the route still renders. */
const PENDING_TITLES: Record<ArticleRouteName, string> = {
  reduceSubscriberChurn: 'How to Reduce Subscriber Churn',
  cancelFlowsThatConvert: 'Cancel Flows That Convert',
  increaseLtvRetention: 'Increase Customer Lifetime Value with Retention',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
  dpa: 'Data Processing Agreement',
  subprocessors: 'Subprocessors',
}

function pendingArticle(route: ArticleRouteName): Article {
  const title = PENDING_TITLES[route]
  return {
    route,
    title,
    description: `${title} — Retainkit. This page is being prepared; contact us if you need it now.`,
    lead: 'We are putting the finishing touches on this page. If you need it today, [contact us](routes.contact).',
    updated: '2025-01-01',
    sections: [],
  }
}

export function articleFor(route: ArticleRouteName): Article {
  return ARTICLES.get(route) ?? pendingArticle(route)
}

export function hasWrittenArticle(route: ArticleRouteName): boolean {
  return ARTICLES.has(route)
}
