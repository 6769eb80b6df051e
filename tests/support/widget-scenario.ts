import { enableSwitchOffers, sandboxReasons } from '@retainkit/examples/provision'
import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { MerchantSite, Product, Subscriber } from './product'
import { startProduct } from './product'

/**
 * The widget's browser suites share this set-up: a Pro merchant with all four offers on, and a reason
 * leading to each (the sandbox merchant's reasons and switch plans, without its compliance rule).
 */
export function startWidgetProduct(): Promise<Product> {
  return startProduct({ reasons: sandboxReasons, config: enableSwitchOffers })
}

/** Opens the merchant's account page for a subscriber and waits for the loader to run. */
export async function openAccountPage(
  browser: Browser,
  site: MerchantSite,
  subscriber: Subscriber,
  options: { width?: number; height?: number; path?: string; initScript?: string } = {},
): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: options.width ?? 1024, height: options.height ?? 800 },
  })
  // Page source, run before the page's own scripts (a string: a compiled function may carry helpers).
  if (options.initScript) await page.addInitScript({ content: options.initScript })
  await page.goto(`${site.url}${options.path ?? '/account'}?customer=${subscriber.customerId}`)
  await page.waitForFunction(
    () => (window as unknown as { Retainkit?: { loaded?: boolean } }).Retainkit?.loaded,
  )
  return page
}

/** Waits until the cancel flow's dialog is on screen. */
export async function dialogVisible(page: Page, name = 'Before you go…') {
  await expect.poll(() => page.getByRole('dialog', { name }).isVisible(), { timeout: 10_000 }).toBe(true)
}

/** The widget's callbacks as the merchant's page recorded them. */
export const callbacks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __retainkit: { name: string; value: unknown }[] }).__retainkit)
