import { MARKETING_ROUTE_NAMES, ROUTES } from '@retainkit/shared/routes'
import { renderToString } from 'react-dom/server'
import { collectedIslands, startIslandCollection } from './islands/island'
import type { IslandName } from './islands/island-names'
import type { MarketingRouteName, PageDefinition } from './pages/page-types'
import { PAGES } from './pages/registry'

export { type DocumentAssets, renderDocument } from './build/document'
export { assetsForIslands, type Manifest } from './build/manifest-assets'
export { robotsTxt, sitemapXml } from './build/seo'

export interface RenderedRoute {
  name: MarketingRouteName
  path: string
  page: PageDefinition
  /** The page's body markup. */
  body: string
  /** Islands the page contains; the prerender adds their scripts. */
  islands: IslandName[]
}

/**
 * Renders one page's body. The client build compiles the same components with Preact, and so does
 * the server build of this module (through the same aliases), so hydration sees identical markup.
 */
export function renderRoute(name: MarketingRouteName): RenderedRoute {
  const page = PAGES[name]
  startIslandCollection()
  const body = renderToString(page.render())
  return { name, path: ROUTES[name], page, body, islands: collectedIslands() }
}

export const ROUTE_NAMES: readonly MarketingRouteName[] = MARKETING_ROUTE_NAMES

/** Paths listed in the sitemap: every page that search engines may index. */
export function indexablePaths(): string[] {
  return MARKETING_ROUTE_NAMES.filter((name) => !PAGES[name].noindex).map((name) => ROUTES[name])
}
