import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Sandbox, startSandbox } from '@retainkit/examples/sandbox'
import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * The browser suites' view of `npm run sandbox`: the very same startSandbox (Stripe fake, the sandbox's
 * own Retainkit server, the account provisioned through the console API, the merchant sites), on free
 * ports and a temporary data directory, plus what the suites check on every host.
 */
export type { Sandbox }

export async function startTestSandbox(): Promise<Sandbox & { dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rk-sandbox-'))
  const sandbox = await startSandbox({ sitePort: 0, retainkitPort: 0, stripePort: 0, dataDir })
  return Object.assign(sandbox, {
    async dispose() {
      await sandbox.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  })
}

/** tests/artifacts/<suite>/, created, and printed once so CI logs say where the screenshots are. */
export function artifactsFolder(suite: string): string {
  const folder = fileURLToPath(new URL(`../artifacts/${suite}/`, import.meta.url))
  mkdirSync(folder, { recursive: true })
  console.log(`[e2e] ${suite} screenshots in ${folder}`)
  return folder
}

/** Opens a sandbox page as one of the test subscribers. */
export async function openSandboxPage(
  browser: Browser,
  sandbox: Sandbox,
  path: string,
  subscriberKey = 'monthly',
  viewport = { width: 1024, height: 800 },
): Promise<Page> {
  const page = await browser.newPage({ viewport })
  page.on('pageerror', (error) => console.log(`[browser pageerror] ${path}: ${error.message}`))
  const customer = sandbox.subscriber(subscriberKey).customerId
  await page.goto(`${sandbox.site.url}${path}?customer=${customer}`)
  return page
}

/** Waits for the loader (it installs `Retainkit.loaded`), however the snippet got into the page. */
export async function loaderReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { Retainkit?: { loaded?: boolean } }).Retainkit?.loaded === true,
    undefined,
    { timeout: 15_000 },
  )
}

export async function flowVisible(page: Page, headline = 'Before you go…'): Promise<void> {
  await expect
    .poll(() => page.getByRole('dialog', { name: headline }).isVisible(), { timeout: 10_000 })
    .toBe(true)
}

/**
 * How the open cancel flow looks, as numbers: what a hostile page could change if it reached inside
 * the widget (sizes, fonts, colours, position), read from the shadow root's computed styles once its
 * entry animation has finished.
 */
export function flowLook(page: Page) {
  return page.evaluate(async () => {
    const hosts = document.querySelectorAll('[data-retainkit="cancel-flow"]')
    const root = (hosts[0] as HTMLElement).shadowRoot as ShadowRoot
    // Measure the settled dialog, not a frame of its entry animation.
    await Promise.all(root.getAnimations().map((animation) => animation.finished.catch(() => undefined)))
    // The browser's modal <dialog>, in the top layer (`:modal`) whatever the page's z-indexes.
    const dialog = root.querySelector('dialog') as HTMLDialogElement
    const heading = dialog.querySelector('h2') as HTMLElement
    const primary = root.querySelector('button.p') as HTMLElement
    const radio = root.querySelector('input[type="radio"]') as HTMLElement
    const css = getComputedStyle
    const box = (element: HTMLElement) => {
      const rect = element.getBoundingClientRect()
      return [Math.round(rect.x), Math.round(rect.y), Math.round(rect.width), Math.round(rect.height)]
    }
    return {
      hosts: hosts.length,
      dialog: {
        box: box(dialog),
        fontSize: css(dialog).fontSize,
        fontFamily: css(dialog).fontFamily,
        background: css(dialog).backgroundColor,
        color: css(dialog).color,
        position: css(dialog).position,
        modal: dialog.matches(':modal'),
      },
      heading: {
        fontSize: css(heading).fontSize,
        textTransform: css(heading).textTransform,
        letterSpacing: css(heading).letterSpacing,
      },
      primary: {
        box: box(primary),
        background: css(primary).backgroundColor,
        color: css(primary).color,
        border: css(primary).borderTopWidth,
        textTransform: css(primary).textTransform,
      },
      radio: { width: css(radio).width, height: css(radio).height },
    }
  })
}

/** Reason → feedback → the reason's offer, then closes: a whole walk that changes nothing on Stripe. */
export async function walkToOfferAndClose(page: Page): Promise<string[]> {
  const seen: string[] = []
  const heading = async () =>
    (await page.getByRole('dialog').getByRole('heading', { level: 2 }).first().textContent()) ?? ''
  await page.getByLabel("It's too expensive").check()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect.poll(heading).toBe('What could we have done better?')
  seen.push(await heading())
  await page.getByRole('textbox').fill('Checking the widget on this host')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect.poll(heading).toBe('How about 20% off?')
  seen.push(await heading())
  await page.getByRole('button', { name: 'Close' }).first().click()
  await expect.poll(() => page.locator('[data-retainkit="cancel-flow"]').count()).toBe(0)
  return seen
}
