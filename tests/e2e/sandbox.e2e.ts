import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/product'
import {
  artifactsFolder,
  flowVisible,
  loaderReady,
  openSandboxPage,
  type Sandbox,
  startTestSandbox,
} from '../support/sandbox'

/**
 * `npm run sandbox` in Chromium, as a newcomer uses it: the index, each test subscriber's scenario on
 * the example pages (offers by reason, an existing discount, Minnesota without offers, a real
 * cancellation), and the banner for the paused, scheduled and churned subscribers — each checked
 * against the Stripe fake and Retainkit's own records.
 */

let sandbox: Sandbox & { dispose(): Promise<void> }
let browser: Browser
let artifacts: string

beforeAll(async () => {
  artifacts = artifactsFolder('sandbox')
  sandbox = await startTestSandbox()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await sandbox?.dispose()
})

const subscription = (key: string) =>
  sandbox.stripe.fake
    .state(sandbox.stripe.merchant.account)
    .subscriptions.find(
      (s) => s.id === sandbox.subscriber(key).subscriptionId,
    ) as unknown as Stripe.Subscription

const heading = (page: Page) =>
  page.getByRole('dialog').getByRole('heading', { level: 2 }).first().textContent()

async function openFlow(page: Page) {
  await loaderReady(page)
  await page.click('#cancel-subscription')
  await flowVisible(page)
}

/** Reason and feedback; resolves with the heading of the screen that follows. */
async function reasonThenFeedback(page: Page, reason: string) {
  await page.getByLabel(reason).check()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('textbox').waitFor()
  await page.getByRole('textbox').fill('From the sandbox suite')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect
    .poll(
      async () =>
        (await heading(page)) !== 'Tell us a bit more' &&
        (await heading(page)) !== 'What could we have done better?',
    )
    .toBe(true)
  return heading(page)
}

describe('the sandbox as a newcomer meets it', () => {
  it('the index lists every example and subscriber, and leads to a working cancel flow', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 900 } })
    await page.goto(sandbox.site.url)
    await page.getByRole('heading', { name: 'Retainkit sandbox' }).waitFor()
    for (const title of [
      'Plain HTML account page',
      'Reactivation banner',
      'React single-page app',
      'Tag manager',
      'Aggressive global CSS',
      'Strict Content-Security-Policy',
      'Snippet included twice',
    ]) {
      expect(await page.getByRole('link', { name: title }).count()).toBe(1)
    }
    for (const subscriber of sandbox.subscribers)
      expect(await page.getByText(subscriber.customerId).count()).toBe(1)
    await page.screenshot({ animations: 'disabled', path: join(artifacts, 'index.png'), fullPage: true })
    await page
      .getByRole('row', { name: /Plain HTML account page/ })
      .getByRole('link', { name: 'Avery Monthly' })
      .click()
    await page.waitForURL(/\/account\?customer=cus_/)
    await openFlow(page)
    await page.screenshot({ animations: 'disabled', path: join(artifacts, 'account-open-flow.png') })
    await page.close()
  })

  it('the picker switches the signed-in subscriber, and the backend mints tokens for them only', async () => {
    const page = await openSandboxPage(browser, sandbox, '/account')
    await page
      .getByRole('navigation', { name: 'Test subscriber' })
      .getByRole('link', { name: 'Blake Annual' })
      .click()
    await page.waitForURL(new RegExp(`customer=${sandbox.subscriber('annual').customerId}`))
    expect(await page.getByText('Pro, $290/year').first().isVisible()).toBe(true)
    const minted = await page.evaluate(
      async (customer) => (await fetch(`/token?customer=${customer}`)).json(),
      sandbox.subscriber('annual').customerId,
    )
    const claims = JSON.parse(
      Buffer.from((minted as { token: string }).token.split('.')[1] ?? '', 'base64url').toString(),
    )
    expect(claims).toMatchObject({
      iss: 'sandbox',
      sub: sandbox.subscriber('annual').customerId,
      mode: 'test',
    })
    expect(await page.evaluate(async () => (await fetch('/token?customer=cus_Stranger')).status)).toBe(404)
    await page.close()
  })

  it('Avery Monthly: each reason leads to its offer, and the switch to yearly really happens', async () => {
    const page = await openSandboxPage(browser, sandbox, '/account', 'monthly')
    const offers: Record<string, string> = {}
    for (const reason of ["It's too expensive", "I'm not using it enough", 'My plan does not fit']) {
      await openFlow(page)
      offers[reason] = (await reasonThenFeedback(page, reason)) ?? ''
      await page.getByRole('button', { name: 'Close' }).first().click()
      await expect.poll(() => page.locator('[data-retainkit="cancel-flow"]').count()).toBe(0)
    }
    expect(offers).toEqual({
      "It's too expensive": 'How about 20% off?',
      "I'm not using it enough": 'Need a break? Pause instead',
      'My plan does not fit': 'Switch to a plan that fits better',
    })
    await openFlow(page)
    expect(await reasonThenFeedback(page, 'I want to pay yearly')).toBe('Change how often you pay')
    await page.getByRole('button', { name: 'Switch billing' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your billing has changed' }).isVisible())
      .toBe(true)
    await page.screenshot({ animations: 'disabled', path: join(artifacts, 'monthly-switched-to-yearly.png') })
    expect(subscription('monthly').items.data[0]?.price.id).toBe(sandbox.stripe.merchant.prices.proAnnual)
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved:' }).count()).toBeGreaterThan(0)
    await page.close()
  })

  it('Casey Discount: already discounted, so "too expensive" goes on to cancelling, no second discount', async () => {
    const page = await openSandboxPage(browser, sandbox, '/account', 'discounted')
    await openFlow(page)
    expect(await reasonThenFeedback(page, "It's too expensive")).toBe('Confirm your cancellation')
    await page.screenshot({
      animations: 'disabled',
      path: join(artifacts, 'discounted-no-second-discount.png'),
    })
    await page.close()
  })

  it('Harper Minnesota: no offers at all; the cancellation goes through to Stripe', async () => {
    const page = await openSandboxPage(browser, sandbox, '/account', 'minnesota')
    await openFlow(page)
    expect(await reasonThenFeedback(page, "I'm not using it enough")).toBe('Confirm your cancellation')
    await page.getByRole('button', { name: 'Confirm cancellation' }).click()
    // Minnesota's rule: the cancellation is done first; only then may the subscriber be asked
    // whether they want to hear an offer.
    await expect
      .poll(() => page.getByRole('heading', { name: /Would you like to hear an offer/ }).isVisible())
      .toBe(true)
    await page.screenshot({ animations: 'disabled', path: join(artifacts, 'minnesota-canceled.png') })
    expect(subscription('minnesota').cancel_at_period_end).toBe(true)
    const offered = await sandbox.retainkit.deps.db
      .selectFrom('session_events')
      .innerJoin('cancel_sessions', 'cancel_sessions.id', 'session_events.session_id')
      .select('session_events.step')
      .where('cancel_sessions.customer_id', '=', sandbox.subscriber('minnesota').customerId)
      .where('session_events.step', '=', 'offer_shown')
      .execute()
    expect(offered).toEqual([])
    await page.close()
  })
})

describe('the banner page', () => {
  const reactivate = async (key: string, shot: string) => {
    const page = await openSandboxPage(browser, sandbox, '/welcome-back', key)
    const banner = page.getByRole('region', { name: 'Welcome back!' })
    await expect.poll(() => banner.isVisible(), { timeout: 10_000 }).toBe(true)
    const text = (await banner.textContent()) ?? ''
    await page.screenshot({ animations: 'disabled', path: join(artifacts, `${shot}.png`) })
    await banner.getByRole('button', { name: 'Reactivate' }).click()
    // One explicit confirmation, naming the amount, before anything is charged.
    await banner.getByRole('button', { name: /^Confirm: \$\d+\.\d\d (today|on )/ }).click()
    await expect.poll(async () => (await banner.textContent()) ?? '').toContain('Welcome back —')
    await page.close()
    return text
  }

  it('Devon Paused resumes after one confirmation', async () => {
    expect(subscription('paused').pause_collection).not.toBeNull()
    await reactivate('paused', 'banner-paused')
    expect(subscription('paused').pause_collection).toBeNull()
  })

  it('Emery Leaving undoes the scheduled cancellation', async () => {
    expect(subscription('scheduled').cancel_at_period_end).toBe(true)
    await reactivate('scheduled', 'banner-scheduled')
    expect(subscription('scheduled').cancel_at_period_end).toBe(false)
  })

  it('Finley Churned is won back with 25% off the first month, on a new subscription', async () => {
    const text = await reactivate('churned', 'banner-churned')
    expect(text).toContain('25% off, $21.75 for the first charge, then $29.00 every month.')
    const customer = sandbox.subscriber('churned').customerId
    const live = sandbox.stripe.fake
      .state(sandbox.stripe.merchant.account)
      .subscriptions.filter(
        (s) => (s as unknown as Stripe.Subscription).customer === customer && s.status === 'active',
      )
    expect(live).toHaveLength(1)
  })

  it('an active subscriber sees no banner', async () => {
    const page = await openSandboxPage(browser, sandbox, '/welcome-back', 'annual')
    await loaderReady(page)
    await page.waitForFunction(() =>
      (window as unknown as { __sandbox?: { events: { name: string }[] } }).__sandbox?.events.some(
        (e) => e.name === 'banner',
      ),
    )
    const shown = await page.evaluate(
      () =>
        (
          window as unknown as { __sandbox: { events: { name: string; value: unknown }[] } }
        ).__sandbox.events.find((e) => e.name === 'banner')?.value,
    )
    expect(shown).toEqual({ shown: false })
    expect(await page.getByRole('region', { name: 'Welcome back!' }).count()).toBe(0)
    await page.close()
  })
})

describe("Retainkit's own billing in the sandbox", () => {
  it('a new merchant pays on the fake’s Checkout page; the signed webhook reaches the server and makes it Pro', async () => {
    const { deps, url } = sandbox.retainkit
    const email = `sandbox-billing-${Date.now()}@example.com`
    const userId = crypto.randomUUID()
    await deps.db.insertInto('users').values({ id: userId, email }).execute()
    const token = await deps.signingKeys?.sign(
      { email, role: 'authenticated', session_id: crypto.randomUUID() },
      { subject: userId, expiresInSeconds: 600, now: new Date() },
    )
    const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(`${url}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          'x-api-key': deps.apiKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
    const boot = (await (await call('/api/session?action=bootstrap', { method: 'POST' })).json()) as {
      data: { active_account_id: string }
    }
    const accountId = boot.data.active_account_id
    const status = async () =>
      (
        (await (await call(`/api/billing/status/${accountId}`)).json()) as {
          data: { tier: string; source: string }
        }
      ).data
    expect(await status()).toMatchObject({ tier: 'pro', source: 'trial' })

    const checkout = await call(`/api/billing/checkout/${accountId}`, {
      method: 'POST',
      body: { interval: 'year' },
    })
    expect(checkout.status).toBe(201)
    const page = await browser.newPage()
    await page.goto(((await checkout.json()) as { data: { url: string } }).data.url)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await page.waitForURL(`${url}/settings/?tab=billing&checkout=success`)
    await page.close()
    // Nobody delivers by hand here: the fake signed and sent the events to the configured endpoint.
    await expect.poll(status, { timeout: 10_000 }).toMatchObject({ tier: 'pro', source: 'subscription' })
    const deliveries = sandbox.stripe.fake.deliveries.filter((d) => d.url === `${url}/api/billing/webhook`)
    expect(deliveries.length).toBeGreaterThan(0)
    expect(deliveries.every((d) => d.ok && d.status === 200)).toBe(true)
  })
})
