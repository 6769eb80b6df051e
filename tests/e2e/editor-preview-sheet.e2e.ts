import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import { type ConsoleOwner, type StorageState, startConsoleOwner } from '../support/console-owner'
import type { Product } from '../support/product'
import { overlappingText } from '../support/text-overlap'

/**
 * The editor's live preview on a phone and on a laptop, in Chromium against the real server (issue 33,
 * phone-first details). At 390 px the preview is a sheet opened by a labelled "Preview" button that stays
 * in reach while the long form scrolls: focus moves into the sheet and stays there, Escape and its Close
 * preview button close it and give focus back to the button, and it shows the unsaved draft. At 1280 px the
 * preview stays beside the form, with no Preview button. Axe-clean, no sideways scroll at both sizes.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/editor-preview/', import.meta.url))
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const

let owner: ConsoleOwner
let product: Product
let browser: Browser
let accountId: string
let storage: StorageState

beforeAll(async () => {
  owner = await startConsoleOwner('preview-sheet@example.com', { artifacts: ARTIFACTS })
  ;({ product, browser, storage, accountId } = owner)
})

afterAll(() => owner?.stop())

async function openEditor(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${product.url}/editor/?account_id=${accountId}`)
  await page.getByRole('heading', { name: 'Cancel flow editor', level: 1 }).waitFor()
  const reasonScreen = page.getByRole('group', { name: 'Reason question' })
  await reasonScreen.getByLabel('Headline', { exact: true }).fill('Typed on a small screen')
  return page
}

/** Whether the focused element (a shadow host counts for what is inside it) is inside the sheet. */
const focusInSheet = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))

describe('the editor preview on a phone (390 px)', () => {
  let context: BrowserContext
  beforeAll(async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.phone, storageState: storage })
  })
  afterAll(() => context?.close())

  it('opens the live preview as a sheet from a Preview button that stays in reach', async () => {
    const page = await openEditor(context)
    // Not drawn under the whole form any more: the preview waits for the button.
    expect(await page.getByRole('region', { name: 'Cancel flow preview' }).count()).toBe(0)
    const button = page.getByRole('button', { name: 'Preview', exact: true })
    // Far down the form, the button is still on screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const box = await button.boundingBox()
    expect(box).not.toBeNull()
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0)
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(VIEWPORTS.phone.height)
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    console.log(`[e2e] editor height at 390 px: ${height} px`)

    await button.click()
    const sheet = page.getByRole('dialog', { name: 'Live preview' })
    await sheet.waitFor()
    expect(await focusInSheet(page)).toBe(true)
    // The same live preview: the unsaved draft as subscribers would see it.
    await sheet
      .getByRole('region', { name: 'Cancel flow preview' })
      .getByText('Typed on a small screen')
      .waitFor()
    // Focus stays in the sheet however far one tabs, forwards and back.
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab')
      expect(await focusInSheet(page)).toBe(true)
    }
    for (let step = 0; step < 10; step += 1) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusInSheet(page)).toBe(true)
    }
    await page.waitForTimeout(500) // the widget's entry animation, before the screenshot and axe
    await page.screenshot({ path: `${ARTIFACTS}sheet-phone.png`, animations: 'disabled' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await sheet.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    )
    expect(await axeProblems(page)).toEqual([])

    // Escape closes it (from wherever the tabbing left focus); focus is back on the button.
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)

    // From the keyboard again, then the Close button.
    await page.keyboard.press('Enter')
    await sheet.waitFor()
    expect(await focusInSheet(page)).toBe(true)
    await sheet.getByRole('button', { name: 'Close preview' }).click()
    await sheet.waitFor({ state: 'hidden' })
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)

    // The page as it opens (the sticky header hides, but does not overlap, the form scrolled under it).
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${ARTIFACTS}editor-phone.png`, animations: 'disabled' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await overlappingText(page)).toEqual([])
    expect(await axeProblems(page)).toEqual([])
  })
})

describe('the editor preview on a laptop (1280 px)', () => {
  let context: BrowserContext
  beforeAll(async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.laptop, storageState: storage })
  })
  afterAll(() => context?.close())

  it('keeps the live preview beside the form, with no Preview button', async () => {
    const page = await openEditor(context)
    const aside = page.getByRole('complementary', { name: 'Live preview' })
    await aside
      .getByRole('region', { name: 'Cancel flow preview' })
      .getByText('Typed on a small screen')
      .waitFor()
    expect(await page.getByRole('button', { name: 'Preview', exact: true }).count()).toBe(0)
    const form = await page.getByRole('form', { name: 'Cancel flow settings' }).boundingBox()
    const preview = await aside.boundingBox()
    expect(preview?.x ?? 0).toBeGreaterThanOrEqual((form?.x ?? 0) + (form?.width ?? 0))
    await page.waitForTimeout(500)
    await page.screenshot({ path: `${ARTIFACTS}beside-laptop.png`, animations: 'disabled' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
    expect(await overlappingText(page)).toEqual([])
    expect(await axeProblems(page)).toEqual([])
  })
})
