import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe'
import { merchantPages } from '../support/merchant-pages'
import { pastDueSubscriber, saveRecoverySettings } from '../support/payment-recovery'
import {
  launchChromium,
  type MerchantSite,
  type Product,
  type Subscriber,
  startMerchantSite,
} from '../support/product'
import { callbacks, openAccountPage, startWidgetProduct } from '../support/widget-scenario'

/**
 * Payment recovery's on-site prompt in Chromium, on a merchant's site on another origin: a past-due
 * subscriber's token shows the banner (axe-clean, by keyboard, Escape dismisses), the wall when the
 * merchant opts in, nothing for a subscriber in good standing, and nothing — the page works — when the
 * API is down. (The card-update page at 390 px: recovery-update-page.e2e.ts.)
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/recovery/', import.meta.url))

let product: Product
let site: MerchantSite
let browser: Browser
let pastDue: Subscriber

beforeAll(async () => {
  ensureWidgetBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startWidgetProduct()
  site = await startMerchantSite({ pages: merchantPages(product.url, product.account) })
  browser = await launchChromium()
  pastDue = await pastDueSubscriber(product)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await product?.stop()
})

const prompt = (page: Page) => page.getByRole('region', { name: 'Your payment failed' })

/** What has focus inside the widget's shadow root, by its text. */
const focusedText = (page: Page) =>
  page.evaluate(
    () => (document.activeElement?.shadowRoot?.activeElement as HTMLElement | null)?.textContent ?? '',
  )

describe('the payment prompt on a merchant site', () => {
  it('shows a past-due subscriber the banner: axe-clean, reachable by keyboard, Escape dismisses it', async () => {
    const page = await openAccountPage(browser, site, pastDue, { path: '/welcome-back' })
    const banner = prompt(page)
    await expect.poll(() => banner.isVisible(), { timeout: 10_000 }).toBe(true)
    expect(await banner.textContent()).toContain('We could not collect $29.00 for Pro.')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ animations: 'disabled', path: join(ARTIFACTS, 'prompt-banner.png') })
    // The banner never takes focus; Tab reaches its buttons.
    for (let presses = 0; presses < 10 && (await focusedText(page)) !== 'Update your card'; presses++)
      await page.keyboard.press('Tab')
    expect(await focusedText(page)).toBe('Update your card')
    await page.keyboard.press('Escape')
    await expect.poll(() => banner.count()).toBe(0)
    expect((await callbacks(page)).map((c) => c.name)).toEqual(['banner', 'dismiss'])
    await page.close()
  })

  it('its button opens the card-update page for that subscriber, which fits a 390 px phone', async () => {
    const page = await openAccountPage(browser, site, pastDue, { path: '/welcome-back' })
    await expect.poll(() => prompt(page).isVisible(), { timeout: 10_000 }).toBe(true)
    await page.setViewportSize({ width: 390, height: 844 })
    await Promise.all([
      page.waitForURL(/\/p\/session\//),
      page.getByRole('button', { name: 'Update your card' }).click(),
    ])
    // One click: the signed page opened Stripe's portal, on the card update, for this customer.
    const sessions = product.stripe.state(product.account.merchant.account).portalSessions
    expect(sessions[0]).toMatchObject({
      customer: pastDue.customerId,
      flow: { type: 'payment_method_update' },
    })
    expect(await page.textContent('body')).toContain('late@example.com')
    const campaign = await product.deps.db
      .selectFrom('recovery_campaigns')
      .select(['link_channel'])
      .where('customer_id', '=', pastDue.customerId)
      .executeTakeFirstOrThrow()
    expect(campaign.link_channel).toBe('banner')
    await page.close()
  })

  it('shows the wall when the merchant opts in: a modal that Escape does not close', async () => {
    await saveRecoverySettings(product, { prompt: 'wall', last_chance_pause: { enabled: true, months: 1 } })
    const page = await openAccountPage(browser, site, pastDue, { path: '/strict-welcome-back' })
    const wall = page.getByRole('dialog', { name: 'Your payment failed' })
    await expect.poll(() => wall.isVisible(), { timeout: 10_000 }).toBe(true)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    expect(await wall.isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Pause for 1 month instead' }).isVisible()).toBe(true)
    // Under the strict CSP page (nonce, 'strict-dynamic'): the chunk loaded, nothing was blocked.
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual(
      [],
    )
    await page.screenshot({ animations: 'disabled', path: join(ARTIFACTS, 'prompt-wall.png') })
    await page.close()
    await saveRecoverySettings(product)
  })

  it('shows nothing to a subscriber in good standing', async () => {
    const fine = await product.account.addSubscriber()
    const page = await openAccountPage(browser, site, fine, { path: '/welcome-back' })
    await page.waitForFunction(() =>
      (window as unknown as { __retainkit: { name: string }[] }).__retainkit.some((c) => c.name === 'banner'),
    )
    expect((await callbacks(page)).find((c) => c.name === 'banner')?.value).toEqual({ shown: false })
    expect(await page.locator('[data-retainkit]').count()).toBe(0)
    await page.close()
  })

  it('fails open when the API is down: nothing shown, the page works', async () => {
    // The widget's files load but its API call fails (a network error).
    const failing = await browser.newPage()
    await failing.route(/\/api\/widget\/reactivation(\?|$)/, (route) => route.abort('connectionrefused'))
    await failing.goto(`${site.url}/welcome-back?customer=${pastDue.customerId}`)
    await failing.waitForFunction(
      () =>
        (window as unknown as { __retainkit: { name: string }[] }).__retainkit.some(
          (c) => c.name === 'banner',
        ),
      undefined,
      { timeout: 15_000 },
    )
    expect((await callbacks(failing)).find((c) => c.name === 'banner')?.value).toEqual({ shown: false })
    expect(await failing.locator('[data-retainkit]').count()).toBe(0)
    await failing.close()
    // The whole server down: the snippet's loader never arrives, the page is the merchant's as ever.
    await product.stopServer()
    const down = await browser.newPage()
    await down.goto(`${site.url}/welcome-back?customer=${pastDue.customerId}`)
    await down.waitForTimeout(2_000)
    expect(await down.locator('[data-retainkit]').count()).toBe(0)
    expect(await down.getByRole('heading', { name: 'Your account' }).isVisible()).toBe(true)
    await down.getByRole('link', { name: 'Cancel subscription' }).click()
    await down.waitForURL(/cancelled-by-merchant/)
    await down.close()
  })
})
