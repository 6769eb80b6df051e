import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createStripeClient } from '@retainkit/fakes/stripe'
import { BUILT_IN_CATALOGS } from '@retainkit/shared/i18n'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantPages } from '../support/merchant-pages'
import {
  launchChromium,
  type MerchantAccount,
  type MerchantSite,
  type Product,
  type Subscriber,
  startMerchantSite,
  startProduct,
} from '../support/product'
import { dialogVisible } from '../support/widget-scenario'

/**
 * Every subscriber in their language, in Chromium: the words come with the published config (the
 * bundle has none), the token's `locale` claim comes first, then attach's `locale` option, then the
 * browser; Arabic is laid out right to left; a string the merchant changed in English and did not
 * translate into German shows in English, the account's default language.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/widget-languages/', import.meta.url))
const ENGLISH_HEADLINE = 'Before you go, a word from Acme'

let product: Product
let account: MerchantAccount
let site: MerchantSite
let browser: Browser

beforeAll(async () => {
  ensureWidgetBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct({
    config: (config) => {
      config.copy.general.headline = ENGLISH_HEADLINE
      config.languages = {
        default: 'en',
        translations: {
          fr: { 'copy.general.headline': 'Avant de partir, un mot d’Acme' },
          ar: {
            'copy.general.headline': 'قبل أن تغادر، كلمة من Acme',
            'copy.general.subheadline': 'هل تخبرنا لماذا تلغي اشتراكك؟',
            'copy.general.cta_primary': 'متابعة',
            'copy.general.cta_secondary': 'الإبقاء على اشتراكي',
            'ui.cancel': 'إلغاء الاشتراك',
            'ui.close': 'إغلاق',
            'ui.step': 'الخطوة {n} من {total}',
            'reason.too_expensive': 'السعر مرتفع جدًا',
          },
        },
      }
    },
  })
  account = product.account
  site = await startMerchantSite({ pages: merchantPages(product.url, account) })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await product?.stop()
})

/** The account page with the subscriber's language in the token (`claim`) and/or attach's option. */
async function openFlow(
  query: { claim?: string; attach?: string },
  browserLocale = 'en-US',
  subscriber?: Subscriber,
): Promise<Page> {
  subscriber ??= await account.addSubscriber()
  const context = await browser.newContext({ locale: browserLocale, viewport: { width: 1024, height: 800 } })
  const page = await context.newPage()
  const params = new URLSearchParams({ customer: subscriber.customerId, ...query })
  await page.goto(`${site.url}/account?${params}`)
  await page.waitForFunction(
    () => (window as unknown as { Retainkit?: { loaded?: boolean } }).Retainkit?.loaded,
  )
  await page.click('#cancel')
  return page
}

const host = (page: Page) =>
  page.locator('[data-retainkit="cancel-flow"]').evaluate((element) => ({
    lang: element.getAttribute('lang'),
    dir: element.getAttribute('dir'),
  }))

describe('the cancel flow in the subscriber’s language', () => {
  it('a French token gets the French flow, over attach’s option and the browser', async () => {
    const page = await openFlow({ claim: 'fr', attach: 'de' })
    await dialogVisible(page, 'Avant de partir, un mot d’Acme')
    expect(await host(page)).toEqual({ lang: 'fr', dir: 'ltr' })
    await expect.poll(() => page.getByText('Étape 1 sur 4').isVisible()).toBe(true)
    await page.getByLabel('C’est trop cher').check()
    await page.getByRole('button', { name: 'Continuer', exact: true }).click()
    await page.getByRole('textbox').fill('Trop cher pour moi')
    await page.getByRole('button', { name: 'Continuer', exact: true }).click()
    // The discount offer, its amount written the French way by Intl (a narrow space before %).
    const heading = page.getByRole('heading', { name: /^Et si nous vous offrions 20\s%/ })
    await expect.poll(() => heading.isVisible()).toBe(true)
    await expect.poll(() => page.getByText(/^20\s% de réduction pendant 3 mois$/).isVisible()).toBe(true)
    await page.screenshot({ animations: 'disabled', path: join(ARTIFACTS, 'french-offer.png') })
    await page.context().close()
  })

  it('a French subscriber whose subscription ended meanwhile reads the refusal in French', async () => {
    const subscriber = await account.addSubscriber()
    const page = await openFlow({ claim: 'fr' }, 'en-US', subscriber)
    await dialogVisible(page, 'Avant de partir, un mot d’Acme')
    await page.getByLabel('C’est trop cher').check()
    await page.getByRole('button', { name: 'Continuer', exact: true }).click()
    await page.getByRole('button', { name: 'Continuer', exact: true }).click()
    const accept = page.getByRole('button', { name: /^Profiter de 20/ })
    await expect.poll(() => accept.isVisible()).toBe(true)
    // Canceled in Stripe (another tab, the Billing Portal) while the offer was on screen: the server
    // refuses it with its English message and a code; the subscriber reads the French words for the code.
    await createStripeClient(product.stripe, account.merchant.keys.secret).subscriptions.cancel(
      subscriber.subscriptionId,
    )
    await accept.click()
    const alert = page.getByRole('alert')
    await expect.poll(() => alert.textContent()).toContain(BUILT_IN_CATALOGS.fr.ui.error_constraint_violation)
    expect(await alert.textContent()).not.toMatch(/no longer available|[a-z]+_[a-z]+/)
    await page.context().close()
  })

  it('an Arabic token gets a right-to-left flow with the layout mirrored', async () => {
    const page = await openFlow({ claim: 'ar' })
    await dialogVisible(page, 'قبل أن تغادر، كلمة من Acme')
    expect(await host(page)).toEqual({ lang: 'ar', dir: 'rtl' })
    const dialog = page.getByRole('dialog')
    expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl')
    const box = await dialog.boundingBox()
    const close = await page.getByRole('button', { name: 'إغلاق' }).boundingBox()
    const progress = await page.getByText('الخطوة 1 من 4').boundingBox()
    const reason = await page.getByLabel('السعر مرتفع جدًا').boundingBox()
    if (!box || !close || !progress || !reason) throw new Error('not laid out')
    // Mirrored: the × sits at the left edge, the progress and the radio buttons at the right.
    expect(close.x - box.x).toBeLessThan(box.width / 4)
    expect(progress.x + progress.width).toBeGreaterThan(box.x + (box.width * 3) / 4)
    expect(reason.x).toBeGreaterThan(box.x + box.width / 2)
    // Untranslated strings show in English, the default language, never as key names.
    await expect.poll(() => page.getByLabel('I need a break').isVisible()).toBe(true)
    await page.screenshot({ animations: 'disabled', path: join(ARTIFACTS, 'arabic-reason.png') })
    await page.context().close()
  })

  it('a German string missing (changed in English, not translated) shows in English; the rest is German', async () => {
    // No claim: attach's option decides, over the browser's English.
    const page = await openFlow({ attach: 'de' })
    await dialogVisible(page, ENGLISH_HEADLINE)
    expect(await host(page)).toEqual({ lang: 'de', dir: 'ltr' })
    await expect.poll(() => page.getByText('Schritt 1 von 4').isVisible()).toBe(true)
    await expect.poll(() => page.getByText(/^Verraten Sie uns, warum Sie kündigen/).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Weiter', exact: true }).isVisible()).toBe(true)
    expect(await page.getByLabel('Es ist mir zu teuer').isVisible()).toBe(true)
    await page.screenshot({ animations: 'disabled', path: join(ARTIFACTS, 'german-fallback.png') })
    await page.context().close()
  })

  it('without a claim or an option, the browser’s language decides', async () => {
    const page = await openFlow({}, 'es-MX')
    // The headline was changed in English and not translated: English; the rest is Spanish.
    await dialogVisible(page, ENGLISH_HEADLINE)
    expect(await host(page)).toEqual({ lang: 'es', dir: 'ltr' })
    expect(await page.getByRole('button', { name: 'Mantener mi suscripción' }).isVisible()).toBe(true)
    expect(await page.getByText('Paso 1 de 4').isVisible()).toBe(true)
    await page.context().close()
  })
})
