import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type PastCancellation, seedCancellationHistories } from '@retainkit/fakes/stripe'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import { ensureConsoleBuilt, signUpInConsole, useDevOutbox } from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'
import { overlappingText } from '../support/text-overlap'

/**
 * Cancellations from before Retainkit, in Chromium at a phone's and a laptop's width against the real
 * server and the Stripe fake (issue 33 #11): a new merchant whose Stripe account canceled subscriptions
 * over the past year connects it with keys in Settings, and the dashboard shows "Before Retainkit: 5
 * cancellations in the last 12 months" by Stripe's reasons, apart from the flow's own (empty) figures;
 * the one canceled 13 months ago is not among them. Axe-clean, no overlap, no sideways scroll.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/past-cancellations/', import.meta.url))
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const
const DAY = 86_400
const BEHIND = 400 * DAY

let product: Product
let browser: Browser
const keysBySize = new Map<string, { secret: string; publishable: string }>()

function past(size: string, start: number): PastCancellation[] {
  const at = (days: number) => start + days * DAY
  return [
    {
      email: `old.${size}@example.com`,
      startedAt: at(0),
      canceledAt: at(20),
      amount: 2900,
      feedback: 'unused',
    },
    {
      email: `price.${size}@example.com`,
      name: 'Pat Price',
      startedAt: at(5),
      canceledAt: at(120),
      amount: 2900,
      feedback: 'too_expensive',
      comment: 'Too dear for us',
    },
    {
      email: `price2.${size}@example.com`,
      startedAt: at(10),
      canceledAt: at(200),
      amount: 4900,
      feedback: 'too_expensive',
    },
    {
      email: `rival.${size}@example.com`,
      startedAt: at(30),
      canceledAt: at(300),
      amount: 4900,
      feedback: 'switched_service',
    },
    {
      email: `yen.${size}@example.com`,
      startedAt: at(40),
      canceledAt: at(350),
      amount: 1500,
      currency: 'jpy',
      feedback: 'missing_features',
    },
    { email: `quiet.${size}@example.com`, startedAt: at(50), canceledAt: at(390), amount: 9900 },
  ]
}

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct({ seed: false, stripeBehindSeconds: BEHIND })
  useDevOutbox(product)
  // Each size's merchant has a Stripe account with a year of history; then the fake's clock is now.
  const start = product.stripe.clock.now() + 60
  const accounts = Object.keys(VIEWPORTS).map((size) => ({
    size,
    keys: product.stripe.createAccount({ businessName: `Past ${size}` }),
  }))
  await seedCancellationHistories(
    product.stripe,
    accounts.map(({ size, keys }) => ({ secretKey: keys.secretKey, entries: past(size, start) })),
  )
  for (const { size, keys } of accounts)
    keysBySize.set(size, { secret: keys.secretKey, publishable: keys.publishableKey })
  product.stripe.clock.advanceTo(Math.floor(Date.now() / 1000))
  browser = await launchChromium()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

describe.each(Object.entries(VIEWPORTS))('past cancellations at %s size', (size, viewport) => {
  it('are imported when Stripe is connected with keys, and shown apart on the dashboard', async () => {
    const context = await browser.newContext({ viewport })
    const page = await signUpInConsole(product, context, `past.${size}@example.com`)
    const accountId = new URL(page.url()).searchParams.get('account_id') ?? ''
    const keys = keysBySize.get(size) ?? { secret: '', publishable: '' }

    await page.goto(`${product.url}/settings/?tab=stripe&account_id=${accountId}`)
    await page.getByLabel(/Secret or restricted key/).fill(keys.secret)
    await page.getByLabel(/Publishable key/).fill(keys.publishable)
    await page.getByRole('button', { name: 'Save keys' }).click()
    await page.getByRole('button', { name: 'Disconnect' }).waitFor()

    await page.goto(`${product.url}/dashboard/?account_id=${accountId}`)
    const card = page.getByRole('region', { name: 'Before Retainkit: 5 cancellations in the last 12 months' })
    await card.waitFor({ timeout: 20_000 })
    const reasons = card.getByRole('table', { name: 'By Stripe reason' })
    const rows = await reasons
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.getAttribute('data-feedback'), tr.querySelector('td')?.textContent]),
      )
    expect(rows).toEqual([
      ['too_expensive', '2'],
      ['missing_features', '1'],
      ['switched_service', '1'],
      ['none', '1'],
    ])
    await card.getByText('¥1,500 · $226.00').waitFor()
    const latest = card.getByRole('table', { name: 'Latest cancellations' })
    await latest.getByRole('rowheader', { name: `quiet.${size}@example.com` }).waitFor()
    await latest.getByRole('rowheader', { name: `Pat Price (price.${size}@example.com)` }).waitFor()
    expect(await latest.getByText(`old.${size}@example.com`).count()).toBe(0)
    // The flow's own figures are untouched: still the one empty state of a period without sessions.
    await page.getByTestId('dashboard-empty').waitFor()

    await card.scrollIntoViewIfNeeded()
    await page.screenshot({
      path: `${ARTIFACTS}dashboard-${size}.png`,
      fullPage: true,
      animations: 'disabled',
    })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    )
    expect(await overlappingText(page)).toEqual([])
    expect(await axeProblems(page)).toEqual([])
    await context.close()
  })
})
