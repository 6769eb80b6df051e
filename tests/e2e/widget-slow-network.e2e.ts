import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantPages } from '../support/merchant-pages'
import {
  launchChromium,
  type MerchantAccount,
  type MerchantSite,
  type Product,
  startMerchantSite,
} from '../support/product'
import { startWidgetProduct } from '../support/widget-scenario'

/**
 * Issue 34: with segments on, the dialog waited for the session — on Slow 3G, 28 ms → 2,078 ms
 * prefetched, and a cold click never showed the flow before the 3 s fallback. Measured in Chromium
 * under its Slow 3G preset (DevTools: 2,000 ms latency, 500 kbit/s × 0.8 each way) through CDP's
 * Network.emulateNetworkConditions, the token signed into the page, as the Install page's recipes do.
 */

/** Chromium DevTools' "Slow 3G" preset. */
const SLOW_3G = {
  offline: false,
  latency: 400 * 5,
  downloadThroughput: ((500 * 1000) / 8) * 0.8,
  uploadThroughput: ((500 * 1000) / 8) * 0.8,
}

let product: Product
let browser: Browser
let plain: MerchantAccount
let segmented: MerchantAccount
const sites: Record<'plain' | 'segmented', MerchantSite | null> = { plain: null, segmented: null }

beforeAll(async () => {
  ensureWidgetBuilt()
  product = await startWidgetProduct()
  plain = product.account
  segmented = await product.createMerchantAccount()
  const base = (await (
    await segmented.consoleApi(`/api/account?accountId=${segmented.accountId}&action=config`)
  ).json()) as { data: { config_json: CancelFlowConfig } }
  const annual = structuredClone(base.data.config_json)
  annual.copy.general.headline = 'Annual members: wait a moment'
  const res = await segmented.consoleApi(`/api/account?accountId=${segmented.accountId}&action=segments`, {
    method: 'PUT',
    body: {
      segments: [
        {
          name: 'Annual',
          enabled: true,
          rule: {
            match: 'all',
            conditions: [{ attribute: 'billing_interval', operator: 'equals', value: 'year' }],
          },
          config_json: annual,
        },
      ],
    },
  })
  expect(res.status).toBe(200)
  sites.plain = await startMerchantSite({ pages: merchantPages(product.url, plain) })
  sites.segmented = await startMerchantSite({ pages: merchantPages(product.url, segmented) })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  for (const site of Object.values(sites)) await site?.close()
  await product?.stop()
})

/** The account page on Slow 3G, the token in the page. */
async function slowPage(which: 'plain' | 'segmented', customerId: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 800 } })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G)
  await page.goto(`${sites[which]?.url}/account-token-in-page?customer=${customerId}`, { timeout: 60_000 })
  await page.waitForFunction(
    () => (window as unknown as { Retainkit?: { loaded?: boolean } }).Retainkit?.loaded,
    null,
    {
      timeout: 60_000,
    },
  )
  return page
}

/**
 * Clicks the cancel link and answers how long until the widget's dialog is open (its first screen or a
 * loading state), and whether it showed a screen with a headline by then; null when the 3 s fallback
 * took the click to the merchant's own page first.
 */
const clickToDialog = (page: Page) =>
  page
    .evaluate(
      () =>
        new Promise<{ ms: number; headline: string | null } | null>((resolve) => {
          const start = performance.now()
          addEventListener('pagehide', () => resolve(null))
          ;(document.querySelector('#cancel') as HTMLElement).click()
          const check = () => {
            const root = document.querySelector('[data-retainkit="cancel-flow"]')?.shadowRoot
            const dialog = root?.querySelector('dialog') as HTMLDialogElement | null | undefined
            if (dialog?.open)
              return resolve({
                ms: performance.now() - start,
                headline: root?.querySelector('h2')?.textContent ?? null,
              })
            if (performance.now() - start > 20_000) return resolve(null)
            requestAnimationFrame(check)
          }
          check()
        }),
    )
    .catch(() => null)

/**
 * Waits until the idle prefetch has brought the bundle and the config, and on a routed account the route
 * decision the bundle asks with the token in the page (the widget's calls carry `?v=`).
 */
const prefetched = (page: Page, routed: boolean) =>
  page.waitForFunction(
    (wanted) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/w\/widget\.|\/api\/widget\/(config\/|route(\?|$))/.test(entry.name)).length >=
      wanted,
    routed ? 3 : 2,
    { timeout: 60_000 },
  )

/**
 * After the dialog opened: whether it is still open (the session took over, no fail-open to the
 * merchant's page) `ms` later, and the headline it shows then.
 */
const stillOpenAfter = (page: Page, ms: number) =>
  page
    .evaluate(
      (wait) =>
        new Promise<string | null>((resolve) => {
          addEventListener('pagehide', () => resolve(null))
          setTimeout(() => {
            const root = document.querySelector('[data-retainkit="cancel-flow"]')?.shadowRoot
            const open = (root?.querySelector('dialog') as HTMLDialogElement | null)?.open
            resolve(open ? (root?.querySelector('h2')?.textContent ?? '') : null)
          }, wait)
        }),
      ms,
    )
    .catch(() => null)

/**
 * Rounds of the prefetched comparison. One sample each way once failed under load (123 ms against a
 * 71 ms limit): a single click's time is mostly this machine's scheduling (the other processes on two
 * shared cores, a garbage collection, the frame the polling lands on), so the accounts are compared on
 * the medians of several rounds, each round one page of each account clicked one after the other, in
 * alternating order.
 */
const ROUNDS = 5
/**
 * How much slower the segmented median may be. A routed open that waits for anything from the server
 * costs at least one round trip, 2,000 ms on Slow 3G, and that is what went wrong before (28 ms →
 * 2,078 ms); the client's own routing work is a few milliseconds. 100 ms absorbs the jitter of the
 * medians under load (single clicks here spread by up to ~100 ms) and still fails any open that waits
 * on the network, or that does a tenth of a second more work than the plain one.
 */
const TOLERANCE_MS = 100
/** On Slow 3G any wait on the network shows as seconds: no single click may come near one round trip. */
const NO_ROUND_TRIP_MS = 2000

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

const ANNUAL_HEADLINE = 'Annual members: wait a moment'

/** Both accounts' pages for one round, loaded and prefetched. */
async function loadPair(): Promise<Record<'plain' | 'segmented', Page>> {
  const open = async (which: 'plain' | 'segmented') => {
    const account = which === 'plain' ? plain : segmented
    const subscriber = await account.addSubscriber(account.merchant.prices.proAnnual)
    const page = await slowPage(which, subscriber.customerId)
    await prefetched(page, which === 'segmented')
    return page
  }
  const [plainPage, segmentedPage] = await Promise.all([open('plain'), open('segmented')])
  return { plain: plainPage, segmented: segmentedPage }
}

describe('opening the cancel flow on Slow 3G with segments on', () => {
  it('prefetched: the dialog is up under a second, no slower than without segments', async () => {
    const samples: Record<'plain' | 'segmented', number[]> = { plain: [], segmented: [] }
    // Every round's pages load at once (Slow 3G makes loading the slow part; it is not what is timed),
    // then sit idle, prefetched, until their round clicks them.
    const rounds = await Promise.all(Array.from({ length: ROUNDS }, () => loadPair()))
    for (const [round, pages] of rounds.entries()) {
      const order = round % 2 ? (['segmented', 'plain'] as const) : (['plain', 'segmented'] as const)
      const headlines: Partial<Record<'plain' | 'segmented', string | null>> = {}
      for (const which of order) {
        const opened = await clickToDialog(pages[which])
        expect(opened, `${which}, round ${round}`).not.toBeNull()
        // Each subscriber sees their own flow from the first frame: the segment's words on the routed account.
        if (which === 'segmented') expect(opened?.headline).toBe(ANNUAL_HEADLINE)
        else expect(opened?.headline).not.toBe(ANNUAL_HEADLINE)
        headlines[which] = opened?.headline ?? null
        samples[which].push(opened?.ms ?? Number.POSITIVE_INFINITY)
      }
      // The session (started at the click, a few seconds away on Slow 3G) takes over: no fail-open.
      // Checked once per account, after both clicks were timed.
      if (round === 0)
        for (const [which, held] of await Promise.all(
          order.map(async (which) => [which, await stillOpenAfter(pages[which], 8000)] as const),
        ))
          expect(held, which).toBe(headlines[which])
      for (const page of Object.values(pages)) await page.context().close()
    }
    const plainMs = median(samples.plain)
    const segmentedMs = median(samples.segmented)
    const rounded = (values: number[]) => values.map((ms) => Math.round(ms)).join(', ')
    console.log(
      `[slow-3g] prefetched, ${ROUNDS} rounds: plain ${rounded(samples.plain)} ms (median ${Math.round(plainMs)}); ` +
        `segmented ${rounded(samples.segmented)} ms (median ${Math.round(segmentedMs)})`,
    )
    expect(segmentedMs).toBeLessThan(1000)
    expect(plainMs).toBeLessThan(1000)
    expect(Math.max(...samples.segmented, ...samples.plain)).toBeLessThan(NO_ROUND_TRIP_MS)
    // No slower with segments than without, beyond the medians' jitter (TOLERANCE_MS says why).
    expect(segmentedMs).toBeLessThanOrEqual(plainMs + TOLERANCE_MS)
  }, 300_000)

  it('cold: the flow or a visible loading state shows before the 3 s fallback', async () => {
    const subscriber = await segmented.addSubscriber(segmented.merchant.prices.proAnnual)
    const page = await slowPage('segmented', subscriber.customerId)
    const opened = await clickToDialog(page)
    console.log(
      `[slow-3g] cold segmented: ${opened ? `dialog after ${Math.round(opened.ms)} ms` : 'fell back first'}`,
    )
    expect(opened).not.toBeNull()
    expect(opened?.ms ?? Number.POSITIVE_INFINITY).toBeLessThan(3000)
    // Then the segment's own flow, once the session brings it, without falling back.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-retainkit="cancel-flow"]')?.shadowRoot?.querySelector('h2')
          ?.textContent === 'Annual members: wait a moment',
      null,
      { timeout: 20_000 },
    )
    await page.context().close()
  }, 240_000)
})
