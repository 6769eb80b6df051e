import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectCleanLayout } from '../support/clean-layout'
import {
  accessTokenOf,
  consoleApi,
  ensureConsoleBuilt,
  setTier,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * The flow history in Chromium against the real server, at a laptop's and a phone's width: two saved
 * versions, the history page reached from the editor with who/when and the difference from the live
 * version in the editor's words, and a one-click rollback that becomes version 3, recorded as
 * restoring version 1 by the person who clicked; on the phone each difference is a card whose values
 * keep their column's name; no sideways scroll, no overlapping text, axe clean at both.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/flow-history/', import.meta.url))
const VIEWPORTS = { laptop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const

let product: Product
let browser: Browser

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct({ seed: false })
  useDevOutbox(product)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

const shot = (page: Page, name: string) =>
  page.screenshot({ animations: 'disabled', path: `${ARTIFACTS}${name}.png`, fullPage: true })

const withDiscount = (amount: number, headline: string): CancelFlowConfig => {
  const config = createDefaultConfig()
  config.discount = { enabled: true, amount, duration: 3 }
  config.copy.general.headline = headline
  return config
}

describe.each(Object.entries(VIEWPORTS))('flow history in Chromium at %s size', (size, viewport) => {
  it('shows every version with who and when, the diff against the live one, and rolls back', async () => {
    const OWNER_EMAIL = `history-owner-${size}@example.com`
    const context = await browser.newContext({ viewport })
    const page = await signUpInConsole(product, context, OWNER_EMAIL)
    const accountId = new URL(page.url()).searchParams.get('account_id') as string
    await setTier(product, accountId, 'pro')
    const token = await accessTokenOf(page)
    const configUrl = `/api/account?accountId=${accountId}&action=config`
    // A new account may already have a version of its own: ours come after it.
    const start = (
      (await (await consoleApi(product, token, configUrl)).json()) as { data: { version: number } }
    ).data.version
    const [first, second, third] = [start + 1, start + 2, start + 3]
    for (const config of [withDiscount(20, 'First words'), withDiscount(45, 'Second words')]) {
      const res = await consoleApi(product, token, configUrl, {
        method: 'PUT',
        body: { config_json: config },
      })
      expect(res.status).toBe(200)
    }

    await page.goto(`${product.url}/editor/?account_id=${accountId}`)
    await page.getByRole('heading', { name: 'Cancel flow editor' }).waitFor()
    await page.getByRole('link', { name: 'Version history' }).click()
    await page.getByRole('heading', { name: 'Flow history', level: 1 }).waitFor()
    expect(await page.title()).toBe('Flow history · Retainkit')

    const version = (n: number) =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: new RegExp(`^Version ${n}\\b`) }) })
    await version(second).getByText('This is the live version.').waitFor()
    await version(first).getByText(`by ${OWNER_EMAIL}`, { exact: false }).waitFor()
    const diff = version(first).getByRole('table')
    // Each setting in the editor's words, its raw path on hover.
    const amountRow = diff.getByRole('row', { name: /^Save offers › Discount › Discount\b/ })
    expect(await amountRow.getByRole('cell').allTextContents()).toEqual(['45', '20'])
    expect(await amountRow.getByRole('rowheader').getAttribute('title')).toBe('discount.amount')
    const headlineRow = diff.getByRole('row', { name: /^Copy › Reason question › Headline\b/ })
    expect(await headlineRow.getByRole('cell').allTextContents()).toEqual(['Second words', 'First words'])
    expect(await headlineRow.getByRole('rowheader').getAttribute('title')).toBe('copy.general.headline')
    expect(await diff.getByText('copy.general.headline').count()).toBe(0)
    await shot(page, `history-before-rollback-${size}`)
    await expectCleanLayout(page, viewport.width)

    await version(first)
      .getByRole('button', { name: `Roll back to version ${first}` })
      .click()
    await page.getByText(`Version ${first} restored`).waitFor()
    await version(third).getByText('This is the live version.').waitFor()
    await version(third).getByText(`restored version ${first}`, { exact: false }).waitFor()
    await version(third).getByText(`by ${OWNER_EMAIL}`, { exact: false }).waitFor()
    await version(first).getByText('Same as the live version.').waitFor()
    const now = version(second).getByRole('row', { name: /^Save offers › Discount › Discount\b/ })
    expect(await now.getByRole('cell').allTextContents()).toEqual(['20', '45'])
    // The toast is an overlay by design: dismissed before the page's own layout is checked.
    await page
      .getByRole('button', { name: `Dismiss notification: Version ${first} restored` })
      .dispatchEvent('click')
    await page.getByText(`Version ${first} restored`).waitFor({ state: 'detached' })
    await shot(page, `history-after-rollback-${size}`)
    await expectCleanLayout(page, viewport.width)

    const live = await consoleApi(product, token, configUrl)
    const body = (await live.json()) as { data: { version: number; config_json: CancelFlowConfig } }
    expect(body.data.version).toBe(third)
    expect(body.data.config_json.discount.amount).toBe(20)
    expect(body.data.config_json.copy.general.headline).toBe('First words')

    // On a phone each difference is a card whose values keep their column's name, drawn for the eye
    // only: a screen reader reads each value with its column header, as in the laptop's table.
    const cells = version(second).getByRole('row', { name: /^Save offers › Discount › Discount\b/ })
    const shown = await cells
      .locator('th, td')
      .evaluateAll((elements) => elements.map((element) => getComputedStyle(element, '::before').content))
    expect(shown).toEqual(
      size === 'phone'
        ? ['"Setting" / ""', '"Live" / ""', `"Version ${second}" / ""`]
        : ['none', 'none', 'none'],
    )
    // Read as '45', not 'Live 45': the drawn label is not part of the cell's name.
    expect(await cells.getByRole('cell', { name: '45', exact: true }).count()).toBe(1)
    await context.close()
  })
})
