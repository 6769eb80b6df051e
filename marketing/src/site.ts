import { MARKETING_CLAIMS } from '@retainkit/shared/constants'

/** Facts about the company that several pages and the document head repeat. */
export const SITE = {
  name: 'Retainkit',
  tagline: 'Recover More. Churn Less.',
  description:
    'Retainkit keeps subscribers who try to cancel, wins back lapsed ones and shows you why people leave — for businesses billing through Stripe.',
  contactEmail: 'hello@retainkit.com',
  themeColor: '#3730a3',
  copyrightYear: MARKETING_CLAIMS.copyrightYear,
} as const

/**
 * The origin the build writes into absolute URLs (canonical, Open Graph, JSON-LD, sitemap.xml,
 * robots.txt). Operators set PUBLIC_URL when the server starts, long after `npm start` built the site
 * once, so the build cannot know it: the server swaps this placeholder for its PUBLIC_URL in every
 * html, xml and txt file it serves (server/src/routes/static-site.ts holds the same string). The
 * `.invalid` top-level domain is reserved (RFC 6761), so no real link or page text can contain it.
 */
export const PUBLIC_URL_PLACEHOLDER = 'https://public-url.retainkit.invalid'

/** `mailto:` link for the schedule-a-demo call to action. */
export const DEMO_MAILTO = `mailto:${SITE.contactEmail}?subject=${encodeURIComponent('Schedule a Retainkit demo')}`
