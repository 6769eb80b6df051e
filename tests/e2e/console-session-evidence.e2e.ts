import { mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createStripeClient, seedMerchant } from '@retainkit/fakes/stripe'
import { createSubscriberToken } from '@retainkit/node'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import {
  accessTokenOf,
  consoleApi,
  ensureConsoleBuilt,
  setTier,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'
import { overlappingText } from '../support/text-overlap'

/**
 * Issue 34: a session's page in the console shows its evidence ledger — the jurisdiction rule and why,
 * the screens as worded, each click, time and clicks to cancel, the receipt — in Chromium against the
 * real server, for a real widget session of a Californian subscriber; the customer's export downloads
 * and the chain verifies. At a laptop's and a phone's width, axe-clean, no overlap, no sideways scroll.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/session-evidence/', import.meta.url))
const VIEWPORTS = { laptop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const

let product: Product
let browser: Browser
let storage: Awaited<ReturnType<BrowserContext['storageState']>>
let accountId: string
let sessionId: string

async function widget(token: string, path: string, body: unknown) {
  const response = await fetch(`${product.url}/api/widget${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`widget ${path}: HTTP ${response.status} ${await response.text()}`)
  return response.status === 204 ? null : ((await response.json()) as Record<string, unknown>)
}

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct({ seed: false })
  useDevOutbox(product)
  browser = await launchChromium()
  const context = await browser.newContext({ viewport: VIEWPORTS.laptop })
  const page = await signUpInConsole(product, context, 'evidence-owner@example.com')
  accountId = new URL(page.url()).searchParams.get('account_id') ?? ''
  await setTier(product, accountId, 'pro')
  const token = await accessTokenOf(page)
  const merchant = await seedMerchant(product.stripe)
  const connected = await consoleApi(
    product,
    token,
    `/api/account?accountId=${accountId}&action=credentials`,
    {
      body: { gateway: 'stripe', api_key: merchant.keys.secret, access_token: merchant.keys.publishable },
    },
  )
  expect(connected.status).toBe(200)
  const created = await consoleApi(
    product,
    token,
    `/api/account?accountId=${accountId}&action=widget-secret`,
    {
      method: 'POST',
    },
  )
  const secret = ((await created.json()) as { data: { secret: string } }).data.secret
  // A Californian subscriber cancels through the flow, declining the discount on the way.
  const stripe = createStripeClient(product.stripe, merchant.keys.secret)
  const customer = await stripe.customers.create({ email: 'cal.sub@example.com', name: 'Cal Sub' })
  await stripe.subscriptions.create({ customer: customer.id, items: [{ price: merchant.prices.proMonthly }] })
  const subscriber = createSubscriberToken({
    accountId,
    customerId: customer.id,
    secret,
    country: 'US',
    state: 'CA',
  })
  const started = await widget(subscriber, '/sessions', {})
  sessionId = started?.sessionId as string
  await widget(subscriber, `/sessions/${sessionId}/events`, {
    events: [
      { step: 'reason_selected', reasonKey: 'too_expensive' },
      { step: 'offer_shown', reasonKey: 'too_expensive', offer: 'discount' },
      { step: 'offer_declined', reasonKey: 'too_expensive', offer: 'discount' },
    ],
  })
  await widget(subscriber, `/sessions/${sessionId}/cancel`, { reasonKey: 'too_expensive' })
  storage = await context.storageState()
  await context.close()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

async function layoutIsClean(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  expect(await overlappingText(page)).toEqual([])
  expect(await axeProblems(page, { all: true })).toEqual([])
}

describe.each(Object.entries(VIEWPORTS))("a session's evidence ledger at %s size", (size, viewport) => {
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    context = await browser.newContext({ viewport, storageState: storage, acceptDownloads: true })
    page = await context.newPage()
  })
  afterAll(() => context?.close())

  it('shows the rule and why, the screens, each click, the receipt; exports and verifies', async () => {
    await page.goto(`${product.url}/sessions/${sessionId}?account_id=${accountId}#evidence`)
    const ledger = page.getByRole('region', { name: 'Evidence ledger' })
    await ledger.getByText(/^Why: Mode standard: US-CA/).waitFor()
    await ledger.getByText(/AB 2863/).waitFor()
    await ledger.getByText('Reason screen').waitFor()
    await ledger.getByText('Offer: Discount').first().waitFor()
    await ledger.getByText('Declined the offer').waitFor()
    await ledger.getByText('Cancelled', { exact: true }).first().waitFor()
    await ledger
      .getByText(/to cal\.sub@example\.com/)
      .first()
      .waitFor()
    expect(await ledger.getByText('matches its hash').count()).toBeGreaterThanOrEqual(3)
    expect(await ledger.getByText('changed since it was written').count()).toBe(0)

    const download = page.waitForEvent('download')
    await ledger.getByRole('button', { name: 'CSV (evidence export)' }).click()
    const csv = readFileSync(await (await download).path(), 'utf8')
    expect(csv.split('\r\n')[0]).toBe(
      'seq,recorded_at,session_id,customer_id,mode,kind,body_json,prev_hash,hash',
    )
    expect(csv).toContain(sessionId)

    await ledger.getByRole('button', { name: 'Verify the account’s evidence chain' }).click()
    await ledger.getByText(/^The chain is intact: \d+ rows checked/).waitFor()
    await page.screenshot({
      path: `${ARTIFACTS}session-evidence-${size}.png`,
      fullPage: true,
      animations: 'disabled',
    })
    await layoutIsClean(page, viewport.width)
  })
})
