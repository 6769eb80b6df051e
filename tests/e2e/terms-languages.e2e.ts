import { createStripeClient } from '@retainkit/fakes/stripe'
import type { EN } from '@retainkit/shared/i18n'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe'
import { merchantPages } from '../support/merchant-pages'
import {
  launchChromium,
  type MerchantSite,
  type Product,
  startMerchantSite,
  startProduct,
} from '../support/product'

/**
 * Issue 34: an Arabic subscriber was asked to confirm price terms in English, half and half with Arabic
 * around them. In Chromium, a subscriber already scheduled to cancel opens the cancel flow and reads
 * the terms of keeping the subscription: in Arabic when the merchant wrote every terms key in Arabic;
 * in Hebrew, which the merchant has only a headline for, wholly in the account's default language.
 */

/** Arabic words for every key of the terms block (what a merchant fills in the editor). */
const ARABIC_TERMS: Record<keyof typeof EN.legal.terms, string> = {
  regular: '{plan}: {price}.',
  discounted: '{plan}: خصم {percent}، {money} لـ{charges}، ثم {price}.',
  first_charge: 'أول دفعة: {charge}.',
  next_charge: 'الدفعة التالية: {charge}.',
  renews: 'يتجدد تلقائيًا {each} حتى تلغي.',
  price: '{money} {per}',
  charge_today: '{money} اليوم',
  charge_on: '{money} في {date}',
  per_day: 'يوميًا',
  per_week: 'أسبوعيًا',
  per_month: 'شهريًا',
  per_year: 'سنويًا',
  per_days: 'كل {n} أيام',
  per_weeks: 'كل {n} أسابيع',
  per_months: 'كل {n} أشهر',
  per_years: 'كل {n} سنوات',
  each_day: 'كل يوم',
  each_week: 'كل أسبوع',
  each_month: 'كل شهر',
  each_year: 'كل سنة',
  each_days: 'كل {n} أيام',
  each_weeks: 'كل {n} أسابيع',
  each_months: 'كل {n} أشهر',
  each_years: 'كل {n} سنوات',
  charges_one: 'الدفعة الأولى',
  charges_many: 'أول {n} دفعات',
}

let product: Product
let site: MerchantSite
let browser: Browser

beforeAll(async () => {
  ensureWidgetBuilt()
  product = await startProduct({
    config: (config) => {
      config.languages = {
        default: 'en',
        translations: {
          ar: {
            'copy.general.headline': 'قبل أن تغادر',
            ...Object.fromEntries(
              Object.entries(ARABIC_TERMS).map(([key, value]) => [`legal.terms.${key}`, value]),
            ),
          },
          he: { 'copy.general.headline': 'לפני שאתה הולך' },
        },
      }
    },
  })
  site = await startMerchantSite({ pages: merchantPages(product.url, product.account) })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await product?.stop()
})

/** A subscriber already scheduled to cancel opens the cancel flow with `claim` signed in: the terms block. */
async function termsFor(claim: string): Promise<{ page: Page; lines: string[] }> {
  const subscriber = await product.account.addSubscriber()
  await createStripeClient(product.stripe, product.account.merchant.keys.secret).subscriptions.update(
    subscriber.subscriptionId,
    { cancel_at_period_end: true },
  )
  const page = await browser.newPage({ viewport: { width: 390, height: 800 } })
  await page.goto(`${site.url}/account?customer=${subscriber.customerId}&claim=${claim}`)
  await page.waitForFunction(
    () => (window as unknown as { Retainkit?: { loaded?: boolean } }).Retainkit?.loaded,
  )
  await page.click('#cancel')
  const block = page.locator('[data-retainkit="cancel-flow"] >> .n p')
  await expect.poll(() => block.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
  return { page, lines: await block.allTextContents() }
}

const ARABIC_LETTER = /[\u0600-\u06ff]/
const LATIN_WORD = /\b(every|charge|Renews|automatically|until|cancel)\b/i
const HEBREW_LETTER = /[\u0590-\u05ff]/

describe('the terms a subscriber confirms, never half and half', () => {
  it('Arabic: every sentence in the merchant’s Arabic, right to left, money and date written for Arabic', async () => {
    const { page, lines } = await termsFor('ar')
    for (const line of lines) {
      expect(line).toMatch(ARABIC_LETTER)
      expect(line).not.toMatch(LATIN_WORD)
    }
    expect(lines.join(' ')).toContain('الدفعة التالية')
    const dir = await page.locator('[data-retainkit="cancel-flow"]').getAttribute('dir')
    expect(dir).toBe('rtl')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.close()
  }, 120_000)

  it('Hebrew without Hebrew terms: the whole block in English, the default language, not one Hebrew word in it', async () => {
    const { page, lines } = await termsFor('he')
    const plain = lines.map((line) => line.replace(/[\u2066-\u2069]/g, ''))
    expect(plain.some((line) => /^Renews automatically every month until you cancel\.$/.test(line))).toBe(
      true,
    )
    expect(plain.some((line) => line.startsWith('Next charge:'))).toBe(true)
    for (const line of plain) expect(line).not.toMatch(HEBREW_LETTER)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.close()
  }, 120_000)
})
