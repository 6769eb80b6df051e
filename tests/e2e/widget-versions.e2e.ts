import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createStripeClient, type SeededMerchant, seedMerchant } from '@retainkit/fakes/stripe'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import { createSubscriberToken } from '@retainkit/widget/token'
import type { Browser, Page } from 'playwright-core'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountPage, CANCEL_PAGE, cancelledPage } from '../support/merchant-pages'
import { previousRelease } from '../support/previous-release'
import {
  launchChromium,
  type MerchantAccount,
  type MerchantSite,
  startMerchantSite,
} from '../support/product'
import { type Deploy, startDeploy } from '../support/rolling-deploy'

/**
 * Deploys that subscribers never notice. The previous release (widget/releases/, its server from
 * tests/previous-release/) and this checkout's build run on one PostgreSQL behind one balancer, with a
 * merchant's page on another origin and Chromium:
 * - a browser still holding the previous loader (cached five minutes, or a tab open for days) gets its
 *   bundle from the new server, which answers it in its contract version: the flow opens and cancels;
 * - this release's widget against an instance not upgraded yet (a rolling deploy's first minutes, a
 *   rollback) opens and saves too;
 * - subscribers going through the flow while the balancer moves from the old instance to both to the
 *   new one (request by request) all finish it.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const release = previousRelease()
const current = JSON.parse(readFileSync(`${ROOT}widget/dist/sizes.json`, 'utf8')) as { widgetFile: string }

let deploy: Deploy
let site: MerchantSite
let browser: Browser
let merchant: SeededMerchant
let accountId = ''
let secret = ''
/** Every response the pages got, `<status> <path>`. */
const widgetFiles: string[] = []

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** The merchant, set up through the previous release (the only instance at first), as an owner would. */
async function provision(): Promise<void> {
  const base = deploy.url
  const { apiKey } = await json<{ apiKey: string }>(
    await fetch(`${base}/runtime-config.json`),
    'runtime config',
  )
  const email = 'owner@rolling.example'
  await json(
    await fetch(`${base}/auth/v1/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: apiKey },
      body: JSON.stringify({ email, create_user: true }),
    }),
    'magic link',
  )
  let link: string | null | undefined
  for (let i = 0; i < 100 && !link; i++) {
    const mails = await json<{ link: string | null }[]>(
      await fetch(`${base}/auth/v1/dev/outbox?to=${encodeURIComponent(email)}`, {
        headers: { apikey: apiKey },
      }),
      'outbox',
    )
    link = mails.find((mail) => mail.link)?.link
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const location = (await fetch(link ?? '', { redirect: 'manual' })).headers.get('location') ?? ''
  const token = new URLSearchParams(location.split('#')[1] ?? '').get('access_token') ?? ''
  const call = async <T>(what: string, path: string, init: { method?: string; body?: unknown } = {}) =>
    (
      await json<{ data: T }>(
        await fetch(`${base}${path}`, {
          method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
          headers: {
            'x-api-key': apiKey,
            authorization: `Bearer ${token}`,
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }),
        what,
      )
    ).data
  accountId = 'acct_rolling'
  await call('account', '/api/accounts', {
    body: { account_id: accountId, name: 'Acme Cloud', domain: 'acme.example' },
  })
  // Upgrades go through billing, not part of this test: the tier set as the operator's tool would.
  await deploy.sql("update accounts set tier = 'pro' where id = $1", [accountId])
  merchant = await seedMerchant(deploy.stripe)
  const action = (name: string) => `/api/account?accountId=${accountId}&action=${name}`
  await call('credentials', action('credentials'), {
    body: { gateway: 'stripe', api_key: merchant.keys.secret, access_token: merchant.keys.publishable },
  })
  secret = (await call<{ secret: string }>('widget secret', action('widget-secret'), { method: 'POST' }))
    .secret
}

async function addSubscriber() {
  const sdk = createStripeClient(deploy.stripe, merchant.keys.secret)
  const customer = await sdk.customers.create({ name: 'Rolling Subscriber', email: 'rolling@example.com' })
  const subscription = await sdk.subscriptions.create({
    customer: customer.id,
    items: [{ price: merchant.prices.proMonthly }],
  })
  return { customerId: customer.id, subscriptionId: subscription.id }
}

const subscription = (id: string) =>
  deploy.stripe
    .state(merchant.account)
    .subscriptions.find((s) => s.id === id) as unknown as Stripe.Subscription

/**
 * A browser whose loader is `which` release's: the previous one as a browser that cached it before the
 * deploy holds it, this one as the new instances serve it. Every other request goes to the balancer.
 */
async function openPage(which: 'previous' | 'current', customerId: string): Promise<Page> {
  const page = await browser.newPage()
  page.on('response', (response) =>
    widgetFiles.push(`${response.status()} ${new URL(response.url()).pathname}`),
  )
  if (which === 'previous')
    await page.route(`${deploy.url}/w/loader.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: release.loader }),
    )
  else
    for (const file of ['loader.js', current.widgetFile])
      await page.route(`${deploy.url}/w/${file}`, (route) =>
        route.fulfill({ contentType: 'text/javascript', path: `${ROOT}widget/dist/${file}` }),
      )
  await page.goto(`${site.url}/account?customer=${customerId}`)
  await page.waitForFunction(
    () => (window as unknown as { Retainkit?: { loaded?: boolean } }).Retainkit?.loaded,
  )
  return page
}

/** The whole flow to a real cancellation: reason, feedback, confirm. */
async function cancelThroughFlow(page: Page) {
  await page.click('#cancel')
  await expect
    .poll(() => page.getByRole('dialog', { name: 'Before you go…' }).isVisible(), { timeout: 15_000 })
    .toBe(true)
  await page.getByLabel('Something else').check()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('textbox').fill('Rolling along')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect
    .poll(() => page.getByRole('heading', { name: 'Confirm your cancellation' }).isVisible(), {
      timeout: 15_000,
    })
    .toBe(true)
  await page.getByRole('button', { name: 'Confirm cancellation' }).click()
  await expect
    .poll(() => page.getByRole('heading', { name: 'Your cancellation is confirmed' }).isVisible(), {
      timeout: 15_000,
    })
    .toBe(true)
  // The merchant's own cancel page was never needed.
  expect(new URL(page.url()).pathname).toBe('/account')
}

beforeAll(async () => {
  ensureWidgetBuilt()
  deploy = await startDeploy()
  await deploy.startPrevious()
  deploy.route = 'previous'
  await provision()
  const account = {
    accountId,
    tokenFor: (customerId: string) => createSubscriberToken({ accountId, customerId, mode: 'test', secret }),
  } as unknown as MerchantAccount
  site = await startMerchantSite({
    pages: {
      '/account': accountPage({ productUrl: deploy.url, account }),
      '/token': (url) => account.tokenFor(url.searchParams.get('customer') ?? ''),
      [CANCEL_PAGE]: cancelledPage,
    },
  })
  browser = await launchChromium()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await deploy?.close()
})

describe('a deploy, seen from subscribers’ browsers', () => {
  it('before it: the previous release serves its own widget (the baseline the rest compares to)', async () => {
    const subscriber = await addSubscriber()
    const page = await openPage('previous', subscriber.customerId)
    await cancelThroughFlow(page)
    expect(subscription(subscriber.subscriptionId).cancel_at_period_end).toBe(true)
    await page.close()
  })

  it('this release’s widget against an instance not upgraded yet still opens the flow and cancels', async () => {
    const subscriber = await addSubscriber()
    const page = await openPage('current', subscriber.customerId)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await cancelThroughFlow(page)
    expect(subscription(subscriber.subscriptionId).cancel_at_period_end).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  it('during the deploy, old and new instances in turn: every subscriber’s flow finishes', async () => {
    await deploy.startCurrent()
    deploy.route = 'both'
    for (const which of ['previous', 'current'] as const) {
      const subscriber = await addSubscriber()
      const page = await openPage(which, subscriber.customerId)
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      const from = deploy.answered.length
      await cancelThroughFlow(page)
      expect(subscription(subscriber.subscriptionId).cancel_at_period_end).toBe(true)
      expect(errors).toEqual([])
      // Both instances took part in this very flow.
      const served = deploy.answered.slice(from).map((line) => line.split(' ')[0])
      expect(new Set(served)).toEqual(new Set(['previous', 'current']))
      await page.close()
    }
  })

  it('after it: a browser still holding the previous loader gets its bundle and its answers from the new server', async () => {
    deploy.route = 'current'
    await deploy.previous?.stop()
    const subscriber = await addSubscriber()
    // From before the page opens: the loader may fetch the bundle before the click.
    const from = widgetFiles.length
    const page = await openPage('previous', subscriber.customerId)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await cancelThroughFlow(page)
    expect(widgetFiles.slice(from)).toContain(`200 /w/${release.manifest.bundle}`)
    expect(subscription(subscriber.subscriptionId).cancel_at_period_end).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })
})
