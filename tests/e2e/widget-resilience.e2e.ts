import { WIDGET_FAIL_OPEN_MS } from '@retainkit/shared/widget-api'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CANCEL_PAGE, merchantPages } from '../support/merchant-pages'
import { launchChromium, type MerchantSite, type Product, startMerchantSite } from '../support/product'
import { dialogVisible, openAccountPage, startWidgetProduct } from '../support/widget-scenario'

/**
 * What a hostile or broken environment does to the widget in Chromium: a strict CSP and CSS resets on
 * the host page, and every way the widget can fail, each of which must let the subscriber's click
 * through to the merchant's own cancel page (fail-open) within 3.5 s of the click.
 */

const FAIL_OPEN_LIMIT_MS = 3500

let product: Product
let site: MerchantSite
let browser: Browser

beforeAll(async () => {
  ensureWidgetBuilt()
  product = await startWidgetProduct()
  site = await startMerchantSite({ pages: merchantPages(product.url, product.account) })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await product?.stop()
})

/**
 * Clicks the cancel link and measures, in the browser, how long from the subscriber's click (the event's
 * time) until the browser set off for the merchant's own cancel page (that document's time origin, its
 * navigation start): what the widget decides. Measured around Playwright instead, the click's driving
 * and the merchant page's load were counted too (708 ms for an immediate hand-over on a loaded CI
 * machine, 3,746 ms for the 3 s timer).
 */
async function clickUntilMerchantCancel(page: Page, label: string): Promise<number> {
  // sessionStorage outlives the navigation: the cancel page is on the same origin.
  await page.evaluate(() =>
    window.addEventListener(
      'click',
      (event) => sessionStorage.setItem('clicked-at', String(performance.timeOrigin + event.timeStamp)),
      { capture: true, once: true },
    ),
  )
  const wall = Date.now()
  await page.click('#cancel')
  await page.waitForURL(`**${CANCEL_PAGE}`, { waitUntil: 'commit', timeout: 10_000 })
  const elapsed = await page.evaluate(
    () => performance.timeOrigin - Number(sessionStorage.getItem('clicked-at') ?? Number.NaN),
  )
  console.log(
    `[e2e] fail-open ${label}: click -> merchant cancel page's navigation start ${Math.round(elapsed)} ms (around Playwright, its load included: ${Date.now() - wall} ms)`,
  )
  return Math.round(elapsed)
}

describe('host page hostility', () => {
  it('works under a strict CSP (nonce + strict-dynamic, no unsafe-inline styles) and page CSS resets', async () => {
    const subscriber = await product.account.addSubscriber()
    const page = await openAccountPage(browser, site, subscriber, { path: '/strict' })
    await page.click('#cancel')
    await dialogVisible(page)
    const styles = await page.evaluate(() => {
      const host = document.querySelector('[data-retainkit]') as HTMLElement
      const root = host.shadowRoot as ShadowRoot
      const dialog = root.querySelector('dialog') as HTMLDialogElement
      const primary = root.querySelector('button.p') as HTMLElement
      const css = (element: Element) => getComputedStyle(element)
      return {
        sheets: root.adoptedStyleSheets.length,
        styleElements: root.querySelectorAll('style').length,
        pageRootFontSize: css(document.documentElement).fontSize,
        dialogFontSize: css(dialog).fontSize,
        dialogBackground: css(dialog).backgroundColor,
        dialogWidth: dialog.getBoundingClientRect().width,
        dialogPosition: css(dialog).position,
        modal: dialog.matches(':modal'),
        primaryBackground: css(primary).backgroundColor,
        primaryColor: css(primary).color,
        violations: (window as unknown as { __violations: string[] }).__violations,
      }
    })
    expect(styles).toEqual({
      sheets: 2,
      styleElements: 0,
      pageRootFontSize: '10px',
      dialogFontSize: '16px',
      dialogBackground: 'rgb(255, 255, 255)',
      dialogWidth: 480,
      dialogPosition: 'fixed',
      modal: true,
      primaryBackground: 'rgb(79, 70, 229)',
      primaryColor: 'rgb(255, 255, 255)',
      violations: [],
    })
    // The policy is really in force: a <style> element, on the page or in a shadow root, is refused.
    const refused = await page.evaluate(async () => {
      const style = () => Object.assign(document.createElement('style'), { textContent: 'p{color:red}' })
      document.head.append(style())
      document.querySelector('[data-retainkit]')?.shadowRoot?.append(style())
      await new Promise((resolve) => setTimeout(resolve, 100))
      return (window as unknown as { __violations: string[] }).__violations
    })
    expect(refused.filter((v) => v.startsWith('style-src')).length).toBe(2)
    // And the widget still does its job there.
    await page.getByLabel('Something else').check()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe('Tell us a bit more')
    await page.close()
  })
})

describe('fail-open', () => {
  it('follows the cancel link at 3 s when the API never answers', async () => {
    const subscriber = await product.account.addSubscriber()
    const page = await openAccountPage(browser, site, subscriber)
    // The session call hangs: nothing can be shown, so the widget must step aside on its own timer.
    await page.route(/\/api\/widget\/sessions(\?|$)/, () => {})
    const elapsed = await clickUntilMerchantCancel(page, 'with a hanging API')
    expect(elapsed).toBeGreaterThanOrEqual(WIDGET_FAIL_OPEN_MS - 100)
    expect(elapsed).toBeLessThanOrEqual(FAIL_OPEN_LIMIT_MS)
    await page.close()
  })

  it('follows the cancel link at once when the bundle cannot load', async () => {
    const subscriber = await product.account.addSubscriber()
    const page = await browser.newPage()
    await page.route(/\/w\/widget\.[0-9a-f]+\.js$/, (route) => route.abort('connectionrefused'))
    await page.goto(`${site.url}/account?customer=${subscriber.customerId}`)
    await page.waitForFunction(
      () => (window as unknown as { Retainkit?: { loaded?: boolean } }).Retainkit?.loaded,
    )
    const elapsed = await clickUntilMerchantCancel(page, 'with the bundle blocked')
    expect(elapsed).toBeLessThan(WIDGET_FAIL_OPEN_MS)
    await page.close()
  })

  it('follows the cancel link within 3.5 s with the API server stopped', async () => {
    const subscriber = await product.account.addSubscriber()
    const page = await openAccountPage(browser, site, subscriber)
    // Let the idle prefetch fetch the bundle, as on a real page, before the server goes away.
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((entry) => /\/w\/widget\.[0-9a-f]+\.js$/.test(entry.name)),
    )
    await product.stopServer()
    const elapsed = await clickUntilMerchantCancel(page, 'with the server stopped')
    expect(elapsed).toBeLessThanOrEqual(FAIL_OPEN_LIMIT_MS)
    expect(site.requests.filter((path) => path === CANCEL_PAGE).length).toBeGreaterThanOrEqual(1)
    await page.close()
  })
})
