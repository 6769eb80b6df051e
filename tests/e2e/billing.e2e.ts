import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createStripeClient } from '@retainkit/fakes/stripe'
import { queueTrialNotices } from '@retainkit/server/testing'
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
import { overlappingText } from '../support/text-overlap'

/**
 * Plans and billing in Chromium against the Stripe fake: the real server in process with platform
 * billing configured, Stripe's hosted Checkout and Billing Portal pages served by the fake, and its
 * signed webhooks delivered over HTTP to `/api/billing/webhook` when the test says (so it can show the
 * console catching up by polling, without a reload). The fake's clock moves renewals and period ends.
 *
 * First, the trial's ending never surprises (issue 33 #2), at a phone's and a laptop's width: in its
 * last week a notice above every page says when it ends and what stops on Starter, the owners get the
 * same by mail (dev outbox), the plan page says subscribing keeps the days left and when the first
 * charge is, and Checkout does exactly that (the subscription trials until the trial's end). The
 * trial's end is moved nearer in the database, as the passing days would. These run before the tests
 * that move the fake's clock a month and more ahead of the server's, which a kept trial cannot follow.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/billing/', import.meta.url))
const DAY = 86_400
const HOUR_MS = 3_600_000
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const

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

interface OutboxMail {
  to: string
  subject: string
  text: string
}

/** What the dev outbox sent to `email` (the same list a developer reads). */
async function mailsTo(email: string): Promise<OutboxMail[]> {
  const response = await fetch(`${product.url}/auth/v1/dev/outbox?to=${encodeURIComponent(email)}`)
  const body = (await response.json()) as OutboxMail[] | { data?: OutboxMail[]; mail?: OutboxMail[] }
  return Array.isArray(body) ? body : (body.data ?? body.mail ?? [])
}

async function checkLayout(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  expect(await overlappingText(page)).toEqual([])
  expect(await axeProblems(page)).toEqual([])
}

describe.each(Object.entries(VIEWPORTS))('the trial’s last days at %s size', (name, viewport) => {
  it('warns above every page and by mail, then Checkout keeps the days left and says when it charges', async () => {
    const context = await browser.newContext({ viewport })
    const email = `trial-${name}@example.com`
    const page = await signUpInConsole(product, context, email)
    const accountId = new URL(page.url()).searchParams.get('account_id') ?? ''
    expect(await page.getByTestId('trial-notice').count()).toBe(0)

    // Three days left (2 days 23 hours).
    const endsAt = new Date(product.deps.clock.now().getTime() + 71 * HOUR_MS)
    await product.deps.db
      .updateTable('accounts')
      .set({ trial_ends_at: endsAt })
      .where('id', '=', accountId)
      .execute()
    await page.reload()
    const notice = page.getByTestId('trial-notice')
    await expect
      .poll(() => notice.textContent(), { timeout: 10_000 })
      .toMatch(
        /^Your Pro trial ends in 3 days, on .+\. Then this account moves to Starter: 50 cancel sessions a month, the default flow, no save offers and no reactivation banner; your subscribers stop seeing offers and banners\. Subscribe to Pro to keep them\.Choose your plan$/,
      )
    await page.screenshot({ path: `${ARTIFACTS}trial-notice-${name}.png` })
    await checkLayout(page, viewport.width)

    // The owners' mail, once: the pass may run again.
    expect(await queueTrialNotices(product.deps)).toBe(1)
    expect(await queueTrialNotices(product.deps)).toBe(0)
    await expect
      .poll(async () => (await mailsTo(email)).filter((mail) => mail.subject.includes('trial')).length, {
        timeout: 10_000,
      })
      .toBe(1)
    const [mail] = (await mailsTo(email)).filter((m) => m.subject.includes('trial'))
    expect(mail?.subject).toBe('Retainkit: your Pro trial ends in 3 days')
    expect(mail?.text).toContain('Then the account moves to Starter: 50 cancel sessions a month')
    expect(mail?.text).toContain('you keep every day left of the trial: the first charge, $100, is on')

    await notice.getByRole('link', { name: 'Choose your plan' }).click()
    const firstCharge = page.getByTestId('first-charge')
    await expect
      .poll(() => firstCharge.textContent())
      .toMatch(
        /^Subscribing keeps your trial's 3 days left: nothing is charged today; the first charge is on .+\.$/,
      )
    await checkLayout(page, viewport.width)

    await page.getByRole('button', { name: 'Subscribe monthly — $100/month' }).click()
    await page.waitForURL(`${product.stripeServer.url}/**`)
    await page.getByLabel(/4242/).check()
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await page.waitForURL(`${product.url}/settings/?tab=billing&checkout=success`)
    await deliverWebhooks()
    await expect
      .poll(() => page.getByTestId('subscription-statement').textContent(), { timeout: 10_000 })
      .toMatch(/^Pro, billed monthly; your trial's days were kept: the first charge is on .+\.$/)
    expect(await notice.count()).toBe(0)

    expect(await subscriptionOf(accountId)).toMatchObject({
      status: 'trialing',
      trial_end: Math.floor(endsAt.getTime() / 1000),
      latest_invoice: null,
    })
    await page.screenshot({ path: `${ARTIFACTS}trial-kept-${name}.png` })
    await checkLayout(page, viewport.width)
    await context.close()
  })
})

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
