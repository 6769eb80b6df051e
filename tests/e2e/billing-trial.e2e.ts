import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createStripeClient } from '@retainkit/fakes/stripe'
import { queueTrialNotices } from '@retainkit/server/testing'
import type { Browser, Page } from 'playwright-core'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import { ensureConsoleBuilt, signUpInConsole, useDevOutbox } from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'
import { overlappingText } from '../support/text-overlap'

/**
 * The trial's ending never surprises (issue 33 #2), in Chromium at a phone's and a laptop's width: in
 * its last week a notice above every page says when it ends and what stops on Starter, the owners get
 * the same by mail (dev outbox), the plan page says subscribing keeps the days left and when the first
 * charge is, and Checkout does exactly that (the subscription trials until the trial's end). The
 * trial's end is moved nearer in the database, as the passing days would.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/billing/', import.meta.url))
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const
const HOUR_MS = 3_600_000

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

async function deliverWebhooks(): Promise<void> {
  for (const delivery of await product.stripe.deliverWebhooks()) {
    expect(delivery, `${delivery.type} → ${delivery.url}`).toMatchObject({ ok: true, status: 200 })
  }
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

    const row = await product.deps.db
      .selectFrom('platform_subscriptions')
      .select('subscription_id')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow()
    const subscription = await platform.subscriptions.retrieve(row.subscription_id ?? '')
    expect(subscription).toMatchObject({
      status: 'trialing',
      trial_end: Math.floor(endsAt.getTime() / 1000),
      latest_invoice: null,
    })
    await page.screenshot({ path: `${ARTIFACTS}trial-kept-${name}.png` })
    await checkLayout(page, viewport.width)
    await context.close()
  })
})
