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

export const DEFAULT_PUBLIC_URL = 'http://localhost:8787'

/** The origin pages are published under (sitemap, canonical, Open Graph); no trailing slash. */
export function normalizePublicUrl(value: string | undefined): string {
  const raw = value?.trim() || DEFAULT_PUBLIC_URL
  return raw.replace(/\/+$/, '')
}

/** `mailto:` link for the schedule-a-demo call to action. */
export const DEMO_MAILTO = `mailto:${SITE.contactEmail}?subject=${encodeURIComponent('Schedule a Retainkit demo')}`
