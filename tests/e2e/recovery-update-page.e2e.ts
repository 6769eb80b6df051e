import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createStripeClient } from '@retainkit/fakes/stripe'
import { setEarlyAccess } from '@retainkit/server/recovery'
import { DEFAULT_RECOVERY_SETTINGS } from '@retainkit/shared/recovery'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe'
import { launchChromium, type Product, type Subscriber } from '../support/product'
import { overlappingText } from '../support/text-overlap'
import { startWidgetProduct } from '../support/widget-scenario'

/**
 * Payment recovery's card-update page in Chromium at 390 px, reached by the signed link the server gives
 * a past-due subscriber's token (the reactivation call's `prompt.link`, the same page the mails link to).
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/recovery/', import.meta.url))

let product: Product
let browser: Browser
let pastDue: Subscriber

async function saveSettings(patch: object) {
  const res = await product.account.consoleApi(`/api/recovery/${product.account.accountId}`, {
    method: 'PUT',
    body: { ...DEFAULT_RECOVERY_SETTINGS, enabled: true, ...patch },
  })
  expect(res.status).toBe(200)
}

beforeAll(async () => {
  ensureWidgetBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startWidgetProduct()
  browser = await launchChromium()
  const { account, stripe } = product
  stripe.configureFailedPayments(account.merchant.account, { afterRetries: 'unpaid' })
  await setEarlyAccess(product.deps.db, account.accountId, true, new Date())
  await saveSettings({})
  const sdk = createStripeClient(stripe, account.merchant.keys.secret)
  // The merchant saved their Billing Portal settings in Stripe once (the card update needs them).
  await sdk.billingPortal.configurations.create({ features: { payment_method_update: { enabled: true } } })
  // A subscriber paying by card whose renewal fails (insufficient funds), its events delivered.
  const customer = await sdk.customers.create({
    email: 'late@example.com',
    payment_method: 'pm_card_visa',
    invoice_settings: { default_payment_method: 'pm_card_visa' },
  })
  const subscription = await sdk.subscriptions.create({
    customer: customer.id,
    items: [{ price: account.merchant.prices.proMonthly }],
  })
  stripe.cards.program(account.merchant.account, customer.invoice_settings.default_payment_method as string, {
    declineCode: 'insufficient_funds',
  })
  stripe.clock.advanceTo(subscription.items.data[0]?.current_period_end ?? 0)
  for (const delivery of await stripe.deliverWebhooks()) expect(delivery.ok, delivery.type).toBe(true)
  pastDue = { customerId: customer.id, subscriptionId: subscription.id }
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

describe('the card-update page', () => {
  it('the card-update page itself at 390 px: one column, no overlap, axe-clean', async () => {
    const answer = await fetch(`${product.url}/api/widget/reactivation`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${product.account.tokenFor(pastDue.customerId)}`,
        'content-type': 'application/json',
      },
      body: '{}',
    })
    const { prompt: given } = (await answer.json()) as { prompt: { link: string } }
    // (axe is injected past the page's own CSP, which allows no script at all.)
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, bypassCSP: true })
    await page.goto(given.link)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Update your payment method')
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(await overlappingText(page)).toEqual([])
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    await page.screenshot({ fullPage: true, path: join(ARTIFACTS, 'update-page-390.png') })
    await page.close()
  })
})
