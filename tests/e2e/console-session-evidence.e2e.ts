import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createStripeClient } from '@retainkit/fakes/stripe'
import { createSubscriberToken } from '@retainkit/node'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectCleanLayout } from '../support/clean-layout'
import { accessTokenOf, addMember, consoleApi, signUpInConsole, widgetCall } from '../support/console-helpers'
import { type ConsoleOwner, type StorageState, startConsoleOwner } from '../support/console-owner'
import type { Product } from '../support/product'

/**
 * Issue 34: a session's page in the console shows its evidence ledger — the jurisdiction rule and why,
 * the screens as worded, each click, time and clicks to cancel, the receipt — in Chromium against the
 * real server, for a real widget session of a Californian subscriber; the customer's export downloads
 * and the chain verifies. At a laptop's and a phone's width, axe-clean, no overlap, no sideways scroll.
 * A viewer reads the same ledger with the address masked, is offered no export (and told who can),
 * and the server refuses them the export if they ask anyway.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/session-evidence/', import.meta.url))
const VIEWPORTS = { laptop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const

let owner: ConsoleOwner
let product: Product
let browser: Browser
let storage: StorageState
let accountId: string
let sessionId: string
let customerId: string

beforeAll(async () => {
  owner = await startConsoleOwner('evidence-owner@example.com', { artifacts: ARTIFACTS })
  ;({ product, browser, storage, accountId } = owner)
  const merchant = await owner.connectStripe()
  const secret = await owner.createWidgetSecret()
  // A Californian subscriber cancels through the flow, declining the discount on the way.
  const stripe = createStripeClient(product.stripe, merchant.keys.secret)
  const customer = await stripe.customers.create({ email: 'cal.sub@example.com', name: 'Cal Sub' })
  await stripe.subscriptions.create({ customer: customer.id, items: [{ price: merchant.prices.proMonthly }] })
  customerId = customer.id
  const subscriber = createSubscriberToken({
    accountId,
    customerId: customer.id,
    secret,
    country: 'US',
    state: 'CA',
  })
  const widget = (path: string, body: unknown) => widgetCall(product, subscriber, path, body)
  const started = await widget('/sessions', {})
  sessionId = started?.sessionId as string
  await widget(`/sessions/${sessionId}/events`, {
    events: [
      { step: 'reason_selected', reasonKey: 'too_expensive' },
      { step: 'offer_shown', reasonKey: 'too_expensive', offer: 'discount' },
      { step: 'offer_declined', reasonKey: 'too_expensive', offer: 'discount' },
    ],
  })
  await widget(`/sessions/${sessionId}/cancel`, { reasonKey: 'too_expensive' })
})

afterAll(() => owner?.stop())

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
    await expectCleanLayout(page, viewport.width, { axe: 'all' })
  })
})

describe("a viewer on the session's evidence ledger", () => {
  it('reads it masked, is offered no export and told who can; the server refuses the export', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.laptop, acceptDownloads: true })
    const page = await signUpInConsole(product, context, 'evidence-viewer@example.com')
    const token = await accessTokenOf(page)
    const user = await fetch(`${product.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${token}`, apikey: product.deps.anonKey },
    })
    await addMember(product, accountId, ((await user.json()) as { id: string }).id, 'viewer')
    // The owner's account becomes the viewer's active one, as the account menu's switch makes it.
    const switched = await consoleApi(product, token, '/api/session?action=active-account', {
      body: { account_id: accountId },
    })
    expect(switched.status).toBe(200)
    await page.goto(`${product.url}/sessions/${sessionId}?account_id=${accountId}#evidence`)
    const ledger = page.getByRole('region', { name: 'Evidence ledger' })
    await ledger.getByText(/^Why: Mode standard: US-CA/).waitFor()
    await ledger.getByText('Declined the offer').waitFor()
    expect(await page.getByText('cal.sub@example.com').count()).toBe(0)
    // No export to press: the reason and who can export instead.
    await ledger
      .getByText(/holds subscribers’ e-mail addresses and names in full.*owner, admin or editor/)
      .waitFor()
    expect(await ledger.getByRole('group', { name: 'This customer’s evidence export' }).count()).toBe(0)
    expect(await ledger.getByRole('button', { name: /evidence export/ }).count()).toBe(0)
    // Asked anyway, with the viewer's own session, the server refuses and sends nothing of the export.
    for (const format of ['json', 'csv', 'html']) {
      const refused = await consoleApi(
        product,
        await accessTokenOf(page),
        `/api/evidence?account_id=${accountId}&customer_id=${customerId}&format=${format}`,
      )
      expect(refused.status, format).toBe(403)
      const text = await refused.text()
      expect(JSON.parse(text).error.code, format).toBe('INSUFFICIENT_PERMISSIONS')
      expect(text).not.toContain('cal.sub@example.com')
    }
    // The chain's verification holds no personal data: the viewer may run it.
    await ledger.getByRole('button', { name: 'Verify the account’s evidence chain' }).click()
    await ledger.getByText(/^The chain is intact: \d+ rows checked/).waitFor()
    await expectCleanLayout(page, VIEWPORTS.laptop.width, { axe: 'all' })
    await page.setViewportSize(VIEWPORTS.phone)
    await expectCleanLayout(page, VIEWPORTS.phone.width, { axe: 'all' })
    await page.screenshot({ path: `${ARTIFACTS}session-evidence-viewer-phone.png`, fullPage: true })
    await context.close()
  })
})
