import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/product'
import {
  artifactsFolder,
  flowLook,
  flowVisible,
  loaderReady,
  openSandboxPage,
  type Sandbox,
  startTestSandbox,
  walkToOfferAndClose,
} from '../support/sandbox'

/**
 * The sandbox's hostile hosts in Chromium: aggressive global CSS, a strict CSP with a nonce
 * and 'strict-dynamic', the snippet twice, a React SPA that mounts and unmounts the cancel button, and a
 * tag manager injecting the snippet at runtime. On each, the open flow must look exactly as on the plain
 * page (same boxes, fonts, colours) and work the same, and a screenshot of it is kept.
 */

let sandbox: Sandbox & { dispose(): Promise<void> }
let browser: Browser
let artifacts: string
let plainLook: Awaited<ReturnType<typeof flowLook>>

beforeAll(async () => {
  artifacts = artifactsFolder('hostile-hosts')
  sandbox = await startTestSandbox()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await sandbox?.dispose()
})

async function openFlow(page: Page, name: string) {
  await loaderReady(page)
  await page.click('#cancel-subscription')
  await flowVisible(page)
  await page.screenshot({ animations: 'disabled', path: join(artifacts, `${name}.png`) })
  return flowLook(page)
}

const loaderRequests = (page: Page) =>
  page.evaluate(
    () =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/w/loader.js')).length,
  )

describe('the widget on hostile hosts looks and works as on the plain page', () => {
  it('plain HTML page (the reference)', async () => {
    const page = await openSandboxPage(browser, sandbox, '/account')
    plainLook = await openFlow(page, 'plain-page')
    expect(plainLook.hosts).toBe(1)
    expect(plainLook.dialog.fontSize).toBe('16px')
    expect(plainLook.dialog.position).toBe('fixed')
    expect(plainLook.dialog.modal).toBe(true)
    expect(await walkToOfferAndClose(page)).toEqual(['What could we have done better?', 'How about 20% off?'])
    await page.close()
  })

  it('aggressive global CSS: resets on *, !important on buttons, html{font-size:10px}', async () => {
    const page = await openSandboxPage(browser, sandbox, '/hostile-css')
    // The page really is hostile: its own link is restyled and its root font is 10px.
    const pageStyle = await page.evaluate(() => ({
      root: getComputedStyle(document.documentElement).fontSize,
      transform: getComputedStyle(document.querySelector('h1') as Element).textTransform,
    }))
    expect(pageStyle).toEqual({ root: '10px', transform: 'uppercase' })
    expect(await openFlow(page, 'hostile-css')).toEqual(plainLook)
    expect(await walkToOfferAndClose(page)).toEqual(['What could we have done better?', 'How about 20% off?'])
    await page.close()
  })

  it("strict CSP: nonce + 'strict-dynamic', no 'unsafe-inline', and no violation", async () => {
    const page = await openSandboxPage(browser, sandbox, '/strict-csp')
    const response = await page.reload()
    expect(response?.headers()['content-security-policy']).toMatch(
      /script-src 'nonce-[^']+' 'strict-dynamic'/,
    )
    expect(await openFlow(page, 'strict-csp')).toEqual(plainLook)
    expect(await walkToOfferAndClose(page)).toEqual(['What could we have done better?', 'How about 20% off?'])
    // The policy is in force: an inline <style> without the nonce is refused…
    const violations = await page.evaluate(async () => {
      document.head.append(Object.assign(document.createElement('style'), { textContent: 'p{color:red}' }))
      await new Promise((resolve) => setTimeout(resolve, 100))
      return (window as unknown as { __violations: string[] }).__violations
    })
    // …and that is the only violation: the snippet, loader, bundle and styles all passed.
    expect(violations).toHaveLength(1)
    expect(violations[0]).toMatch(/^style-src/)
    await page.close()
  })

  it('the snippet twice: one loader, one dialog, one session', async () => {
    const page = await openSandboxPage(browser, sandbox, '/double-snippet')
    expect(await openFlow(page, 'double-snippet')).toEqual(plainLook)
    expect(await loaderRequests(page)).toBe(1)
    expect(await walkToOfferAndClose(page)).toEqual(['What could we have done better?', 'How about 20% off?'])
    const events = await page.evaluate(
      () => (window as unknown as { __sandbox: { events: { name: string }[] } }).__sandbox.events,
    )
    expect(events.filter((event) => event.name === 'close')).toHaveLength(1)
    await page.close()
  })

  it('React SPA: the cancel button comes and goes with the route, and works every time it is back', async () => {
    const page = await openSandboxPage(browser, sandbox, '/spa/')
    await loaderReady(page)
    const nav = page.getByRole('navigation', { name: 'App' })
    const button = page.locator('#cancel-subscription')
    expect(await button.count()).toBe(0)
    await nav.getByRole('link', { name: 'Billing' }).click()
    await expect.poll(() => button.count()).toBe(1)
    await nav.getByRole('link', { name: 'Team' }).click()
    await expect.poll(() => button.count()).toBe(0)
    await nav.getByRole('link', { name: 'Billing' }).click()
    expect(await openFlow(page, 'spa-billing')).toEqual(plainLook)
    expect(await walkToOfferAndClose(page)).toEqual(['What could we have done better?', 'How about 20% off?'])
    // Unmounted and mounted again (browser back and forward too): still one dialog per click.
    await page.goBack()
    await expect.poll(() => button.count()).toBe(0)
    await page.goForward()
    await expect.poll(() => button.count()).toBe(1)
    await button.click()
    await flowVisible(page)
    expect((await flowLook(page)).hosts).toBe(1)
    // No full page load happened: the same document all along.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1)
    expect(await loaderRequests(page)).toBe(1)
    await page.close()
  })

  it('tag manager: the snippet injected at runtime as a Custom HTML tag, the token from the data layer', async () => {
    const page = await openSandboxPage(browser, sandbox, '/tag-manager')
    // Nothing of Retainkit is in the HTML the server sent.
    expect(await (await fetch(page.url())).text()).not.toContain('loader.js')
    await page.waitForFunction(
      () => (window as unknown as { sandboxTagManager?: { fired: number } }).sandboxTagManager?.fired === 1,
    )
    expect(await openFlow(page, 'tag-manager')).toEqual(plainLook)
    expect(await walkToOfferAndClose(page)).toEqual(['What could we have done better?', 'How about 20% off?'])
    await page.close()
  })

  it('a real save on the hostile-CSS page reaches Stripe', async () => {
    const annual = sandbox.subscriber('annual')
    const page = await openSandboxPage(browser, sandbox, '/hostile-css', 'annual')
    await openFlow(page, 'hostile-css-annual')
    await page.getByLabel("It's too expensive").check()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByRole('button', { name: 'Accept 20% off' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Your discount is on' }).isVisible()).toBe(true)
    await page.screenshot({ animations: 'disabled', path: join(artifacts, 'hostile-css-saved.png') })
    const subscription = sandbox.stripe.fake
      .state(sandbox.stripe.merchant.account)
      .subscriptions.find((s) => s.id === annual.subscriptionId) as unknown as Stripe.Subscription
    expect(subscription.discounts).toHaveLength(1)
    await page.close()
  })
})
