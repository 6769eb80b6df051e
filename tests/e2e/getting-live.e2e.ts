import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createStripeClient, seedMerchant } from '@retainkit/fakes/stripe'
import { createSubscriberToken } from '@retainkit/node'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import {
  accessTokenOf,
  consoleApi,
  ensureConsoleBuilt,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { accountPage, tokenEndpoint } from '../support/merchant-pages'
import type { MerchantAccount } from '../support/product'
import {
  launchChromium,
  type MerchantSite,
  type Product,
  startMerchantSite,
  startProduct,
} from '../support/product'

/**
 * A new merchant's way to a working install, in Chromium against the real server: the dashboard's
 * getting-live checklist ticks each step within 5 s of it being done (Stripe, flow, widget secret,
 * the snippet on a real page, a test session through the real widget, a live session), goes away when
 * all are done and comes back from Settings; the headline figures row; and the Install page lists each
 * kind of widget error the server refused, in plain words with the fix.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/getting-live/', import.meta.url))
const EMAIL = 'getting-live-owner@example.com'
const MARK_WITHIN_MS = 5000

let product: Product
let browser: Browser
let site: MerchantSite
let context: BrowserContext
let page: Page
let accountId: string
let token: string

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  consoleApi(product, token, `/api/account?accountId=${accountId}&action=${path}`, init)

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`)
  return (await response.json()) as { data: Record<string, unknown> }
}

/** Does `act`, then measures how long until the dashboard's checklist shows the step as done. */
async function markedWithin(step: string, act: () => Promise<unknown>): Promise<number> {
  const item = page.locator(`[data-testid="getting-live"] [data-step="${step}"]`)
  expect(await item.getAttribute('data-done')).toBe('false')
  await act()
  const started = Date.now()
  await page
    .locator(`[data-testid="getting-live"] [data-step="${step}"][data-done="true"]`)
    .waitFor({ timeout: MARK_WITHIN_MS })
  return Date.now() - started
}

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct({ seed: false })
  useDevOutbox(product)
  browser = await launchChromium()
  site = await startMerchantSite()
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  page = await signUpInConsole(product, context, EMAIL)
  accountId = new URL(page.url()).searchParams.get('account_id') ?? ''
  token = await accessTokenOf(page)
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await site?.close()
  await product?.stop()
})

describe('getting live', () => {
  it('ticks each step within 5 s of its completion and goes away when all are done', async () => {
    const checklist = page.getByRole('region', { name: 'Getting live' })
    await checklist.getByText('0 of 6 done').waitFor()
    await page.screenshot({ path: `${ARTIFACTS}checklist-new-account.png`, fullPage: true })
    expect(await axeProblems(page)).toEqual([])
    // Each open step offers the one action that completes it.
    await checklist.getByRole('link', { name: 'Connect Stripe' }).waitFor()
    await checklist.getByRole('link', { name: 'Open the editor' }).waitFor()

    const merchant = await seedMerchant(product.stripe)
    const timings: Record<string, number> = {}
    timings.stripe_connected = await markedWithin('stripe_connected', async () =>
      expectOk(
        await api('credentials', {
          body: { gateway: 'stripe', api_key: merchant.keys.secret, access_token: merchant.keys.publishable },
        }),
        'connect Stripe',
      ),
    )
    timings.flow_customised = await markedWithin('flow_customised', async () => {
      const config = createDefaultConfig()
      config.copy.general.headline = 'Before you go, a word'
      await expectOk(await api('config', { method: 'PUT', body: { config_json: config } }), 'save config')
    })
    let liveSecret = ''
    timings.widget_secret_created = await markedWithin('widget_secret_created', async () => {
      const created = await expectOk(await api('widget-secret', { method: 'POST' }), 'widget secret')
      liveSecret = created.data.secret as string
    })

    // The merchant's own page on localhost, with the test-site snippet and a real subscriber.
    const sdk = createStripeClient(product.stripe, merchant.keys.secret)
    const customer = await sdk.customers.create({ name: 'Getting Live', email: 'gl@example.com' })
    await sdk.subscriptions.create({
      customer: customer.id,
      items: [{ price: merchant.prices.proMonthly }],
      billing_mode: { type: 'classic' },
    })
    const account = {
      accountId,
      tokenFor: (customerId: string) =>
        createSubscriberToken({ accountId, customerId, mode: 'test', secret: liveSecret }),
    } as unknown as MerchantAccount
    site.setPage('/account', accountPage({ productUrl: product.url, account }))
    site.setPage('/token', tokenEndpoint(account))
    // Another window, as a merchant would have it: the dashboard stays the visible page of its own.
    const shopContext = await browser.newContext()
    const shop = await shopContext.newPage()
    shop.on('console', (message) => console.log(`[shop ${message.type()}] ${message.text()}`))
    timings.snippet_seen = await markedWithin('snippet_seen', async () => {
      await shop.goto(`${site.url}/account?customer=${customer.id}`)
      // Hovering the cancel link prefetches the widget, which reads the account's config.
      await shop.getByRole('link', { name: 'Cancel subscription' }).hover()
    })
    timings.first_test_session = await markedWithin('first_test_session', async () => {
      await shop.getByRole('link', { name: 'Cancel subscription' }).click()
      await shop.getByRole('dialog').waitFor()
    })
    await shopContext.close()
    const last = await markedWithin('first_live_session', async () => {
      const live = createSubscriberToken({ accountId, customerId: customer.id, secret: liveSecret })
      const response = await fetch(`${product.url}/api/widget/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${live}`, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(response.status).toBe(201)
    }).catch(async (error: unknown) => {
      // The last tick may land just as the finished checklist goes away.
      if ((await checklist.count()) === 0) return 0
      throw error
    })
    timings.first_live_session = last
    console.log(`[e2e] checklist marks (ms after each step): ${JSON.stringify(timings)}`)
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(MARK_WITHIN_MS)
    await checklist.waitFor({ state: 'detached', timeout: MARK_WITHIN_MS })

    // Settings → Install reopens it, every step ticked, with a way to hide it again.
    await page.goto(`${product.url}/settings/?tab=install`)
    await page.getByRole('link', { name: 'Show the getting-live checklist' }).click()
    await checklist.getByText('6 of 6 done').waitFor()
    await page.getByRole('button', { name: 'Hide checklist' }).click()
    await checklist.waitFor({ state: 'detached' })
  })

  it('shows the headline figures above the charts', async () => {
    await page.goto(`${product.url}/dashboard/?account_id=${accountId}&period=30days`)
    const row = page.getByTestId('headline-figures')
    await row.getByText('Cancel sessions').waitFor()
    // One live session this period, none the 30 days before.
    await row.getByText('Up 1 from none the previous period').waitFor()
    for (const label of ['Save rate', 'Saved MRR', 'Top reason']) await row.getByText(label).waitFor()
    await page.screenshot({ path: `${ARTIFACTS}dashboard-headline.png`, fullPage: true })
  })

  it('lists each kind of widget error on the Install page, in plain words with the fix', async () => {
    const live = await expectOk(await api('widget-secret', { method: 'POST' }), 'second secret')
    const secret = live.data.secret as string
    const liveToken = createSubscriberToken({ accountId, customerId: 'cus_GlErrors', secret })
    const call = (authorization: string, origin?: string) =>
      fetch(`${product.url}/api/widget/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${authorization}`,
          'content-type': 'application/json',
          ...(origin ? { origin } : {}),
        },
        body: '{}',
      })
    expect((await call(liveToken, 'https://not-acme.example')).status).toBe(403)
    expect((await call(liveToken, 'http://localhost:8080')).status).toBe(403)
    const expired = createSubscriberToken({
      accountId,
      customerId: 'cus_GlErrors',
      secret,
      now: new Date(Date.now() - 3600_000),
      ttlSeconds: 60,
    })
    expect((await call(expired)).status).toBe(401)
    const forged = createSubscriberToken({ accountId, customerId: 'cus_GlErrors', secret: `${secret}x` })
    expect((await call(forged)).status).toBe(401)
    // A Starter account whose 50 sessions this month are used up.
    await product.deps.db
      .updateTable('accounts')
      .set({ tier: 'free', trial_ends_at: new Date() })
      .where('id', '=', accountId)
      .execute()
    product.deps.widgetConfigCache.invalidate(accountId)
    const now = new Date()
    await product.deps.db
      .insertInto('cancel_sessions')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          id: `cs_glcap${i}`,
          account_id: accountId,
          customer_id: `cus_GlCap${i}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute()
    const capped = await call(liveToken)
    expect(await capped.json()).toEqual({ fallback: true, reason: 'session_limit' })

    await page.goto(`${product.url}/settings/?tab=install`)
    const list = page.getByTestId('widget-errors')
    await list.getByRole('button', { name: 'Check for new errors' }).click()
    await list
      .getByText('A page on https://not-acme.example tried to use your widget, and was refused.')
      .waitFor()
    await list.getByText(/A live-mode widget was used on http:\/\/localhost:8080/).waitFor()
    await list.getByText('A subscriber token had expired before the widget used it.').waitFor()
    await list.getByText('A subscriber token was refused: Subscriber token signature is invalid.').waitFor()
    await list.getByText(/this month's Starter sessions are used up/).waitFor()
    expect(await list.getByText('Fix:').count()).toBe(5)
    await page.screenshot({ path: `${ARTIFACTS}install-widget-errors.png`, fullPage: true })
    expect(await axeProblems(page)).toEqual([])
  })
})
