import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { ensureMarketingBuilt } from '@retainkit/marketing/ensure-built'
import { CONSOLE_ROUTE_NAMES, MARKETING_ROUTE_NAMES, ROUTES } from '@retainkit/shared/routes'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * The public marketing site (issue 6) in Chromium, served by the REAL server in process: marketing/dist
 * through server/src/routes/static-site.ts, the forms posting to the real API and database.
 */

type MarketingRoute = (typeof MARKETING_ROUTE_NAMES)[number]

const CONTACT_FAILED = 'Failed to send message. Please try again later.'
const CONTACT_SENT = 'Thanks! Your message has been sent.'
const WAITLIST_JOINED = "Thanks! You're on the waitlist. We'll email you when Payment Recovery launches."
const NOT_FOUND_HEADING = /<h1[^>]*>Page not found<\/h1>/

/** Each page's main heading and copy the spec (2.3–2.9) or the page's purpose asks for. */
const PAGE_CONTENT: Record<MarketingRoute, { heading: string; text: string[] }> = {
  home: { heading: 'Recover More. Churn Less.', text: ['How It Works', '30-Day Free Trial'] },
  cancelFlowBuilder: { heading: 'Turn Cancellations into Conversations', text: ['How It Works', 'Features'] },
  reactivationBanner: { heading: 'Welcome Subscribers Back in One Click', text: ['How It Works'] },
  analytics: { heading: 'Know Exactly Why Subscribers Leave', text: ['Too expensive', '34%', '28%', '23%'] },
  paymentRecovery: {
    heading: 'Recover Failed Payments Automatically',
    text: ['Payment Failed', 'Your account will remain active for 7 days', 'Join Waitlist'],
  },
  ecommerce: {
    heading: 'Keep Subscribe-and-Save Customers Subscribed',
    text: ['Basic plan at $14.99/month'],
  },
  saas: { heading: 'Save Accounts Before They Churn', text: ['Starter at $19/month'] },
  subscriptionBoxes: { heading: 'Keep Boxes Shipping', text: ['25% off next 3 boxes', '$18.74 per box'] },
  reduceSubscriberChurn: {
    heading: 'How to reduce subscriber churn: a practical guide',
    text: ['Two kinds of churn, two kinds of fix'],
  },
  cancelFlowsThatConvert: {
    heading: 'Cancel flows that convert (and still respect the subscriber)',
    text: ['What a cancel flow is for'],
  },
  increaseLtvRetention: {
    heading: 'Increase lifetime value with better retention',
    text: ['The LTV maths'],
  },
  roiCalculator: { heading: 'Retention ROI Calculator', text: ['Your estimate', 'Recovered MRR'] },
  pricing: { heading: 'Simple Pricing That Pays for Itself', text: ['Starter', 'Pro', '$100', 'Monthly'] },
  about: { heading: 'About Retainkit', text: ['Our Story', 'What We Value'] },
  contact: { heading: 'Contact Us', text: ['Send Message', '24 hours'] },
  terms: { heading: 'Terms of Service', text: ['Who these terms apply to'] },
  privacy: { heading: 'Privacy Policy', text: ['What we collect from merchants'] },
  cookies: { heading: 'Cookie Policy', text: ['Cookies and local storage, briefly'] },
  dpa: { heading: 'Data Processing Agreement', text: ['Roles and scope'] },
  subprocessors: { heading: 'Subprocessors', text: ['Current subprocessors for Retainkit Cloud'] },
  notFound: { heading: 'Page not found', text: [] },
}

let product: Product
let browser: Browser
let consoleBuilt = false

beforeAll(async () => {
  ensureMarketingBuilt()
  product = await startProduct({ seed: false })
  consoleBuilt = existsSync(join(product.deps.staticRoots.console, 'index.html'))
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

/** A page that records script errors and any request leaving the product's origin. */
async function openPage(path: string, viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport })
  const problems: string[] = []
  const origin = new URL(product.url).origin
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol.startsWith('http') && url.origin !== origin)
      problems.push(`other origin: ${request.url()}`)
  })
  await page.goto(`${product.url}${path}`, { waitUntil: 'networkidle' })
  // Islands are interactive once hydrated; the nav marks itself.
  await page.waitForSelector('.site-nav.is-enhanced')
  return { page, problems }
}

const CONTACT = {
  name: 'Ada Lovelace',
  email: `ada-${Date.now()}@example.com`,
  message: 'We would like a demo of the cancel flow builder, please.',
}

async function fillContact(page: Page) {
  await page.getByLabel('Name').fill(CONTACT.name)
  await page.getByLabel('Email').fill(CONTACT.email)
  await page.getByLabel('Message').fill(CONTACT.message)
}

async function contactValues(page: Page) {
  return Promise.all(['Name', 'Email', 'Message'].map((label) => page.getByLabel(label).inputValue()))
}

/** Waits for the drawer to reach a state: Preact applies state changes on the next tick. */
async function drawerOpen(page: Page, open: boolean) {
  await page.waitForFunction(
    (want) => document.querySelector('dialog#mobile-menu')?.hasAttribute('open') === want,
    open,
  )
}

describe('marketing site on the product server', () => {
  it('pricing toggle switches Pro between $100 and $80 with the badges', async () => {
    const { page, problems } = await openPage(ROUTES.pricing)
    const proPrice = page.locator('.plan-featured .price-amount')
    expect(await proPrice.textContent()).toBe('$100')
    expect(await page.getByText('Save 20%', { exact: true }).count()).toBe(0)
    expect(await page.getByText('20% Off', { exact: true }).count()).toBe(0)

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

  it('contact form: the message is stored, the visitor thanked and the form cleared', async () => {
    const { page, problems } = await openPage(ROUTES.contact)
    await fillContact(page)
    const posted = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/contact')
    await page.getByRole('button', { name: 'Send Message' }).click()
    expect((await posted).status()).toBe(200)
    await page.getByRole('alert').filter({ hasText: CONTACT_SENT }).waitFor()
    expect(await contactValues(page)).toEqual(['', '', ''])

    const rows = await product.deps.db
      .selectFrom('contact_messages')
      .select(['name', 'email', 'message', 'company'])
      .where('email', '=', CONTACT.email)
      .execute()
    expect(rows).toEqual([
      { name: CONTACT.name, email: CONTACT.email, message: CONTACT.message, company: null },
    ])
    expect(problems).toEqual([])
    await page.close()
  })

  it("payment recovery's 'Join Waitlist' stores the signup", async () => {
    const { page, problems } = await openPage(ROUTES.paymentRecovery)
    const email = `Waiting-${Date.now()}@Example.com`
    await page.getByLabel('Work email').fill(email)
    await page.getByRole('button', { name: 'Join Waitlist' }).click()
    await page.getByRole('alert').filter({ hasText: WAITLIST_JOINED }).waitFor()
    expect(await page.getByLabel('Work email').inputValue()).toBe('')

    const rows = await product.deps.db
      .selectFrom('waitlist_signups')
      .select(['email', 'product'])
      .where('email', '=', email.toLowerCase())
      .execute()
    expect(rows).toEqual([{ email: email.toLowerCase(), product: 'payment-recovery' }])
    expect(problems).toEqual([])
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
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(problems).toEqual([])
    await page.close()
  })

  it('every internal link and asset on every page resolves through the server', async () => {
    const page = await browser.newPage()
    const origin = new URL(product.url).origin
    const links = new Map<string, string>()
    const assets = new Map<string, string>()
    const missingAnchors: string[] = []
    for (const name of MARKETING_ROUTE_NAMES) {
      const from = ROUTES[name]
      await page.goto(`${product.url}${from}`, { waitUntil: 'domcontentloaded' })
      const found = await page.evaluate(() => ({
        anchors: [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
        assets: [...document.querySelectorAll('link[href]:not([rel="canonical"]), script[src]')].map(
          (element) => (element as HTMLLinkElement).href || (element as HTMLScriptElement).src,
        ),
        missingIds: [...document.querySelectorAll('a[href^="#"]')]
          .map((a) => decodeURIComponent(a.getAttribute('href')?.slice(1) ?? ''))
          .filter((id) => !document.getElementById(id)),
      }))
      missingAnchors.push(...found.missingIds.map((id) => `${from} → #${id}: no such element`))
      for (const href of found.anchors) {
        const url = new URL(href)
        // Same-page anchors (the skip link, a table of contents) are checked above.
        if (url.origin !== origin || (url.hash && url.pathname === from)) continue
        if (!links.has(url.pathname + url.search)) links.set(url.pathname + url.search, from)
      }
      for (const href of found.assets) {
        const url = new URL(href)
        if (url.origin === origin && !assets.has(url.pathname)) assets.set(url.pathname, from)
      }
    }

    const consolePaths = new Set<string>(CONSOLE_ROUTE_NAMES.map((name) => ROUTES[name]))
    const broken = [...missingAnchors]
    for (const [path, from] of links) {
      if (new URL(path, origin).pathname === ROUTES.notFound)
        broken.push(`${from} → ${path}: the not-found page`)
      const response = await page.request.get(`${product.url}${path}`, { maxRedirects: 5 })
      const body = await response.text()
      const consolePage = consolePaths.has(new URL(path, origin).pathname)
      // Without a console build the server says so with 503, which still is not a dead link.
      const expected = consolePage && !consoleBuilt ? 503 : 200
      if (response.status() !== expected) broken.push(`${from} → ${path}: HTTP ${response.status()}`)
      else if (NOT_FOUND_HEADING.test(body)) broken.push(`${from} → ${path}: lands on the not-found page`)
      else if (consolePage && consoleBuilt && !body.includes('<div id="root">'))
        broken.push(`${from} → ${path}: not the console's index`)
    }
    for (const [path, from] of assets) {
      const response = await page.request.get(`${product.url}${path}`)
      if (response.status() !== 200) broken.push(`${from} → asset ${path}: HTTP ${response.status()}`)
    }
    console.info(
      `[e2e] ${links.size} internal link targets and ${assets.size} assets from ${MARKETING_ROUTE_NAMES.length} pages, console ${consoleBuilt ? 'built' : 'not built'}`,
    )
    expect(broken).toEqual([])
    // Every page is linked from somewhere, the console's sign-in pages too.
    for (const name of MARKETING_ROUTE_NAMES.filter((route) => route !== 'notFound')) {
      expect(links.has(ROUTES[name]), `${ROUTES[name]} is linked`).toBe(true)
    }
    expect(links.has(ROUTES.login) && links.has(ROUTES.signup)).toBe(true)
    expect(assets.size).toBeGreaterThan(3)
    await page.close()
  })

  it('answers an unknown path with the not-found page and HTTP 404', async () => {
    const page = await browser.newPage()
    for (const path of [`/no-such-page-${Date.now()}/`, '/products/no-such-product', '/404/']) {
      const response = await page.goto(`${product.url}${path}`)
      expect(response?.status(), path).toBe(404)
      expect(await page.locator('h1').textContent()).toBe('Page not found')
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    }
    await page.close()
  })

  it('every route is prerendered: heading and content without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    for (const name of MARKETING_ROUTE_NAMES) {
      const response = await page.goto(`${product.url}${ROUTES[name]}`)
      expect(response?.status(), name).toBe(name === 'notFound' ? 404 : 200)
      const { heading, text } = PAGE_CONTENT[name]
      expect(await page.locator('h1').allTextContents(), name).toEqual([heading])
      const main = (await page.locator('main').textContent()) ?? ''
      for (const phrase of text) expect(main, `${name}: ${phrase}`).toContain(phrase)
      // The header and footer navigation are in the markup, not added by a script.
      expect(await page.locator('nav[aria-label="Main"] a[href]').count(), name).toBeGreaterThan(10)
      expect(await page.locator('footer a[href="/terms/"]').count(), name).toBe(1)
    }
    // Proof that scripts really were off: the nav never marked itself as enhanced.
    expect(await page.locator('.site-nav.is-enhanced').count()).toBe(0)
    await context.close()
  })

  it("writes the server's PUBLIC_URL into canonical links, Open Graph, JSON-LD, sitemap and robots.txt", async () => {
    const page = await browser.newPage()
    await page.goto(`${product.url}${ROUTES.pricing}`)
    const head = await page.evaluate(() => ({
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
      jsonLd: JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}'),
    }))
    expect(head).toMatchObject({
      canonical: `${product.url}/pricing/`,
      ogUrl: `${product.url}/pricing/`,
      jsonLd: { url: `${product.url}/`, logo: `${product.url}/logo.svg` },
    })
    const sitemap = await (await page.request.get(`${product.url}/sitemap.xml`)).text()
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locs).toHaveLength(MARKETING_ROUTE_NAMES.length - 1)
    expect(locs.every((loc) => loc?.startsWith(`${product.url}/`))).toBe(true)
    const robots = await (await page.request.get(`${product.url}/robots.txt`)).text()
    expect(robots).toContain(`Sitemap: ${product.url}/sitemap.xml`)
    for (const text of [await page.content(), sitemap, robots]) expect(text).not.toContain('.invalid')
    await page.close()
  })
})

// Last: it stops the server for good.
describe('with the server down', () => {
  it('the contact form shows the failure text and keeps what the visitor typed', async () => {
    const { page } = await openPage(ROUTES.contact)
    await fillContact(page)
    await product.stopServer()
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByRole('alert').filter({ hasText: CONTACT_FAILED }).waitFor()
    expect(await page.getByRole('alert').textContent()).toBe(CONTACT_FAILED)
    expect(await contactValues(page)).toEqual([CONTACT.name, CONTACT.email, CONTACT.message])
    await page.close()
  })
})
