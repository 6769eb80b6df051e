import type { CancellationReason } from '@retainkit/shared/config-types'
import { createDefaultReasons } from '@retainkit/shared/default-config'
import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { MerchantSite, Product, Subscriber } from './product'
import { startProduct } from './product'

/** The widget's browser suites share this set-up: a Pro merchant with all four offers on. */

/** Default reasons plus one leading to each switch offer, so every offer has a way in. */
export const scenarioReasons = (): CancellationReason[] => [
  ...createDefaultReasons(),
  {
    key: 'wrong_plan',
    label: 'My plan does not fit',
    feedback: 'other',
    offer: 'plan_switch',
    enabled: true,
  },
  {
    key: 'pay_yearly',
    label: 'I want to pay yearly',
    feedback: 'other',
    offer: 'billing_cycle_switch',
    enabled: true,
  },
]

export function startWidgetProduct(): Promise<Product> {
  return startProduct({
    reasons: scenarioReasons,
    config: (config, merchant) => {
      config.plan_switch = {
        enabled: true,
        plans: [
          { id: merchant.prices.basicMonthly, name: 'Basic', price: '$14.99/month' },
          { id: merchant.prices.teamMonthly, name: 'Team', price: '$99/month' },
        ],
      }
      config.billing_cycle_switch = {
        enabled: true,
        plans: [{ id: merchant.prices.proAnnual, name: 'Pro yearly', price: '$290/year' }],
      }
    },
  })
}

/** Opens the merchant's account page for a subscriber and waits for the loader to run. */
export async function openAccountPage(
  browser: Browser,
  site: MerchantSite,
  subscriber: Subscriber,
  options: { width?: number; height?: number; path?: string } = {},
): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: options.width ?? 1024, height: options.height ?? 800 },
  })
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
