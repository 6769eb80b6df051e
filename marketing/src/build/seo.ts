import { PRIVATE_ROUTE_NAMES, ROUTES } from '@retainkit/shared/routes'
import { SITE } from '../site'

/** Organization metadata for search engines, attached to every page. */
export function organizationJsonLd(publicUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE.name,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/logo.svg`,
    description: SITE.description,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: SITE.contactEmail,
      availableLanguage: ['English'],
    },
  }
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** One `<url>` per indexable page, absolute. */
export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url>\n    <loc>${escapeXml(`${publicUrl}${path}`)}</loc>\n  </url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** Everything is crawlable except the console's signed-in screens. */
export function robotsTxt(publicUrl: string): string {
  const disallowed = PRIVATE_ROUTE_NAMES.map((name) => `Disallow: ${ROUTES[name]}`)
  return ['User-agent: *', 'Allow: /', ...disallowed, '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')
}
