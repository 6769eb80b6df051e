import { EN_UI_STRINGS } from '@retainkit/shared/ui-strings'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page, Route } from 'playwright-core'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CANCEL_PAGE, merchantPages } from '../support/merchant-pages'
import { launchChromium, type MerchantSite, type Product, startMerchantSite } from '../support/product'
import { dialogVisible, openAccountPage, startWidgetProduct } from '../support/widget-scenario'

/**
 * A subscriber is never trapped and never charged blind, in Chromium against the real server: a cancel
 * that keeps failing hands over to the merchant's own cancel page, the reason step has a way to finish
 * cancelling in view on a small phone, focus stays in the dialog through failures, and the winback
 * banner states the price and asks once before it charges.
 */

let product: Product
let site: MerchantSite
let browser: Browser

beforeAll(async () => {
  ensureWidgetBuilt()
  product = await startWidgetProduct()
  site = await startMerchantSite({ pages: merchantPages(product.url, product.account) })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await product?.stop()
})

/** Answers a widget billing call as the payment service being down, noting when each answer left. */
function failing(page: Page, pattern: RegExp) {
  const answeredAt: number[] = []
  const ready = page.route(pattern, async (route: Route) => {
    // Before the answer leaves: a hand-over timed from here is timed from no later than the failure.
    answeredAt.push(Date.now())
    await route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({
        // What the server answers when Stripe cannot be reached.
        error: { code: 'EXTERNAL_SERVICE_ERROR', message: 'The payment service is unavailable.' },
      }),
    })
  })
  return { answeredAt, ready }
}

/** Whether focus is inside the widget's dialog, seen from the page (the host element, then its shadow). */
const focusInDialog = (page: Page) =>
  page.evaluate(() => {
    const host = document.activeElement
    const inner = host?.shadowRoot?.activeElement
    return Boolean(host?.hasAttribute('data-retainkit') && inner?.closest('dialog'))
  })

const dialog = (page: Page) => page.getByRole('dialog')
const subscriptionsOf = (customerId: string) =>
  product.stripe
    .state(product.merchant.account)
    .subscriptions.filter(
      (s) => (s as unknown as Stripe.Subscription).customer === customerId,
    ) as unknown as Stripe.Subscription[]

describe('a cancellation that keeps failing', () => {
  it("reaches the merchant's own cancel page within 1 s of the second failure, focus kept meanwhile", async () => {
    const subscriber = await product.account.addSubscriber()
    const page = await openAccountPage(browser, site, subscriber)
    const cancel = failing(page, /\/api\/widget\/sessions\/[^/?]+\/cancel(\?|$)/)
    await cancel.ready
    await page.click('#cancel')
    await dialogVisible(page)
    await dialog(page).getByRole('button', { name: 'Cancel subscription' }).click()
    await dialog(page).getByRole('button', { name: 'Confirm cancellation' }).click()
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent())
      .toContain(EN_UI_STRINGS.error_external_service_error)
    expect(await focusInDialog(page)).toBe(true)

    const arrived = page.waitForURL(`**${CANCEL_PAGE}`, { waitUntil: 'commit', timeout: 10_000 })
    await dialog(page).getByRole('button', { name: 'Try again' }).click()
    await arrived
    // Until the browser set off for the merchant's page (its navigation start, on this machine's clock),
    // not until Playwright saw it commit: that lag is the test's, not the widget's.
    const navigationStart = await page.evaluate(() => performance.timeOrigin)
    const afterSecondFailure = Math.round(navigationStart - (cancel.answeredAt[1] ?? Number.NaN))
    console.log(`[e2e] merchant cancel page ${afterSecondFailure} ms after the second failure`)
    expect(cancel.answeredAt).toHaveLength(2)
    expect(afterSecondFailure).toBeLessThan(1000)
    expect(site.requests.filter((path) => path === CANCEL_PAGE)).toHaveLength(1)
    // Stripe was never reached: the subscription is as it was.
    expect(subscriptionsOf(subscriber.customerId)[0]?.cancel_at_period_end).toBe(false)
    await page.close()
  })

  it('failed offer retries keep focus in the dialog, and Escape still closes it', async () => {
    const subscriber = await product.account.addSubscriber()
    const page = await openAccountPage(browser, site, subscriber)
    const accept = failing(page, /\/api\/widget\/sessions\/[^/?]+\/accept(\?|$)/)
    await accept.ready
    await page.click('#cancel')
    await dialogVisible(page)
    await page.getByLabel("It's too expensive").check()
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Accept 20% off' }).click()
    for (let attempt = 1; attempt <= 3; attempt++) {
      await expect.poll(() => accept.answeredAt.length).toBe(attempt)
      const retry = dialog(page).getByRole('button', { name: 'Try again' })
      await expect.poll(() => retry.isVisible()).toBe(true)
      expect(await focusInDialog(page), `after failure ${attempt}`).toBe(true)
      if (attempt < 3) await retry.click()
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('[data-retainkit]').count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cancel')
    await page.close()
  })
})

describe('the reason step on a small phone', () => {
  it('shows a way to finish cancelling at 375×740 without scrolling', async () => {
    const subscriber = await product.account.addSubscriber()
    const page = await openAccountPage(browser, site, subscriber, { width: 375, height: 740 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.click('#cancel')
    await dialogVisible(page)
    const finish = dialog(page).getByRole('button', { name: 'Cancel subscription' })
    const box = await finish.boundingBox()
    expect(box).not.toBeNull()
    const { x, y, width, height } = box as NonNullable<typeof box>
    expect(y).toBeGreaterThanOrEqual(0)
    expect(y + height).toBeLessThanOrEqual(740)
    expect(x + width).toBeLessThanOrEqual(375)
    // Nothing covers it, and nothing was scrolled to bring it into view.
    const hit = await page.evaluate(
      ([cx, cy]) => {
        const root = document.querySelector('[data-retainkit]')?.shadowRoot
        const element = root?.elementFromPoint(cx as number, cy as number)
        const scrolled = [...(root?.querySelectorAll('*') ?? [])].some((e) => e.scrollTop > 0)
        return { name: element?.closest('button')?.textContent ?? '', scrolled, pageY: window.scrollY }
      },
      [x + width / 2, y + height / 2],
    )
    expect(hit).toEqual({ name: 'Cancel subscription', scrolled: false, pageY: 0 })
    await page.close()
  })
})

describe('the winback banner', () => {
  it('states the plan, the prices and the renewal, and charges only after one confirmation', async () => {
    const churned = product.merchant.customers.churned
    const before = subscriptionsOf(churned.customerId).filter((s) => s.status === 'active')
    expect(before).toHaveLength(0)
    const page = await openAccountPage(browser, site, churned, { path: '/welcome-back' })
    const banner = page.getByRole('region', { name: 'Welcome back!' })
    await expect.poll(() => banner.isVisible()).toBe(true)
    const text = (await banner.textContent()) ?? ''
    // Pro monthly at $29.00, 25 % off the first charge: $21.75 today, then $29.00 every month.
    expect(text).toContain('Pro: 25% off, $21.75 for the first charge, then $29.00 every month.')
    expect(text).toContain('First charge: $21.75 today.')
    expect(text).toContain('Renews automatically every month until you cancel.')

    await banner.getByRole('button', { name: 'Reactivate' }).click()
    const confirm = banner.getByRole('button', { name: 'Confirm: $21.75 today' })
    await expect.poll(() => confirm.isVisible()).toBe(true)
    // Asking is not charging.
    expect(subscriptionsOf(churned.customerId).filter((s) => s.status === 'active')).toHaveLength(0)
    await confirm.click()
    await expect.poll(() => banner.getByRole('status').textContent()).toMatch(/^Welcome back/)
    const live = subscriptionsOf(churned.customerId).filter((s) => s.status === 'active')
    expect(live).toHaveLength(1)
    await page.close()
  })
})
