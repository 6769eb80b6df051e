import type { MARKETING_ROUTE_NAMES } from '@retainkit/shared/routes'
import type { ReactNode } from 'react'

export type MarketingRouteName = (typeof MARKETING_ROUTE_NAMES)[number]

/** What the prerender needs to know about a page besides its body. */
export interface PageDefinition {
  /** The `<title>` (the site name is appended) and og:title. */
  title: string
  /** Meta description and og:description. */
  description: string
  ogType?: 'website' | 'article'
  /** Keeps the page out of search results and the sitemap (the not-found page). */
  noindex?: boolean
  render: () => ReactNode
}
