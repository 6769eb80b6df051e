import { fileURLToPath } from 'node:url'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { builtInLegal } from '@retainkit/shared/i18n'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectCleanLayout } from '../support/clean-layout'
import { type ConsoleOwner, type StorageState, startConsoleOwner } from '../support/console-owner'
import type { Product } from '../support/product'

/**
 * Issue 34: the editor's "Preview as a subscriber from …" in Chromium against the real server. The
 * merchant's saved flow has a discount whose button beside it says "Maybe later" (no way on to cancel)
 * and the built-in rules' UK cap of one offer and three screens. A UK subscriber gets the capped flow and
 * the draft's warnings name both problems; Minnesota gets offers only after the cancellation; Germany the
 * statutory page instead of the flow. At a laptop's width (beside the form) and a phone's (the sheet),
 * axe-clean, no overlap, no sideways scroll.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/editor-subscriber-preview/', import.meta.url))
const VIEWPORTS = { laptop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const
const STATUTORY = builtInLegal('en').statutory.words

let owner: ConsoleOwner
let product: Product
let browser: Browser
let accountId: string
let storage: StorageState

beforeAll(async () => {
  owner = await startConsoleOwner('subscriber-preview@example.com', { artifacts: ARTIFACTS })
  ;({ product, browser, storage, accountId } = owner)
  const config = createDefaultConfig()
  config.copy.discount.cta_secondary = 'Maybe later'
  const saved = await owner.api(`/api/account?accountId=${accountId}&action=config`, {
    method: 'PUT',
    body: { config_json: config },
  })
  expect(saved.status, await saved.text()).toBe(200)
})

afterAll(() => owner?.stop())

/** The live preview: beside the form on a laptop, the sheet opened from "Preview" on a phone. */
async function livePreview(page: Page, size: keyof typeof VIEWPORTS): Promise<Locator> {
  await page.goto(`${product.url}/editor/?account_id=${accountId}`)
  await page.getByRole('heading', { name: 'Cancel flow editor', level: 1 }).waitFor()
  if (size === 'laptop') return page.getByRole('complementary', { name: 'Live preview' })
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  const sheet = page.getByRole('dialog', { name: 'Live preview' })
  await sheet.waitFor()
  return sheet
}

async function from(group: Locator, country: string, state = ''): Promise<string> {
  await group.getByLabel('Country (ISO code)').fill(country)
  await group.getByLabel('State or province').fill(state)
  return (await group.getByRole('status').textContent()) ?? ''
}

async function layoutIsClean(page: Page, width: number, name: string) {
  await page.waitForTimeout(400) // the widget's entry animation, before the screenshot and axe
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, animations: 'disabled' })
  // On a phone the preview is a modal sheet over the form: only its own text can collide.
  await expectCleanLayout(page, width, { axe: 'all', scope: width < 600 ? 'dialog[open]' : undefined })
}

describe.each(Object.entries(VIEWPORTS))('preview as a subscriber from … at %s size', (size, viewport) => {
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    context = await browser.newContext({ viewport, storageState: storage })
    page = await context.newPage()
  })
  afterAll(() => context?.close())

  it('caps the UK, warns about the offer without a cancel control, shows MN and DE their modes', async () => {
    const preview = await livePreview(page, size as keyof typeof VIEWPORTS)
    const group = preview.getByRole('group', { name: 'Preview as a subscriber from …' })
    const warnings = group.getByRole('listitem')
    const flow = preview.getByRole('region', { name: 'Cancel flow preview' })

    // No address: the standard flow, four screens (reason, feedback, offer, confirm).
    await flow.getByText('Step 1 of 4').waitFor()

    // The UK: the cap of one offer and three screens, the flow cut to it.
    expect(await from(group, 'GB')).toContain('Capped screens and offers')
    await flow.getByText('Step 1 of 3').waitFor()
    const said = await warnings.allTextContents()
    expect(said.some((text) => text.startsWith('Discount (English): the button beside the offer'))).toBe(true)
    expect(said.some((text) => text.startsWith('Pause'))).toBe(false)
    expect(said.some((text) => text.includes('the cap is 3 screens and 1 offer'))).toBe(true)
    await layoutIsClean(page, viewport.width, `uk-${size}`)

    // Minnesota: offers only after the cancellation.
    const minnesota = await from(group, 'US', 'MN')
    expect(minnesota).toContain('Offers only after the cancellation')
    expect(minnesota).toContain('US-MN')
    // The merchant's flow, not the statutory page (the offers are left out of it, as the dom test shows).
    await flow.getByText('Before you go…').waitFor()
    // Three steps counted (reason, feedback, confirm): the mode leaves no offer step to count.
    await flow.getByText('Step 1 of 3').waitFor()
    expect(await preview.getByRole('region', { name: 'Statutory page preview' }).count()).toBe(0)
    await layoutIsClean(page, viewport.width, `mn-${size}`)

    // Germany: the statutory page instead of the flow, only the fields the law lists.
    expect(await from(group, 'DE')).toContain('Statutory cancellation page')
    const statutory = preview.getByRole('region', { name: 'Statutory page preview' })
    await statutory.getByRole('heading', { name: STATUTORY.termination_headline }).waitFor()
    await statutory.getByText(STATUTORY.submit_termination).waitFor()
    await statutory.getByText(STATUTORY.email_label, { exact: true }).waitFor()
    expect(await flow.count()).toBe(0)
    await layoutIsClean(page, viewport.width, `de-${size}`)
  })
})
