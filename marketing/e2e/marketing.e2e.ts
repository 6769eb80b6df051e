/**
 * Browser scenarios for the marketing site (issue 6), in Debian's Chromium through playwright-core.
 * Not part of the unit-test projects: a harness runs it against a live site and passes the URL in,
 * either with Vitest's provide() (`marketingBaseUrl`, optionally `marketingServesConsole`) or with
 * MARKETING_BASE_URL. e2e/vitest.e2e.config.ts is such a harness for the static build alone.
 */
import { CONSOLE_ROUTE_NAMES, MARKETING_ROUTE_NAMES, ROUTES } from '@retainkit/shared/routes'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    marketingBaseUrl?: string
    /** False when only the static marketing build is served (console routes then 404). */
    marketingServesConsole?: boolean
  }
}

const CONTACT_FAILED = 'Failed to send message. Please try again later.'
const CONTACT_SENT = 'Thanks! Your message has been sent.'

function baseUrl(): string {
  const url = inject('marketingBaseUrl') ?? process.env.MARKETING_BASE_URL
  if (!url) throw new Error('marketing e2e: pass marketingBaseUrl with provide() or set MARKETING_BASE_URL')
  return url.replace(/\/+$/, '')
}

const servesConsole = () => inject('marketingServesConsole') ?? process.env.MARKETING_SERVES_CONSOLE !== '0'

let browser: Browser

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking'],
  })
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

/** A page that records script errors and any request leaving the site's origin. */
async function openPage(path: string, viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport })
  const problems: string[] = []
  const origin = new URL(baseUrl()).origin
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) {
      problems.push(`console: ${message.text()}`)
    }
  })
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol.startsWith('http') && url.origin !== origin)
      problems.push(`other origin: ${request.url()}`)
  })
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' })
  // Islands are interactive once hydrated; the nav marks itself.
  await page.waitForSelector('.site-nav.is-enhanced')
  return { page, problems }
}

async function fillContact(page: Page) {
  await page.getByLabel('Name').fill('Ada Lovelace')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Message').fill('We would like a demo of the cancel flow builder, please.')
}

/** Waits for the drawer to reach a state: Preact applies state changes on the next tick. */
async function drawerOpen(page: Page, open: boolean) {
  await page.waitForFunction(
    (want) => document.querySelector('dialog#mobile-menu')?.hasAttribute('open') === want,
    open,
  )
}

async function contactValues(page: Page) {
  return Promise.all(['Name', 'Email', 'Message'].map((label) => page.getByLabel(label).inputValue()))
}

describe('marketing site in Chromium', () => {
  it('pricing toggle switches Pro between $100 and $80 with the badges', async () => {
    const { page, problems } = await openPage(ROUTES.pricing)
    const proPrice = page.locator('.plan-featured .price-amount')
    expect(await proPrice.textContent()).toBe('$100')
    expect(await page.getByText('Save 20%', { exact: true }).count()).toBe(0)

    // Keyboard first: arrow keys move a native radio group from Monthly to Annual.
    await page.getByRole('radio', { name: 'Monthly' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => proPrice.textContent()).toBe('$80')
    expect(await page.getByRole('radio', { name: /Annual/ }).isChecked()).toBe(true)
    expect(await page.getByText('Save 20%', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByText('20% Off', { exact: true }).isVisible()).toBe(true)

    await page.getByText('Monthly', { exact: true }).click()
    await expect.poll(() => proPrice.textContent()).toBe('$100')
    expect(await page.getByText('20% Off', { exact: true }).count()).toBe(0)
    expect(await page.getByText('Save 20%', { exact: true }).count()).toBe(0)
    expect(problems).toEqual([])
    await page.close()
  })

  it('contact form: success thanks the visitor and clears the form', async () => {
    const { page, problems } = await openPage(ROUTES.contact)
    await fillContact(page)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByRole('alert').filter({ hasText: CONTACT_SENT }).waitFor()
    expect(await contactValues(page)).toEqual(['', '', ''])
    expect(problems).toEqual([])
    await page.close()
  })

  it('contact form: with the API down it shows the failure text and keeps the input', async () => {
    const { page } = await openPage(ROUTES.contact)
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'))
    await fillContact(page)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByRole('alert').filter({ hasText: CONTACT_FAILED }).waitFor()
    expect(await page.getByRole('alert').textContent()).toBe(CONTACT_FAILED)
    expect(await contactValues(page)).toEqual([
      'Ada Lovelace',
      'ada@example.com',
      'We would like a demo of the cancel flow builder, please.',
    ])
    await page.close()
  })

  it('mobile drawer opens and closes by keyboard, focus moving in and back', async () => {
    const { page, problems } = await openPage(ROUTES.home, { width: 390, height: 844 })
    const toggle = page.getByRole('button', { name: 'Menu' })
    // Tab from the top of the page: skip link, brand, then the menu toggle.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await drawerOpen(page, true)
    const dialog = page.locator('dialog#mobile-menu')
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    expect(await dialog.getByRole('link', { name: 'Pricing' }).isVisible()).toBe(true)

    await page.keyboard.press('Escape')
    await drawerOpen(page, false)
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')

    await page.keyboard.press('Space')
    await drawerOpen(page, true)
    await page.keyboard.press('Escape')
    await drawerOpen(page, false)
    expect(problems).toEqual([])
    await page.close()
  })

  it('every internal link on every page resolves (and none leads to the 404 page)', async () => {
    const page = await browser.newPage()
    const hrefs = new Map<string, string>()
    for (const name of MARKETING_ROUTE_NAMES) {
      await page.goto(`${baseUrl()}${ROUTES[name]}`, { waitUntil: 'domcontentloaded' })
      const found = await page.$$eval('a[href]', (anchors) =>
        anchors.map((a) => (a as HTMLAnchorElement).href),
      )
      for (const href of found) {
        const url = new URL(href)
        // Same-page anchors (the skip link, a table of contents) are not navigations.
        if (url.hash && url.pathname === ROUTES[name]) continue
        if (url.origin === new URL(baseUrl()).origin && !hrefs.has(url.pathname))
          hrefs.set(url.pathname, ROUTES[name])
      }
    }
    const consolePaths = new Set<string>(CONSOLE_ROUTE_NAMES.map((name) => ROUTES[name]))
    const broken: string[] = []
    for (const [path, from] of hrefs) {
      if (path === ROUTES.notFound) broken.push(`${from} → ${path}: links to the not-found page`)
      if (!servesConsole() && consolePaths.has(path)) continue
      const response = await page.request.get(`${baseUrl()}${path}`, { maxRedirects: 5 })
      if (response.status() !== 200) broken.push(`${from} → ${path}: HTTP ${response.status()}`)
    }
    expect(broken).toEqual([])
    expect(hrefs.size).toBeGreaterThan(MARKETING_ROUTE_NAMES.length)
    await page.close()
  }, 120_000)

  it('answers an unknown path with the not-found page and HTTP 404', async () => {
    const page = await browser.newPage()
    const response = await page.goto(`${baseUrl()}/no-such-page-${Date.now()}/`)
    expect(response?.status()).toBe(404)
    expect(await page.locator('h1').textContent()).toBe('Page not found')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    await page.close()
  })
})
