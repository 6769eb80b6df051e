import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { WidgetConfigResponse } from '@retainkit/shared/widget-api'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureConsoleBuilt, signUpInConsole, useDevOutbox } from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * The editor's languages in Chromium: the live preview speaks the language being edited, a string
 * changed in English shows as missing in French (and in English in the French preview) until it is
 * translated, an added Arabic turns the preview right to left, and the save publishes the translation.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/console/', import.meta.url))

let product: Product
let browser: Browser
let page: Page
let accountId = ''

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct({ seed: false })
  useDevOutbox(product)
  browser = await launchChromium()
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  page = await signUpInConsole(product, context, 'languages-owner@example.com')
  accountId = new URL(page.url()).searchParams.get('account_id') ?? ''
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

describe('editing languages in the console', () => {
  it('switches the preview’s language, lists what is missing, previews right to left, and saves', async () => {
    await page.goto(`${product.url}/editor/?account_id=${accountId}`)
    await page.getByRole('heading', { name: 'Cancel flow editor' }).waitFor()
    const preview = page.getByRole('region', { name: 'Cancel flow preview' })
    await preview.getByText('Before you go…').waitFor()

    await page.getByLabel('Preview language').selectOption('fr')
    await preview.getByText('Avant de partir…').waitFor()
    expect(await preview.getByRole('button', { name: 'Continuer' }).isVisible()).toBe(true)

    // Changed in English: French has no version of it, so the French preview shows the English.
    await page
      .getByRole('group', { name: 'Reason question' })
      .getByLabel('Headline', { exact: true })
      .fill('Wait, we can help')
    await preview.getByText('Wait, we can help').waitFor()
    const languages = page.getByRole('region', { name: 'Languages' })
    const missing = languages.getByTestId('missing-strings')
    await missing.getByText('1 string is missing in French').waitFor()
    expect(await missing.getByRole('link', { name: 'general › headline' }).isVisible()).toBe(true)
    await page.screenshot({ animations: 'disabled', path: `${ARTIFACTS}editor-languages-missing.png` })

    await languages.getByLabel(/^general › headline/).fill('Attendez, nous pouvons vous aider')
    await preview.getByText('Attendez, nous pouvons vous aider').waitFor()
    await missing.getByText('Every string has a French version.').waitFor()

    // A language of the merchant's own: the preview follows it, right to left.
    await languages.getByLabel('Add a language').fill('ar')
    await languages.getByRole('button', { name: 'Add language' }).click()
    await expect.poll(() => page.getByLabel('Preview language').inputValue()).toBe('ar')
    await expect.poll(() => preview.locator('[dir="rtl"][lang="ar"]').count()).toBe(1)
    await languages.getByLabel(/^widget › next/).fill('متابعة')
    await preview.getByText('Before you go…').count()
    await page.screenshot({ animations: 'disabled', path: `${ARTIFACTS}editor-languages-arabic.png` })

    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText(/^Version \d+ · saved/).waitFor()
    const published = (await (
      await fetch(`${product.url}/api/widget/config/${accountId}`)
    ).json()) as WidgetConfigResponse
    expect(published.locales.fr?.words.screens['reason.']?.headline).toBe('Attendez, nous pouvons vous aider')
    expect(published.locales.ar).toMatchObject({ dir: 'rtl', ui: { next: 'متابعة' } })
    expect(published.locales.ar?.words.screens['reason.']?.headline).toBe('\u2068Wait, we can help\u2069')
  })
})
