import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { seedDemoIfEmpty } from '@retainkit/server/testing'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chartsAtRest } from '../support/at-rest'
import { axeProblems } from '../support/axe'
import { overlappingChartLabels } from '../support/axis-overlap'
import { ensureConsoleBuilt, signUpInConsole, useDevOutbox } from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'
import { overlappingText } from '../support/text-overlap'

/**
 * Why they leave, in their own words (issue 35), in Chromium against the real server: the demo
 * merchant's write-ins (four languages, scored by the seed) show as sentiment by reason and as themes;
 * a theme opens the write-ins behind it, each with its session; the breakdown's bars do the same from
 * the keyboard. axe finds nothing and no two texts overlap, at a phone's width and a laptop's.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/write-ins/', import.meta.url))
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const

let product: Product
let browser: Browser
let storage: Awaited<ReturnType<BrowserContext['storageState']>>

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct({ seed: false })
  useDevOutbox(product)
  expect(await seedDemoIfEmpty(product.deps)).not.toBeNull()
  browser = await launchChromium()
  const context = await browser.newContext({ viewport: VIEWPORTS.laptop })
  await signUpInConsole(product, context, 'demo@retainkit.dev')
  storage = await context.storageState()
  await context.close()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

async function layoutIsClean(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  // Polled: a chart's labels pass over each other while its transition runs (the old label fading out
  // where the new one fades in), which a loaded machine can catch; a real overlap stays and fails.
  await expect.poll(() => overlappingText(page), { timeout: 5_000 }).toEqual([])
  expect(await axeProblems(page)).toEqual([])
}

describe.each(Object.entries(VIEWPORTS))('write-in insights at %s size', (size, viewport) => {
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    context = await browser.newContext({ viewport, storageState: storage })
    page = await context.newPage()
  })
  afterAll(() => context?.close())

  it('shows the demo’s sentiment by reason and its themes', async () => {
    await page.goto(`${product.url}/dashboard/?account_id=demo&period=12months`)
    const breakdown = page.getByRole('region', { name: 'Sentiment by reason, outcome and over time' })
    // One bar per reason, each part a button naming its count: "too expensive" write-ins lean negative.
    await breakdown.getByRole('button', { name: /^It's too expensive: \d+ negative/ }).waitFor()
    const themes = page.getByRole('region', { name: 'Write-in themes' })
    await themes.getByRole('button', { name: /^Price.*show the write-ins$/ }).waitFor()
    for (const theme of ['Taking a break', 'Delivery and product quality', 'Switched to a competitor'])
      await themes.getByRole('button', { name: new RegExp(`^${theme}.*show the write-ins$`) }).waitFor()
    await page
      .getByRole('region', { name: 'Write-in sentiment' })
      .getByText(/write-ins in this period/)
      .waitFor()
    await chartsAtRest(page)
    expect(await overlappingChartLabels(page)).toEqual([])
    await breakdown.screenshot({ path: `${ARTIFACTS}breakdown-${size}.png`, animations: 'disabled' })
    await themes.screenshot({ path: `${ARTIFACTS}themes-${size}.png`, animations: 'disabled' })
    await layoutIsClean(page, viewport.width)
  })

  it('lists a theme’s write-ins, in their languages, each with its session', async () => {
    await page.goto(`${product.url}/dashboard/?account_id=demo&period=12months`)
    const themes = page.getByRole('region', { name: 'Write-in themes' })
    await themes.getByRole('button', { name: /^Price.*show the write-ins$/ }).click()
    const quotes = page.getByRole('region', { name: 'Write-ins: Price' })
    await quotes.waitFor()
    const items = quotes.locator('.rk-quote')
    await items.first().waitFor()
    expect(await items.count()).toBe(20)
    // The heading took the focus: a keyboard or screen-reader user is where the write-ins are.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Write-ins: Price')
    const first = await quotes
      .getByRole('link', { name: /Open the session/ })
      .first()
      .getAttribute('href')
    expect(first).toMatch(/^\/sessions\/\?account_id=demo&session=demo_cs_\d{8}_\d+$/)
    await quotes.getByRole('button', { name: 'Show more write-ins' }).click()
    await expect.poll(() => items.count()).toBe(40)
    // Every one of them is about the price, in whichever language it was written.
    const languages = await quotes
      .locator('blockquote')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('lang')))
    expect(new Set(languages).size).toBeGreaterThan(1)
    await quotes.screenshot({ path: `${ARTIFACTS}quotes-${size}.png`, animations: 'disabled' })
    await layoutIsClean(page, viewport.width)
  })

  it('opens the write-ins behind a bar from the keyboard', async () => {
    await page.goto(`${product.url}/dashboard/?account_id=demo&period=12months`)
    const breakdown = page.getByRole('region', { name: 'Sentiment by reason, outcome and over time' })
    await breakdown.getByLabel('Split write-ins').selectOption('outcome')
    const bar = breakdown.getByRole('button', { name: /^Cancelled: \d+ negative/ })
    await bar.focus()
    await page.keyboard.press('Enter')
    const quotes = page.getByRole('region', { name: /Write-ins: Cancelled, negative/ })
    await quotes.locator('.rk-quote').first().waitFor()
    await layoutIsClean(page, viewport.width)
  })
})
