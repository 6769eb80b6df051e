import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { MARKETING_ROUTE_NAMES, PRIVATE_ROUTE_NAMES, ROUTES } from '@retainkit/shared/routes'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUILD_TIME_PUBLIC_URL, builtSite, readBuilt } from '../../test-support/built-site'
import { metaContent, parseHtml } from '../../test-support/parse-html'
import { PAGES } from '../pages/registry'
import { PUBLIC_URL_PLACEHOLDER, SITE } from '../site'

let root = ''

beforeAll(async () => {
  root = await builtSite()
}, 240_000)

function pageFile(path: string): string {
  return join(...path.split('/').filter(Boolean), 'index.html')
}

function page(name: (typeof MARKETING_ROUTE_NAMES)[number]): Document {
  return parseHtml(readBuilt(root, pageFile(ROUTES[name])))
}

describe('prerendered pages', () => {
  it.each(MARKETING_ROUTE_NAMES)(
    '%s has its file, h1, title, description, canonical and Open Graph tags',
    (name) => {
      const file = join(root, pageFile(ROUTES[name]))
      expect(existsSync(file), `${file} should exist`).toBe(true)
      const document = page(name)
      const definition = PAGES[name]
      const url = `${PUBLIC_URL_PLACEHOLDER}${ROUTES[name]}`

      expect(document.documentElement.getAttribute('lang')).toBe('en')
      expect(document.querySelectorAll('h1')).toHaveLength(1)
      expect(document.querySelector('h1')?.textContent?.trim()).not.toBe('')
      expect(document.title).toContain(definition.title)
      expect(document.title).toContain('Retainkit')
      expect(metaContent(document, 'meta[name="description"]')).toBe(definition.description)
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url)
      expect(metaContent(document, 'meta[name="viewport"]')).toContain('width=device-width')
      expect(metaContent(document, 'meta[name="theme-color"]')).toBe(SITE.themeColor)
      expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg')
      expect(metaContent(document, 'meta[property="og:title"]')).toBe(document.title)
      expect(metaContent(document, 'meta[property="og:description"]')).toBe(definition.description)
      expect(metaContent(document, 'meta[property="og:url"]')).toBe(url)
      expect(metaContent(document, 'meta[property="og:site_name"]')).toBe('Retainkit')
      expect(metaContent(document, 'meta[property="og:type"]')).toMatch(/^(website|article)$/)
    },
  )

  it.each(MARKETING_ROUTE_NAMES)('%s carries the Organization JSON-LD', (name) => {
    const script = page(name).querySelector('script[type="application/ld+json"]')
    const data = JSON.parse(script?.textContent ?? '{}') as Record<string, unknown>
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Retainkit',
      url: `${PUBLIC_URL_PLACEHOLDER}/`,
      logo: `${PUBLIC_URL_PLACEHOLDER}/logo.svg`,
      contactPoint: { '@type': 'ContactPoint', email: SITE.contactEmail },
    })
    expect(typeof data.description).toBe('string')
  })

  it('shows the spec headings and copy on the key pages', () => {
    expect(page('home').querySelector('h1')?.textContent).toBe('Recover More. Churn Less.')
    expect(page('home').body.textContent).toContain('30-Day Free Trial')
    expect(page('notFound').querySelector('h1')?.textContent).toBe('Page not found')
    const box = page('subscriptionBoxes').body.textContent ?? ''
    expect(box).toContain('25% off next 3 boxes')
    expect(box).toContain('$18.74 per box')
    expect(box).toContain('Ready to Reduce Churn?')
    expect(page('ecommerce').body.textContent).toContain('Basic plan at $14.99/month')
    expect(page('saas').body.textContent).toContain('Starter at $19/month')
    const recovery = page('paymentRecovery').body.textContent ?? ''
    for (const text of ['Payment Failed', 'Update payment method', 'Contact support', 'Join Waitlist']) {
      expect(recovery).toContain(text)
    }
    expect(recovery).toContain('Your account will remain active for 7 days')
    expect(recovery).toMatch(/Retry 1\s*after 24 hours\s*Done/)
    expect(recovery).toMatch(/Retry 2\s*after 3 days\s*Scheduled/)
    expect(recovery).toMatch(/Retry 3\s*after 7 days\s*Pending/)
    const analytics = page('analytics').body.textContent ?? ''
    expect(analytics).toMatch(/Too expensive\s*34%/)
    expect(analytics).toMatch(/Not using it enough\s*28%/)
    expect(analytics).toMatch(/Found an alternative\s*23%/)
  })

  it('labels every mock screen as illustrative sample data', () => {
    for (const name of MARKETING_ROUTE_NAMES) {
      for (const mock of page(name).querySelectorAll('figure.mock')) {
        expect(mock.querySelector('.mock-tag')?.textContent, `${name} mock`).toBe('Illustrative sample data')
      }
    }
    expect(page('analytics').querySelectorAll('figure.mock').length).toBeGreaterThan(0)
  })

  it('prerenders monthly pricing and the default ROI result', () => {
    const pricing = page('pricing')
    expect(pricing.querySelector('.plan-featured .price-amount')?.textContent).toBe('$100')
    expect(pricing.querySelector('.badge-save')).toBeNull()
    expect(pricing.querySelector('input[value="monthly"]')?.hasAttribute('checked')).toBe(true)
    const roi = page('roiCalculator').querySelector('.roi-figures')?.textContent ?? ''
    expect(roi).toContain('Recovered MRR')
    expect(roi).toMatch(/\$[\d,]+/)
  })

  it('keeps the not-found page out of search results', () => {
    expect(metaContent(page('notFound'), 'meta[name="robots"]')).toBe('noindex')
    expect(page('home').querySelector('meta[name="robots"]')).toBeNull()
    const links = [...page('notFound').querySelectorAll('main a')].map((a) => a.getAttribute('href'))
    expect(links).toEqual(expect.arrayContaining([ROUTES.home, ROUTES.pricing, ROUTES.contact]))
  })

  it('lists every indexable route in the sitemap with absolute URLs, and not the 404 page', () => {
    const sitemap = readBuilt(root, 'sitemap.xml')
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    const expected = MARKETING_ROUTE_NAMES.filter((name) => name !== 'notFound').map(
      (name) => `${PUBLIC_URL_PLACEHOLDER}${ROUTES[name]}`,
    )
    expect(locs).toEqual(expected)
    expect(sitemap).not.toContain('/404/')
  })

  it('writes robots.txt allowing all but the console private routes, with the sitemap', () => {
    const robots = readBuilt(root, 'robots.txt')
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Allow: \/$/m)
    for (const name of PRIVATE_ROUTE_NAMES) expect(robots).toContain(`Disallow: ${ROUTES[name]}\n`)
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL_PLACEHOLDER}/sitemap.xml`)
  })

  it('writes the public-URL placeholder, never the PUBLIC_URL of the build machine', () => {
    // The server swaps the placeholder for the PUBLIC_URL it runs with; an origin baked in at build
    // time would survive that and point every canonical link at the wrong site.
    const files = [
      ...MARKETING_ROUTE_NAMES.map((name) => pageFile(ROUTES[name])),
      'sitemap.xml',
      'robots.txt',
    ]
    for (const file of files) {
      const text = readBuilt(root, file)
      expect(text, file).toContain(PUBLIC_URL_PLACEHOLDER)
      expect(text, file).not.toContain(BUILD_TIME_PUBLIC_URL)
      expect(text, file).not.toMatch(/localhost|127\.0\.0\.1/)
    }
  })

  it('loads nothing from another origin', () => {
    for (const name of MARKETING_ROUTE_NAMES) {
      const document = page(name)
      for (const element of document.querySelectorAll('script[src], link[href]:not([rel="canonical"])')) {
        const url = element.getAttribute('src') ?? element.getAttribute('href') ?? ''
        expect(url, `${name}: ${element.outerHTML}`).toMatch(/^\/(?!\/)/)
      }
    }
    const css = readBuilt(root, join('assets', readBuiltAssets(root, '.css')[0] ?? ''))
    expect(css).not.toMatch(/url\(|@import|https?:/)
  })
})

function readBuiltAssets(root: string, extension: string): string[] {
  const html = readBuilt(root, 'index.html')
  return [...html.matchAll(/\/assets\/([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((file) => file.endsWith(extension))
}
