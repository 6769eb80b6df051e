import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { deliverDueWebhooks } from '@retainkit/server/testing'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import { expectCleanLayout } from '../support/clean-layout'
import { ensureConsoleBuilt, signUpInConsole, useDevOutbox } from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * Settings → Webhooks in Chromium against the real server, at a phone's and a laptop's width: an
 * http:// URL refused with its message, an HTTPS endpoint added with the Slack preset, its signing
 * secret shown once, the same URL refused a second time, a test event of a chosen type sent through the
 * real outbox and worker, the log naming the endpoint, and a replay that says what it is doing until
 * the worker's attempt lands; keyboard-reachable, axe-clean, no overlapping text.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/console/', import.meta.url))
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 900 } } as const
const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/XXXX'
// A Slack URL is a credential: every listing shows it with its token masked.
const SLACK_MASKED = 'https://hooks.slack.com/services/T000/B000/****'

let product: Product
let browser: Browser
/** What the merchant's receiver answers next (the worker's deliveries go through deps.webhookFetch). */
let answers: number[] = []
const received: string[] = []

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct({ seed: false })
  useDevOutbox(product)
  product.deps.webhookFetch = async (url, init) => {
    received.push(`${url} ${String(init.body)}`)
    return new Response('', { status: answers.shift() ?? 200 })
  }
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

describe.each(Object.entries(VIEWPORTS))('Settings → Webhooks at %s size', (size, viewport) => {
  let context: BrowserContext
  afterAll(() => context?.close())

  it('adds an endpoint from the keyboard, refuses the same URL twice, sends a test event and shows a replay land', async () => {
    context = await browser.newContext({ viewport })
    const page = await signUpInConsole(product, context, `webhooks-${size}@example.com`)
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

    await url.fill(SLACK_URL)
    await page.getByLabel('Format').selectOption('slack')
    await page.getByRole('checkbox', { name: /session\.started/ }).uncheck()
    await page.getByRole('button', { name: 'Add endpoint' }).focus()
    await page.keyboard.press('Enter')
    const secret = page.getByLabel('Signing secret')
    await secret.waitFor()
    expect(await secret.inputValue()).toMatch(/^whsec_/)
    const endpoints = page.getByRole('table', { name: 'Webhook endpoints' })
    await endpoints.getByText(SLACK_MASKED, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'I have saved it' }).click()
    expect(await page.content()).not.toContain('whsec_')
    expect(await page.content()).not.toContain('B000/XXXX')

    // The same URL again (every event would arrive twice): refused, with the reason beside the field.
    await url.fill(SLACK_URL)
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    await page.getByText('This URL already receives your webhooks', { exact: false }).waitFor()
    expect(await endpoints.getByText(SLACK_MASKED, { exact: true }).count()).toBe(1)

    // A test event of a chosen type, through the real outbox: the receiver fails once, then a replay.
    await page.getByLabel('Test event', { exact: true }).selectOption('save.lost')
    await page.getByRole('button', { name: `Send test event (save.lost) to ${SLACK_MASKED}` }).click()
    await page.getByText('Test event queued').first().waitFor()
    // The toast is an overlay by design: dismissed before the page's own layout is checked.
    await page.getByRole('button', { name: 'Dismiss notification: Test event queued' }).dispatchEvent('click')
    await page.getByText('Test event queued').waitFor({ state: 'detached' })
    const log = page.getByRole('table', { name: 'Recent deliveries' })
    const row = log.locator('tr', { hasText: 'save.lost' })
    await row.getByText('Test', { exact: true }).waitFor()
    await row.getByText(SLACK_MASKED).waitFor()
    // Nothing was attempted yet: it says it is on its way, never "Retrying".
    await row.getByText('Queued: sending…').waitFor()
    expect(await row.textContent()).not.toContain('Retrying')
    answers = [500]
    expect(await deliverDueWebhooks(product.deps)).toEqual({ attempted: 1, delivered: 0 })
    expect(received.at(-1)).toContain('[Test]')
    await row.getByText(/^Retrying in \d+ (second|minute)s? \(last answer 500\)$/).waitFor()
    await row.getByText('500', { exact: true }).waitFor()
    await row.getByRole('button', { name: /^Replay save\.lost delivery/ }).click()
    await row.getByText('Replay queued: sending…').waitFor()
    await page.screenshot({
      path: `${ARTIFACTS}settings-webhooks-${size}.png`,
      fullPage: true,
      animations: 'disabled',
    })
    await expectCleanLayout(page, viewport.width)
    expect(await deliverDueWebhooks(product.deps)).toEqual({ attempted: 1, delivered: 1 })
    await row.getByText('Replayed: delivered').waitFor()
    await row.getByText('500, 200').waitFor()
  })
})
