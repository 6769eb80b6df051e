import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe'
import { merchantPages } from '../support/merchant-pages'
import {
  launchChromium,
  type MerchantAccount,
  type MerchantSite,
  type Product,
  startMerchantSite,
} from '../support/product'
import { callbacks, openAccountPage, startWidgetProduct } from '../support/widget-scenario'

/**
 * Two tabs of one subscriber on the merchant's page (another origin), in Chromium: the first accepts the
 * discount; the second, in French, accepts it too and loses the race. It must say what already happened,
 * in its own language, and offer only to close — not a "Réessayer" that could never work.
 */

let product: Product
let account: MerchantAccount
let site: MerchantSite
let browser: Browser

beforeAll(async () => {
  ensureWidgetBuilt()
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

const subscription = (id: string) =>
  product.stripe
    .state(product.merchant.account)
    .subscriptions.find((s) => s.id === id) as unknown as Stripe.Subscription

/** Reason → feedback → the discount, in the page's language. */
async function toDiscount(page: Page, words: { reason: string; next: string }) {
  await page.click('#cancel')
  await expect.poll(() => page.getByRole('dialog').isVisible(), { timeout: 10_000 }).toBe(true)
  await page.getByLabel(words.reason).check()
  await page.getByRole('button', { name: words.next, exact: true }).click()
  await page.getByRole('textbox').fill('Two tabs open')
  await page.getByRole('button', { name: words.next, exact: true }).click()
}

describe('a second tab that loses the race', () => {
  it('says, in its language, that the offer was already applied, and offers only to close', async () => {
    const subscriber = await account.addSubscriber()
    const english = await openAccountPage(browser, site, subscriber)
    const french = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await french.goto(`${site.url}/account?customer=${subscriber.customerId}&claim=fr`)
    await french.waitForFunction(
      () => (window as unknown as { Retainkit?: { loaded?: boolean } }).Retainkit?.loaded,
    )
    await toDiscount(english, { reason: "It's too expensive", next: 'Continue' })
    await toDiscount(french, { reason: 'C’est trop cher', next: 'Continuer' })

    await english.getByRole('button', { name: 'Accept 20% off' }).click()
    await expect
      .poll(() => english.getByRole('heading', { name: 'Your discount is on' }).isVisible())
      .toBe(true)

    await french.getByRole('button', { name: /^Profiter de/ }).click()
    const alert = french.getByRole('alert')
    await expect
      .poll(() => alert.textContent())
      .toBe(
        'Cette offre a déjà été appliquée à votre abonnement (dans un autre onglet ou une autre fenêtre).',
      )
    const dialog = french.getByRole('dialog')
    // Only closing is left: no retry, no second accept, no way back into the offers.
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['×', 'Fermer'])
    expect(await dialog.getByRole('button', { name: 'Réessayer' }).count()).toBe(0)
    expect(await seriousAxeViolations(french)).toEqual([])
    expect(subscription(subscriber.subscriptionId).discounts).toHaveLength(1)

    await dialog.getByRole('button', { name: 'Fermer' }).last().click()
    await expect.poll(() => french.locator('[data-retainkit]').count()).toBe(0)
    const names = (await callbacks(french)).map((c) => c.name)
    expect(names).not.toContain('save')
    expect(names.at(-1)).toBe('close')
    await english.close()
    await french.close()
  })
})
