import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createSubscriberToken } from '@retainkit/node'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chartsAtRest, overlappingTextAtRest } from '../support/at-rest'
import { axeProblems } from '../support/axe'
import {
  accessTokenOf,
  consoleApi,
  ensureConsoleBuilt,
  recordCancelSessions,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * Every console page at a phone's 390×844 and a laptop's 1280×800, in Chromium against the real
 * server, with data in every chart: no two runs of text overlap (a check over the rendered text
 * rectangles), no sideways scrolling on the phone, axe-core finds nothing at any impact, and a
 * full-page screenshot of each is kept in tests/artifacts/layout/. Also: each page's title, the
 * favicon, and a page whose code fails to load keeping the navigation with a retry.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/layout/', import.meta.url))
const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 800 },
} as const

let product: Product
let browser: Browser
let accountId: string
let storage: Awaited<ReturnType<BrowserContext['storageState']>>

interface ConsolePage {
  name: string
  path: () => string
  heading: string
  title: string
  /** Waits for what makes the page complete (charts drawn, lists loaded). */
  ready?: (page: Page) => Promise<void>
}

const settings = (tab: string, label: string): ConsolePage => ({
  name: `settings-${tab}`,
  path: () => `/settings/?tab=${tab}`,
  heading: 'Settings',
  title: `${label} · Settings · Retainkit`,
  ready: (page) => page.getByRole('heading', { name: label, level: 2 }).waitFor(),
})

const PAGES: ConsolePage[] = [
  {
    name: 'dashboard',
    path: () => `/dashboard/?account_id=${accountId}&period=30days&mode=test`,
    heading: 'Dashboard',
    title: 'Dashboard · Retainkit',
    ready: async (page) => {
      await page.getByRole('img', { name: /Bar chart of the reasons subscribers gave/ }).waitFor()
      await page.getByRole('img', { name: /Line chart of the save rate/ }).waitFor()
      await page.getByTestId('headline-figures').waitFor()
      await chartsAtRest(page)
    },
  },
  {
    name: 'editor',
    path: () => `/editor/?account_id=${accountId}`,
    heading: 'Cancel flow editor',
    title: 'Editor · Retainkit',
    // On a phone the preview is a sheet behind a Preview button (editor-preview-sheet.e2e.ts opens it).
    ready: async (page) => {
      if ((page.viewportSize()?.width ?? 0) <= 640)
        await page.getByRole('button', { name: 'Preview', exact: true }).waitFor()
      else
        await page.getByRole('region', { name: 'Cancel flow preview' }).getByText('Before you go…').waitFor()
    },
  },
  {
    name: 'preview',
    path: () => `/preview/?account_id=${accountId}`,
    heading: 'Preview',
    title: 'Preview · Retainkit',
  },
  settings('account', 'Account'),
  settings('team', 'Team'),
  settings('stripe', 'Stripe connection'),
  settings('widget-secret', 'Widget secret'),
  settings('install', 'Install'),
  settings('reasons', 'Cancellation reasons'),
  settings('segments', 'Segments'),
  settings('experiments', 'Experiments'),
  settings('billing', 'Plan & billing'),
]

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  console.log(`[e2e] layout screenshots in ${ARTIFACTS}`)
  product = await startProduct({ seed: false })
  useDevOutbox(product)
  browser = await launchChromium()
  const context = await browser.newContext({ viewport: VIEWPORTS.laptop })
  const page = await signUpInConsole(product, context, 'layout-owner@example.com')
  accountId = new URL(page.url()).searchParams.get('account_id') ?? ''
  const token = await accessTokenOf(page)
  // A team with a long address (the team table used to break it a few characters a line), and a
  // widget secret that records sessions for the charts.
  const invited = await consoleApi(product, token, `/api/account?accountId=${accountId}&action=members`, {
    body: { email: 'a.very.long.address.for.a.teammate@subsidiary-company.example.com', role: 'editor' },
  })
  expect(invited.status).toBe(201)
  const created = await consoleApi(
    product,
    token,
    `/api/account?accountId=${accountId}&action=widget-secret`,
    {
      method: 'POST',
    },
  )
  const secret = ((await created.json()) as { data: { secret: string } }).data.secret
  await recordCancelSessions(
    product,
    accountId,
    (customerId) =>
      createSubscriberToken({ accountId, customerId, mode: 'test', handles: ['offers', 'cancel'], secret }),
    [
      { reasonKey: 'too_expensive', outcome: 'cancel', feedback: 'Far too expensive for what we use' },
      { reasonKey: 'too_expensive', outcome: 'accept' },
      { reasonKey: 'missing_features', outcome: 'cancel', feedback: 'Missing the reporting features' },
      { reasonKey: 'not_using_enough', outcome: 'stay' },
      { reasonKey: 'switched_competitor', outcome: 'cancel' },
      { reasonKey: 'other', outcome: 'cancel', feedback: 'Budget cuts this quarter' },
      { reasonKey: 'technical_issues', outcome: 'stay' },
    ],
  )
  storage = await context.storageState()
  await context.close()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

describe.each(Object.entries(VIEWPORTS))('console at %s size', (size, viewport) => {
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    context = await browser.newContext({ viewport, storageState: storage })
    page = await context.newPage()
  })
  afterAll(() => context?.close())

  it.each(PAGES.map((entry) => [entry.name, entry] as const))(
    '%s: no overlapping text, no sideways scroll, axe clean, titled',
    async (name, entry) => {
      await page.goto(`${product.url}${entry.path()}`)
      await page.getByRole('heading', { name: entry.heading, level: 1 }).waitFor()
      await entry.ready?.(page)
      await page.screenshot({
        path: `${ARTIFACTS}${name}-${size}.png`,
        fullPage: true,
        animations: 'disabled',
      })
      expect(await page.title()).toBe(entry.title)
      expect(await overlappingTextAtRest(page)).toEqual([])
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width)
      expect(await axeProblems(page, { all: true })).toEqual([])
      if (name.startsWith('settings-')) {
        // The section menu folds away on a phone: the open section starts in the first screen's top part.
        const section = await page.locator('#settings-section-heading').boundingBox()
        expect(section?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(viewport.height * 0.6)
      }
    },
  )
})

describe('around the pages', () => {
  it('serves a favicon to the console and the marketing site', async () => {
    const icon = await fetch(`${product.url}/favicon.ico`)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toBe('image/x-icon')
    const bytes = new Uint8Array(await icon.arrayBuffer())
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0])
    const context = await browser.newContext({ storageState: storage })
    const page = await context.newPage()
    await page.goto(`${product.url}/settings/`)
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg')
    expect((await fetch(`${product.url}/favicon.svg`)).status).toBe(200)
    // The logo beside the name, as on the marketing site.
    expect(await page.locator('.rk-brand svg').count()).toBe(1)
    await context.close()
  })

  it("keeps the navigation when a page's code fails to load, and loads it on retry", async () => {
    const context = await browser.newContext({ storageState: storage, viewport: VIEWPORTS.laptop })
    const page = await context.newPage()
    await page.goto(`${product.url}/settings/?tab=account`)
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    let failing = true
    await page.route(/\/app\/assets\/preview-page[^/]*\.js$/, (route) =>
      failing ? route.abort('internetdisconnected') : route.continue(),
    )
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor()
    await page.goto(`${product.url}/preview/?account_id=${accountId}`)
    const problem = page.getByRole('main').getByRole('alert')
    await problem.getByText('This page could not be loaded').waitFor()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).waitFor()
    await page.screenshot({ path: `${ARTIFACTS}chunk-failure.png` })
    failing = false
    await problem.getByRole('button', { name: 'Try Again' }).click()
    await page.getByRole('heading', { name: 'Preview', level: 1 }).waitFor()
    await context.close()
  })

  it("shows the new widget secret's underscores (a field too short for them clipped them away)", async () => {
    const context = await browser.newContext({ storageState: storage, viewport: VIEWPORTS.phone })
    const page = await context.newPage()
    await page.goto(`${product.url}/settings/?tab=widget-secret&account_id=${accountId}`)
    await page.getByRole('button', { name: 'Create test-mode secret' }).click()
    const field = page.getByLabel('New widget secret')
    expect(await field.inputValue()).toContain('_')
    // The same field drawn with underscores and with spaces in their place must differ: if the
    // underscores sit below what the field shows, both pictures are the same.
    const drawn = async (value: string) => {
      await field.evaluate((input, text) => {
        ;(input as HTMLInputElement).value = text
      }, value)
      return field.screenshot({ animations: 'disabled' })
    }
    const underscores = await drawn('rkws_test____________')
    const spaces = await drawn('rkws test            ')
    expect(underscores.equals(spaces)).toBe(false)
    await context.close()
  })
})
