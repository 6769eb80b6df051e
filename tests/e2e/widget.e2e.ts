import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantPages } from '../support/merchant-pages'
import {
  launchChromium,
  type MerchantAccount,
  type MerchantSite,
  type Product,
  type Subscriber,
  startMerchantSite,
} from '../support/product'
import { callbacks, dialogVisible, openAccountPage, startWidgetProduct } from '../support/widget-scenario'

/**
 * The widget end to end: the real server (in process, Stripe fake over loopback), a merchant's page on
 * another origin with the snippet from snippetFor, and Chromium.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/widget/', import.meta.url))

let product: Product
let account: MerchantAccount
let site: MerchantSite
let browser: Browser

beforeAll(async () => {
  ensureWidgetBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  console.log(`[e2e] screenshots in ${ARTIFACTS}`)
  product = await startWidgetProduct()
  account = product.account
  site = await startMerchantSite({ pages: merchantPages(product.url, account) })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await product?.stop()
})

const accountPage = (subscriber: Subscriber) => openAccountPage(browser, site, subscriber)

const subscription = (id: string) =>
  product.stripe
    .state(product.merchant.account)
    .subscriptions.find((s) => s.id === id) as unknown as Stripe.Subscription

/** Reason → feedback → the reason's offer. */
async function toOffer(page: Page, reason: string) {
  await page.click('#cancel')
  await dialogVisible(page)
  await page.getByLabel(reason).check()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('textbox').fill('Written in the browser')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
}

describe('on a merchant page on another origin', () => {
  const sessions: { reason: string; offer?: string }[] = []

  it('accepts the discount: the Stripe subscription gets the coupon', async () => {
    const subscriber = await account.addSubscriber()
    const page = await accountPage(subscriber)
    await toOffer(page, "It's too expensive")
    await expect.poll(() => page.getByRole('heading', { name: 'How about 20% off?' }).isVisible()).toBe(true)
    await page.screenshot({ animations: 'disabled', path: join(ARTIFACTS, 'offer-discount.png') })
    await page.getByRole('button', { name: 'Accept 20% off' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Your discount is on' }).isVisible()).toBe(true)
    expect(subscription(subscriber.subscriptionId).discounts).toHaveLength(1)
    await page.getByRole('button', { name: 'Close' }).last().click()
    await expect.poll(() => page.locator('[data-retainkit]').count()).toBe(0)
    const names = (await callbacks(page)).map((c) => c.name)
    expect(names).toContain('save')
    expect(names.at(-1)).toBe('close')
    sessions.push({ reason: 'too_expensive', offer: 'discount' })
    await page.close()
  })

  it('accepts a pause of the chosen length: Stripe pauses collection until then', async () => {
    const subscriber = await account.addSubscriber()
    const page = await accountPage(subscriber)
    await toOffer(page, "I'm not using it enough")
    await page.getByRole('combobox', { name: 'Pause for' }).selectOption({ label: '2 months' })
    await page.getByRole('button', { name: 'Pause my subscription' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your subscription is paused' }).isVisible())
      .toBe(true)
    const resumesAt = subscription(subscriber.subscriptionId).pause_collection?.resumes_at ?? 0
    const days = (resumesAt - Date.now() / 1000) / 86_400
    expect(days).toBeGreaterThan(55)
    expect(days).toBeLessThan(63)
    sessions.push({ reason: 'not_using_enough', offer: 'pause' })
    await page.close()
  })

  it('switches plan to the one picked in the dropdown', async () => {
    const subscriber = await account.addSubscriber()
    const page = await accountPage(subscriber)
    await toOffer(page, 'My plan does not fit')
    await page.getByRole('combobox', { name: 'Choose a plan' }).selectOption({ label: 'Team – $99/month' })
    await page.getByRole('button', { name: 'Switch plan' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your plan has changed' }).isVisible())
      .toBe(true)
    await expect.poll(() => page.getByText("You're now on Team").isVisible()).toBe(true)
    expect(subscription(subscriber.subscriptionId).items.data[0]?.price.id).toBe(
      product.merchant.prices.teamMonthly,
    )
    sessions.push({ reason: 'wrong_plan', offer: 'plan_switch' })
    await page.close()
  })

  it('switches the billing cycle to yearly', async () => {
    const subscriber = await account.addSubscriber()
    const page = await accountPage(subscriber)
    await toOffer(page, 'I want to pay yearly')
    await page.getByRole('button', { name: 'Switch billing' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your billing has changed' }).isVisible())
      .toBe(true)
    expect(subscription(subscriber.subscriptionId).items.data[0]?.price.id).toBe(
      product.merchant.prices.proAnnual,
    )
    sessions.push({ reason: 'pay_yearly', offer: 'billing_cycle_switch' })
    await page.close()
  })

  it('cancels: Stripe cancels at period end and the final screen confirms it in words to keep', async () => {
    const subscriber = await account.addSubscriber()
    const page = await accountPage(subscriber)
    await page.click('#cancel')
    await page.getByLabel('Something else').check()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByRole('textbox').fill('Moving abroad')
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Confirm your cancellation' }).isVisible())
      .toBe(true)
    await page.getByRole('button', { name: 'Confirm cancellation' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your cancellation is confirmed' }).isVisible())
      .toBe(true)
    await page.screenshot({ animations: 'disabled', path: join(ARTIFACTS, 'final-confirmation.png') })
    const sub = subscription(subscriber.subscriptionId)
    expect(sub.cancel_at_period_end).toBe(true)
    expect(sub.cancellation_details?.comment).toBe('Moving abroad')
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Save this confirmation' }).click()
    expect((await download).suggestedFilename()).toBe('cancellation-confirmation.txt')
    // The merchant's own cancel page was never needed.
    expect(page.url()).toContain('/account')
    sessions.push({ reason: 'other' })
    await page.close()
  })

  it('analytics count exactly those five sessions (as test-mode data, apart from live data)', async () => {
    const rows = await product.deps.db
      .selectFrom('cancel_sessions')
      .select(['status', 'reason_key'])
      .where('account_id', '=', account.accountId)
      .execute()
    expect(rows.map((r) => r.status).sort()).toEqual(['canceled', 'saved', 'saved', 'saved', 'saved'])

    const mechanisms = (await account.analytics('save-mechanism-performance')) as {
      mechanism: string
      completed: number
      skipped: number
    }[]
    expect(mechanisms).toEqual(
      expect.arrayContaining([
        { mechanism: 'discount', completed: 1, skipped: 0 },
        { mechanism: 'pause', completed: 1, skipped: 0 },
        { mechanism: 'plan_switch', completed: 1, skipped: 0 },
        { mechanism: 'billing_cycle', completed: 1, skipped: 0 },
      ]),
    )
    const reasonCounts = (await account.analytics('cancellation-reasons')) as {
      reason_key: string
      count: number
    }[]
    expect(Object.fromEntries(reasonCounts.map((r) => [r.reason_key, r.count]))).toEqual(
      Object.fromEntries(sessions.map((s) => [s.reason, 1])),
    )
    const rate = (await account.analytics('save-rate-over-time')) as {
      cancellations: number
      continues: number
    }[]
    expect(rate.reduce((sum, month) => sum + month.cancellations, 0)).toBe(1)
    // The four who accepted an offer stayed: 4 continues, a save rate of 80 %.
    expect(rate.reduce((sum, month) => sum + month.continues, 0)).toBe(4)
    // The merchant page runs the widget in test mode (localhost): live data stays empty.
    expect(await account.analytics('cancellation-reasons', 'live')).toEqual([])
  })
})

describe('leaving the page mid-flow', () => {
  it('still delivers the steps taken (keepalive on pagehide, through the CORS preflight)', async () => {
    const subscriber = await account.addSubscriber()
    const page = await accountPage(subscriber)
    await page.click('#cancel')
    await dialogVisible(page)
    await page.getByLabel('I need a break').check()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'What could we have done better?' }).isVisible())
      .toBe(true)
    // Gone before the 1 s batching delay: only the pagehide flush can carry the reason.
    await page.goto('about:blank')
    const steps = async () =>
      (
        await product.deps.db
          .selectFrom('session_events')
          .innerJoin('cancel_sessions', 'cancel_sessions.id', 'session_events.session_id')
          .select(['session_events.step', 'session_events.reason_key'])
          .where('cancel_sessions.customer_id', '=', subscriber.customerId)
          .execute()
      ).map((row) => `${row.step}:${row.reason_key ?? ''}`)
    await expect.poll(steps, { timeout: 5000 }).toContain('reason_selected:temporary_break')
    await page.close()
  })
})
