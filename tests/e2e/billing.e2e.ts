import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createStripeClient } from '@retainkit/fakes/stripe'
import type { Browser, Page } from 'playwright-core'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import {
  accessTokenOf,
  consoleApi,
  ensureConsoleBuilt,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * Plans and billing in Chromium against the Stripe fake: the real server in process with platform
 * billing configured, Stripe's hosted Checkout and Billing Portal pages served by the fake, and its
 * signed webhooks delivered over HTTP to `/api/billing/webhook` when the test says (so it can show the
 * console catching up by polling, without a reload). The fake's clock moves renewals and period ends.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/billing/', import.meta.url))
const DAY = 86_400

let product: Product
let browser: Browser
let platform: Stripe

beforeAll(async () => {
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct({ seed: false, billing: { autoDeliver: false } })
  useDevOutbox(product)
  if (!product.billing) throw new Error('no platform billing')
  platform = createStripeClient(product.stripe, product.billing.secretKey)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

const badge = (page: Page) => page.getByTestId('plan-badge')

/** Every queued webhook, delivered over HTTP to the server; each must be accepted. */
async function deliverWebhooks(): Promise<void> {
  for (const delivery of await product.stripe.deliverWebhooks()) {
    expect(delivery, `${delivery.type} → ${delivery.url}`).toMatchObject({ ok: true, status: 200 })
  }
}

/** Marks the document, so a later check can tell that no page load happened in between. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }))
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)

async function openAccountMenuItem(page: Page, item: 'Plan' | 'Billing'): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

async function subscriptionOf(accountId: string): Promise<Stripe.Subscription> {
  const row = await product.deps.db
    .selectFrom('platform_subscriptions')
    .select('subscription_id')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow()
  return platform.subscriptions.retrieve(row.subscription_id ?? '')
}

const secondsUntil = (unixSeconds: number) => unixSeconds - Math.floor(product.stripe.clock.now())

/** Checkout from the plan page, paid with `card` on the fake's hosted page; back on the plan page. */
async function subscribeInBrowser(page: Page, cardLabel: RegExp): Promise<void> {
  await openAccountMenuItem(page, 'Plan')
  await page.getByRole('button', { name: 'Subscribe monthly — $100/month' }).click()
  await page.waitForURL(`${product.stripeServer.url}/**`)
  await page.getByRole('heading', { name: 'Subscribe to Retainkit' }).waitFor()
  await page.getByLabel(cardLabel).check()
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await page.waitForURL(`${product.url}/settings/?tab=billing&checkout=success`)
}

describe('plans and billing in Chromium', () => {
  it('sign-up starts a 30-day trial; Checkout makes it Pro by webhook; canceled in the portal, Starter at the period end', async () => {
    const context = await browser.newContext()
    const page = await signUpInConsole(product, context, 'billing-owner@example.com')
    const accountId = new URL(page.url()).searchParams.get('account_id') ?? ''

    await expect.poll(() => badge(page).textContent()).toBe('Pro trial · 30 days left')
    await openAccountMenuItem(page, 'Plan')
    await expect
      .poll(() => page.getByTestId('trial-statement').textContent())
      .toMatch(
        /^Your Pro trial ends on .+ \(30 days left\)\. Then your account moves to Starter: 50 cancel sessions a month/,
      )
    await page.screenshot({ path: `${ARTIFACTS}trial.png` })
    expect(await axeProblems(page)).toEqual([])

    await subscribeInBrowser(page, /4242/)
    // Paid, but Stripe's webhook has not arrived yet: the page says so and keeps polling.
    await page.getByText('Payment received — waiting for Stripe to confirm your subscription.').waitFor()
    expect(await badge(page).textContent()).toBe('Pro trial · 30 days left')
    await markDocument(page)
    await deliverWebhooks()
    await expect.poll(() => badge(page).textContent(), { timeout: 6_000 }).toBe('Pro')
    expect(await sameDocument(page)).toBe(true)
    await page.getByText('You are on Pro. Thank you!').waitFor()
    // Subscribed during the trial: its days are kept, the first charge is at its end.
    expect(await page.getByTestId('subscription-statement').textContent()).toMatch(
      /^Pro, billed monthly; your trial's days were kept: the first charge is on .+\.$/,
    )
    await page.screenshot({ path: `${ARTIFACTS}subscribed.png` })

    // Cancel in Stripe's Billing Portal (the account menu's Billing), then back to the console.
    await openAccountMenuItem(page, 'Billing')
    await page.waitForURL(`${product.stripeServer.url}/**`)
    await page.getByRole('button', { name: 'Cancel plan' }).click()
    await page.getByRole('status').filter({ hasText: 'canceled' }).waitFor()
    await deliverWebhooks()
    await page.getByRole('link', { name: /Return to Retainkit/ }).click()
    await page.waitForURL(`${product.url}/settings/?tab=billing`)
    await expect
      .poll(() => page.getByTestId('subscription-statement').textContent())
      .toMatch(/^Your Pro subscription is canceled: Pro until .+, then Starter\.$/)
    expect(await badge(page).textContent()).toBe('Pro')

    // The fake's clock reaches the period's end: Stripe deletes the subscription and says so.
    const sub = await subscriptionOf(accountId)
    product.stripe.clock.advance(secondsUntil(sub.items.data[0]?.current_period_end ?? 0) + 60)
    await markDocument(page)
    await deliverWebhooks()
    await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toBe('Starter')
    expect(await sameDocument(page)).toBe(true)
    expect(await page.getByTestId('current-plan').textContent()).toBe('Current plan: Starter')
    await context.close()
  })

  it('a failed renewal: a grace notice while Stripe retries, then Starter', async () => {
    const context = await browser.newContext()
    const page = await signUpInConsole(product, context, 'billing-failing@example.com')
    const accountId = new URL(page.url()).searchParams.get('account_id') ?? ''
    // A merchant whose trial is over subscribes: charged at once, so the next charge is a renewal. (The
    // fake's clock is also a month ahead of the server's after the test above, too far to keep a trial.)
    await product.deps.db
      .updateTable('accounts')
      .set({ trial_ends_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', accountId)
      .execute()
    await subscribeInBrowser(page, /4242/)
    await deliverWebhooks()
    await expect.poll(() => badge(page).textContent(), { timeout: 6_000 }).toBe('Pro')

    // A card whose later charges fail, put in through the portal.
    const portal = await consoleApi(product, await accessTokenOf(page), `/api/billing/portal/${accountId}`, {
      method: 'POST',
    })
    expect(portal.status).toBe(201)
    await page.goto(((await portal.json()) as { data: { url: string } }).data.url)
    await page.getByLabel(/0341/).check()
    await page.getByRole('button', { name: 'Update payment method' }).click()
    await page.getByText('Visa •••• 0341', { exact: true }).waitFor()
    await deliverWebhooks()

    const sub = await subscriptionOf(accountId)
    product.stripe.clock.advance(secondsUntil(sub.items.data[0]?.current_period_end ?? 0) + 60)
    await deliverWebhooks()
    await page.goto(`${product.url}/dashboard/?account_id=${accountId}`)
    const grace = page.getByTestId('grace-notice')
    await expect
      .poll(() => grace.textContent())
      .toMatch(/^Your last payment failed\. Pro continues until .+ while Stripe retries your card/)
    expect(await badge(page).textContent()).toBe('Pro · payment failed')
    await page.screenshot({ path: `${ARTIFACTS}grace.png` })
    expect(await axeProblems(page)).toEqual([])

    // Stripe's retries fail too; it cancels the subscription and the account is on Starter.
    await markDocument(page)
    product.stripe.clock.advance(8 * DAY)
    await deliverWebhooks()
    await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toBe('Starter')
    expect(await sameDocument(page)).toBe(true)
    expect(await grace.count()).toBe(0)
    await context.close()
  })
})
