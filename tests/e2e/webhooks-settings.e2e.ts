import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import { ensureConsoleBuilt, signUpInConsole, useDevOutbox } from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * Settings → Webhooks in Chromium against the real server: an http:// URL refused with its message, an
 * HTTPS endpoint added with the Slack preset, its signing secret shown once, the list and the (empty)
 * delivery log, keyboard-reachable, with no serious axe violations.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/console/', import.meta.url))

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

describe('Settings → Webhooks', () => {
  it('adds an endpoint from the keyboard, shows the secret once, and passes axe', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await signUpInConsole(product, context, 'webhooks-owner@example.com')
    const accountId = new URL(page.url()).searchParams.get('account_id')
    await page.goto(`${product.url}/settings/?tab=webhooks&account_id=${accountId}`)
    await page.getByText('No endpoints yet.').waitFor()
    await page.getByText('No deliveries yet.').waitFor()
    expect(await axeProblems(page)).toEqual([])

    const url = page.getByLabel('Endpoint URL')
    await url.fill('http://merchant.example/hooks')
    await url.press('Enter')
    await page.getByText('The endpoint URL must start with https://').waitFor()
    expect(await url.getAttribute('aria-invalid')).toBe('true')

    await url.fill('https://hooks.slack.com/services/T000/B000/XXXX')
    await page.getByLabel('Format').selectOption('slack')
    await page.getByRole('checkbox', { name: /session\.started/ }).uncheck()
    await page.getByRole('button', { name: 'Add endpoint' }).focus()
    await page.keyboard.press('Enter')
    const secret = page.getByLabel('Signing secret')
    await secret.waitFor()
    const shown = await secret.inputValue()
    expect(shown).toMatch(/^whsec_/)
    await page
      .getByRole('cell', { name: 'https://hooks.slack.com/services/T000/B000/XXXX', exact: true })
      .waitFor()
    await page.getByRole('cell', { name: 'Slack', exact: true }).waitFor()
    await page.screenshot({
      path: `${ARTIFACTS}settings-webhooks.png`,
      fullPage: true,
      animations: 'disabled',
    })
    expect(await axeProblems(page)).toEqual([])
    await page.getByRole('button', { name: 'I have saved it' }).click()
    expect(await page.content()).not.toContain((await secret.count()) ? 'x' : 'whsec_')
    await context.close()
  })
})
