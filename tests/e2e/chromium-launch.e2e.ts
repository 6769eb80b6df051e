import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/product'

/**
 * The Chromium every browser suite and benchmark drives (tests/support/chromium.ts): Playwright's own
 * switched-off features stay off beside ours, and no window preloads the omnibox's WebUI popup, whose
 * renderer took about 1.3 s of CPU after every navigation on a page nobody sees.
 */
describe('the test Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(() => browser?.close())

  it('runs with one --disable-features switch: Playwright’s list with ours added, not replaced', async () => {
    const cdp = await browser.newBrowserCDPSession()
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo' as never)) as {
      processInfo: { type: string; id: number }[]
    }
    await cdp.detach()
    const pid = processInfo.find((process) => process.type === 'browser')?.id
    const switches = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter((arg) => arg.startsWith('--disable-features='))
    expect(switches).toHaveLength(1)
    const disabled = (switches[0] as string).slice('--disable-features='.length).split(',')
    expect(disabled).toEqual(
      expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup']),
    )
    // Playwright's own (it turns off a dozen or more: translation, the media router...).
    expect(disabled.length).toBeGreaterThan(6)
  })

  it('opens a page in a fresh context without a WebUI omnibox popup beside it', async () => {
    const page = await browser.newPage()
    await page.goto('data:text/html,<p>ok</p>')
    const cdp = await browser.newBrowserCDPSession()
    const { targetInfos } = await cdp.send('Target.getTargets')
    await cdp.detach()
    expect(targetInfos.map((target) => target.url)).toContain('data:text/html,<p>ok</p>')
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox-popup'))).toEqual([])
  })
})
