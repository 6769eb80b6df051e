import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe'
import { merchantPages } from '../support/merchant-pages'
import { launchChromium, type MerchantSite, type Product, startMerchantSite } from '../support/product'
import { callbacks, dialogVisible, openAccountPage, startWidgetProduct } from '../support/widget-scenario'

/** Accessibility of the widget in Chromium: axe-core, a keyboard-only walk, the mobile sheet, screenshots. */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/widget/', import.meta.url))

let product: Product
let site: MerchantSite
let browser: Browser

beforeAll(async () => {
  ensureWidgetBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  console.log(`[e2e] screenshots in ${ARTIFACTS}`)
  product = await startWidgetProduct()
  site = await startMerchantSite({ pages: merchantPages(product.url, product.account) })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await product?.stop()
})

/** What has focus inside the widget: its accessible name as a sighted keyboard user would read it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const host = document.activeElement
    const element = host?.shadowRoot?.activeElement as HTMLElement | null | undefined
    const label = element?.closest('label')?.textContent ?? ''
    return {
      inWidget: host?.hasAttribute('data-retainkit') ?? false,
      hostId: host?.id ?? '',
      name: (element?.getAttribute('aria-label') ?? (label || element?.textContent) ?? '').trim(),
      tag: element?.tagName ?? '',
    }
  })
}

/** Presses Tab until `name` has focus, checking at every step that focus never left the dialog. */
async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 20; presses++) {
    await page.keyboard.press('Tab')
    const now = await focused(page)
    expect(now.inWidget, `focus left the dialog while looking for ${name}`).toBe(true)
    if (now.name === name) return
  }
  throw new Error(`Tab never reached ${name}`)
}

describe('accessibility in Chromium', () => {
  it('axe-core finds no serious or critical violation on any screen of the open flow', async () => {
    const subscriber = await product.account.addSubscriber()
    const page = await openAccountPage(browser, site, subscriber)
    const checked: string[] = []
    const check = async (screen: string) => {
      expect(await seriousAxeViolations(page), screen).toEqual([])
      checked.push(screen)
    }
    await page.click('#cancel')
    await dialogVisible(page)
    await check('reason')
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Please choose a reason')
    await check('reason with error')
    await page.getByLabel("I'm not using it enough").check()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await check('feedback')
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await check('pause offer')
    await page.getByRole('button', { name: 'No thanks, cancel' }).click()
    await check('confirm')
    await page.getByRole('button', { name: 'Confirm cancellation' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your cancellation is confirmed' }).isVisible())
      .toBe(true)
    await check('final')
    expect(checked).toHaveLength(6)
    await page.close()
  })

  it('can be walked with the keyboard only, focus trapped, Escape closing, focus back on the link', async () => {
    const subscriber = await product.account.addSubscriber()
    const page = await openAccountPage(browser, site, subscriber)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cancel')
    await page.keyboard.press('Enter')
    await dialogVisible(page)
    expect(await focused(page)).toMatchObject({ inWidget: true, tag: 'H2', name: 'Before you go…' })

    await tabTo(page, "It's too expensive")
    await page.keyboard.press('ArrowDown')
    expect((await focused(page)).name).toBe("I'm not using it enough")
    await tabTo(page, 'Continue')
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page)).name).toBe('What could we have done better?')

    await page.keyboard.press('Tab')
    expect((await focused(page)).tag).toBe('TEXTAREA')
    await page.keyboard.type('Typed without a mouse')
    await tabTo(page, 'Continue')
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page)).name).toBe('Need a break? Pause instead')

    // Walk past the end of the dialog. It is the browser's modal <dialog>: the page behind is inert, so
    // after the last button Tab stops once at the browser's own controls (nothing of the page takes
    // focus: the active element is the body) and comes back to the × at the top. Never the page's links.
    const seen: string[] = []
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab')
      const now = await focused(page)
      const onPage = await page.evaluate(() => document.activeElement?.tagName ?? '')
      expect(now.inWidget || onPage === 'BODY', `focus reached the page's ${onPage}`).toBe(true)
      seen.push(now.inWidget ? now.name : '(browser)')
    }
    expect(seen.filter((name) => name === '(browser)')).toHaveLength(1)
    expect(seen.indexOf('Close')).toBe(seen.indexOf('(browser)') + 1)
    expect(seen.indexOf('Close')).toBeGreaterThan(seen.indexOf('Cancel subscription'))

    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('[data-retainkit]').count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cancel')
    const names = (await callbacks(page)).map((c) => c.name)
    expect(names.at(-1)).toBe('close')
    await page.close()
  })

  it('is a bottom sheet on a narrow screen, without motion when reduced motion is asked for', async () => {
    const subscriber = await product.account.addSubscriber()
    const page = await openAccountPage(browser, site, subscriber, { width: 390, height: 844 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.click('#cancel')
    await dialogVisible(page)
    const animation = await page
      .getByRole('dialog')
      .evaluate((dialog) => getComputedStyle(dialog).animationName)
    expect(animation).toBe('none')
    // Measured at once: with motion reduced there is no slide-in to wait for.
    const box = await page.getByRole('dialog').boundingBox()
    expect(box?.x).toBe(0)
    expect(box?.width).toBe(390)
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844)
    await page.screenshot({ animations: 'disabled', path: join(ARTIFACTS, 'reason-mobile.png') })
    await page.close()
  })

  it('shows the reactivation banner as a region: axe-clean, dismissal remembered', async () => {
    const churned = product.merchant.customers.churned
    const page = await openAccountPage(browser, site, churned, { path: '/welcome-back' })
    const banner = page.getByRole('region', { name: 'Welcome back!' })
    await expect.poll(() => banner.isVisible()).toBe(true)
    expect(await banner.textContent()).toContain('Pro: 25% off, $21.75 for the first charge, then $29.00')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ animations: 'disabled', path: join(ARTIFACTS, 'banner.png') })
    await page.getByRole('button', { name: 'Not now' }).click()
    await expect.poll(() => banner.count()).toBe(0)
    await page.reload()
    await page.waitForFunction(() =>
      (window as unknown as { __retainkit: { name: string }[] }).__retainkit.some((c) => c.name === 'banner'),
    )
    const shown = (await callbacks(page)).find((c) => c.name === 'banner')?.value
    expect(shown).toEqual({ shown: false })
    await page.close()
  })

  it('saves screenshots of the open flow', async () => {
    const subscriber = await product.account.addSubscriber()
    const page = await openAccountPage(browser, site, subscriber)
    await page.click('#cancel')
    await dialogVisible(page)
    await page.screenshot({ animations: 'disabled', path: join(ARTIFACTS, 'reason.png') })
    await page.getByLabel('My plan does not fit').check()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.screenshot({ animations: 'disabled', path: join(ARTIFACTS, 'offer-plan-switch.png') })
    await page.close()
  })
})
