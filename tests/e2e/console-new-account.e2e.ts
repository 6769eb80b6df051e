import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import { ensureConsoleBuilt, signUpInConsole, useDevOutbox } from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'
import { overlappingText } from '../support/text-overlap'

/**
 * A merchant's first minutes, signed up in Chromium at a phone's and a laptop's width against the real
 * server (issue 33): the new account's id is random, with nothing of the owner's address in it or in the
 * install snippet that puts it on the merchant's public pages (#8); the new dashboard says "nothing
 * yet" once for the page, not once per panel (#9). Axe-clean, no overlap, no sideways scroll.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/new-account/', import.meta.url))
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const

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

describe.each(Object.entries(VIEWPORTS))('a new account at %s size', (size, viewport) => {
  it("has a random id (nothing of the owner's address in it or its snippet) and one empty state on its dashboard", async () => {
    const context = await browser.newContext({ viewport })
    const email = `jane.doe.${size}@example.com`
    const page = await signUpInConsole(product, context, email)
    const accountId = new URL(page.url()).searchParams.get('account_id') ?? ''
    expect(accountId).toMatch(/^acct_[A-Za-z0-9]{16}$/)
    for (const part of ['jane', 'doe', size]) expect(accountId.toLowerCase()).not.toContain(part)

    // One empty state for the page, none per panel.
    const empty = page.getByTestId('dashboard-empty')
    await empty.getByRole('heading', { name: 'No cancel sessions in this period' }).waitFor()
    expect(await empty.count()).toBe(1)
    expect(await page.locator('.rk-card__empty').count()).toBe(0)
    expect(await page.getByText('nothing yet', { exact: false }).count()).toBe(1)
    await page.screenshot({
      path: `${ARTIFACTS}dashboard-${size}.png`,
      fullPage: true,
      animations: 'disabled',
    })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    )
    expect(await overlappingText(page)).toEqual([])
    expect(await axeProblems(page)).toEqual([])

    // The snippet a merchant pastes into public pages carries the id and nothing of the address.
    await page.goto(`${product.url}/settings/?tab=install&account_id=${accountId}`)
    const snippet = page.locator('main pre code').first()
    await snippet.waitFor()
    const code = (await snippet.textContent()) ?? ''
    expect(code).toContain(accountId)
    for (const part of ['jane', 'doe']) expect(code.toLowerCase()).not.toContain(part)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    )
    expect(await axeProblems(page)).toEqual([])
    await context.close()
  })
})
