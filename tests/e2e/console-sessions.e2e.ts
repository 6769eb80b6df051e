import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import { createSubscriberToken } from '@retainkit/node'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import { expectCleanLayout } from '../support/clean-layout'
import { widgetCall } from '../support/console-helpers'
import { type ConsoleOwner, type StorageState, startConsoleOwner } from '../support/console-owner'
import type { Product } from '../support/product'

/**
 * The Sessions page (issue 33 #1) in Chromium against the real server, the Stripe fake and real widget
 * sessions, at a phone's and a laptop's width: every session with its customer (Stripe's name and
 * e-mail), plan and MRR, reason, offer and outcome; search by e-mail; a filter; the CSV of the filtered
 * view; a session's own page with its steps, feedback and the customer in Stripe; and a dashboard
 * card's sessions drawer. Axe-clean, no overlapping text, no sideways scroll.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/sessions/', import.meta.url))
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const

let owner: ConsoleOwner
let product: Product
let browser: Browser
let storage: StorageState
let accountId: string
let merchant: SeededMerchant
let secret: string

/** A Stripe customer with a Pro subscription, and a live cancel session run as the widget runs it. */
async function session(
  email: string,
  name: string,
  run: { reason: string; feedback?: string; end: 'accept' | 'cancel' },
) {
  const stripe = createStripeClient(product.stripe, merchant.keys.secret)
  const customer = await stripe.customers.create({ email, name })
  await stripe.subscriptions.create({ customer: customer.id, items: [{ price: merchant.prices.proMonthly }] })
  const token = createSubscriberToken({ accountId, customerId: customer.id, secret })
  const widget = (path: string, body: unknown) => widgetCall(product, token, path, body)
  const started = await widget('/sessions', {})
  const id = started?.sessionId as string
  const events: Record<string, string>[] = [{ step: 'reason_selected', reasonKey: run.reason }]
  if (run.feedback) events.push({ step: 'feedback_submitted', text: run.feedback })
  events.push({ step: 'offer_shown', offer: 'discount' })
  await widget(`/sessions/${id}/events`, { events })
  if (run.end === 'accept') await widget(`/sessions/${id}/accept`, { offer: 'discount' })
  else await widget(`/sessions/${id}/cancel`, { reasonKey: run.reason })
  return { id, customerId: customer.id }
}

const stories: Record<string, { id: string; customerId: string }> = {}

beforeAll(async () => {
  owner = await startConsoleOwner('sessions-owner@example.com', { artifacts: ARTIFACTS })
  ;({ product, browser, storage, accountId } = owner)
  merchant = await owner.connectStripe()
  secret = await owner.createWidgetSecret()
  stories.jane = await session('jane.doe@example.com', 'Jane Doe', {
    reason: 'too_expensive',
    feedback: 'The price went up again this spring',
    end: 'accept',
  })
  stories.omar = await session('omar@shop.example', 'Omar Khan', {
    reason: 'missing_features',
    end: 'cancel',
  })
  stories.lea = await session('lea.martin@shop.example', 'Léa Martin', {
    reason: 'too_expensive',
    end: 'cancel',
  })
})

afterAll(() => owner?.stop())

describe.each(Object.entries(VIEWPORTS))('the Sessions page at %s size', (size, viewport) => {
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    context = await browser.newContext({ viewport, storageState: storage, acceptDownloads: true })
    page = await context.newPage()
  })
  afterAll(() => context?.close())

  it('lists every session with its customer, plan and MRR, reason, offer and outcome; searches and filters', async () => {
    await page.goto(`${product.url}/sessions/?account_id=${accountId}`)
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor()
    const table = page.getByRole('table', { name: 'Sessions, newest first' })
    await table.waitFor()
    const rows = table.locator('tbody tr')
    expect(await rows.count()).toBe(3)
    const jane = rows.filter({ hasText: 'jane.doe@example.com' })
    await jane.getByText('Jane Doe · jane.doe@example.com').waitFor()
    await jane.getByText('Pro · $29.00/month').waitFor()
    await jane.getByText('Saved').waitFor()
    await rows.filter({ hasText: 'Omar Khan' }).getByText('Cancelled').waitFor()
    expect(await page.title()).toBe('Sessions · Retainkit')
    await page.screenshot({
      path: `${ARTIFACTS}sessions-${size}.png`,
      fullPage: true,
      animations: 'disabled',
    })
    await expectCleanLayout(page, viewport.width, { axe: 'all' })

    // Search by the start of an e-mail address.
    await page.getByLabel('E-mail or customer id').fill('lea.martin@')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL(/q=lea\.martin%40/)
    await expect.poll(() => rows.count()).toBe(1)
    await rows.first().getByText('Léa Martin · lea.martin@shop.example').waitFor()
    await page.getByLabel('E-mail or customer id').fill('')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => rows.count()).toBe(3)

    // A filter, then the CSV of what is shown.
    await page.getByLabel('Outcome').selectOption('canceled')
    await page.waitForURL(/outcome=canceled/)
    await expect.poll(() => rows.count()).toBe(2)
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: /^Export CSV/ }).click()
    const file = await download
    const csv = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.trim().split('\r\n')
    expect(lines).toHaveLength(3)
    expect(lines.slice(1).every((line) => line.includes(',canceled,'))).toBe(true)
    expect(csv).toContain('omar@shop.example')
    expect(csv).not.toContain('jane.doe@example.com')
  })

  it("opens a session's own page: every step with its time, the feedback, the offer and save, the customer in Stripe", async () => {
    await page.goto(`${product.url}/sessions/?account_id=${accountId}&q=jane.doe%40example.com`)
    await page.getByRole('table', { name: 'Sessions, newest first' }).getByRole('link').first().click()
    await page.waitForURL(new RegExp(`/sessions/${stories.jane?.id}`))
    await page
      .getByRole('heading', { name: 'Session of Jane Doe · jane.doe@example.com', level: 1 })
      .waitFor()
    const steps = page.getByRole('region', { name: 'Every step' })
    await steps.getByText('Chose a reason').waitFor()
    await steps.getByText('The price went up again this spring').waitFor()
    await steps.getByText('Accepted the offer').waitFor()
    expect(await steps.locator('time').count()).toBeGreaterThanOrEqual(5)
    const stripe = page.getByRole('link', { name: 'Open the customer in Stripe' })
    expect(await stripe.getAttribute('href')).toBe(
      `https://dashboard.stripe.com/test/customers/${stories.jane?.customerId}`,
    )
    await page.getByRole('region', { name: 'Offer and save' }).getByText('$29.00 → $23.20').waitFor()
    await page.getByRole('region', { name: 'What happened since' }).waitFor()
    expect(await page.title()).toBe('Sessions · Retainkit')
    await page.screenshot({ path: `${ARTIFACTS}session-${size}.png`, fullPage: true, animations: 'disabled' })
    await expectCleanLayout(page, viewport.width, { axe: 'all' })
  })

  it("shows a dashboard card's sessions in a drawer that keyboard users can leave with Escape", async () => {
    await page.goto(`${product.url}/dashboard/?account_id=${accountId}`)
    await page.getByTestId('headline-figures').waitFor()
    await page.screenshot({
      path: `${ARTIFACTS}dashboard-${size}.png`,
      fullPage: true,
      animations: 'disabled',
    })
    const card = page.getByRole('region', { name: 'Cancellation reasons' })
    await card.getByRole('button', { name: /^Sessions\s?: Cancellation reasons$/ }).click()
    const drawer = page.getByRole('dialog', { name: 'Sessions behind “Cancellation reasons”' })
    await drawer.waitFor()
    await expect.poll(() => drawer.locator('tbody tr').count()).toBe(3)
    await page.screenshot({ path: `${ARTIFACTS}drawer-${size}.png`, animations: 'disabled' })
    expect(await axeProblems(page, { all: true })).toEqual([])
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
  })
})
