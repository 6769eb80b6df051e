import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe'
import { pastDueSubscriber } from '../support/payment-recovery'
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

beforeAll(async () => {
  ensureWidgetBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startWidgetProduct()
  browser = await launchChromium()
  pastDue = await pastDueSubscriber(product)
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
