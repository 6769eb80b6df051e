import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import {
  accessTokenOf,
  addMember,
  ensureConsoleBuilt,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * Segment conditions from the connected Stripe catalogue in Chromium, at laptop and phone widths:
 * a price picked by typing its name and choosing with the keyboard (the Stripe fake's catalogue read
 * through the server), MRR written as dollars and saved as cents, axe clean with the list open and
 * nothing wider than the screen; the preview's sample subscriber given by the same pickers.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/segments-catalog/', import.meta.url))

let product: Product
let browser: Browser

beforeAll(async () => {
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct()
  useDevOutbox(product)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

describe.each([
  { name: 'laptop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
])('segment pickers at $name size', ({ name, width, height }) => {
  it('picks a Stripe price by name with the keyboard and takes MRR in dollars', async () => {
    const account = await product.createMerchantAccount({ tier: 'pro' })
    const context = await browser.newContext({ viewport: { width, height } })
    const page = await signUpInConsole(product, context, `catalog-${name}@example.com`)
    const user = await fetch(`${product.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${await accessTokenOf(page)}`, apikey: product.deps.anonKey },
    })
    await addMember(product, account.accountId, ((await user.json()) as { id: string }).id, 'owner')
    await page.goto(`${product.url}/settings/?tab=segments&account_id=${account.accountId}`)
    await page.getByRole('button', { name: 'Add segment' }).click()
    const first = page.getByRole('group', { name: 'Condition 1' })
    await first.getByLabel('Attribute').selectOption('plan')

    const box = first.getByRole('combobox', { name: 'Price' })
    await box.focus()
    await page.keyboard.type('team')
    const list = first.getByRole('listbox', { name: 'Price' })
    await list.waitFor()
    expect(await list.getByRole('option').allTextContents()).toEqual([
      `Team – Team monthly · $99/month ${account.merchant.prices.teamMonthly}`,
    ])
    // The open list: nothing overlaps the screen's edge, and axe finds nothing.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    const listBox = await list.boundingBox()
    expect(listBox && listBox.x >= 0 && listBox.x + listBox.width <= width).toBe(true)
    await page.screenshot({ path: `${ARTIFACTS}${name}-picker.png`, animations: 'disabled' })
    expect(await axeProblems(page)).toEqual([])
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(() => box.inputValue()).toBe(account.merchant.prices.teamMonthly)
    expect(await first.getByTestId('catalog-note').textContent()).toBe('Team – Team monthly · $99/month')

    await page.getByRole('button', { name: 'Add condition', exact: true }).click()
    const second = page.getByRole('group', { name: 'Condition 2' })
    await second.getByLabel('Attribute').selectOption('mrr')
    await second.getByLabel('Test').selectOption('gt')
    await second.getByText('Monthly revenue in USD, your Stripe prices’ currency').waitFor()
    await second.getByLabel('Value').fill('49.90')
    await page.getByRole('button', { name: 'Save segments' }).click()
    await page.getByText('Segments saved').first().waitFor()

    const res = await account.consoleApi(`/api/account?accountId=${account.accountId}&action=segments`)
    const saved = (await res.json()) as { data: { segments: Array<{ rule: { conditions: unknown[] } }> } }
    expect(saved.data.segments[0]?.rule.conditions).toEqual([
      { attribute: 'plan', operator: 'equals', value: account.merchant.prices.teamMonthly },
      { attribute: 'mrr', operator: 'gt', value: 4990 },
    ])

    // The sample subscriber is given the same way: a plan picked by name, MRR in dollars.
    const sample = page.getByRole('region', { name: 'Preview as a sample subscriber' })
    const plan = sample.getByRole('combobox', { name: 'Plan' })
    await plan.focus()
    await page.keyboard.type('team')
    const sampleList = sample.getByRole('listbox', { name: 'Plan' })
    await sampleList.waitFor()
    const sampleListBox = await sampleList.boundingBox()
    expect(sampleListBox && sampleListBox.x >= 0 && sampleListBox.x + sampleListBox.width <= width).toBe(true)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    expect(await axeProblems(page)).toEqual([])
    await page.keyboard.press('Enter')
    await expect.poll(() => plan.inputValue()).toBe(account.merchant.prices.teamMonthly)
    const mrr = sample.getByLabel('MRR in USD')
    const verdict = sample.getByTestId('sample-segment')
    await mrr.fill('49.90')
    await verdict.filter({ hasText: 'the default flow' }).waitFor()
    await mrr.fill('49.91')
    await verdict.filter({ hasText: 'segment 1' }).waitFor()
    await page.screenshot({ path: `${ARTIFACTS}${name}-sample.png`, animations: 'disabled' })
    await context.close()
  })
})
