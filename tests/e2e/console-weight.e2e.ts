import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureConsoleBuilt, magicLinkFor, useDevOutbox } from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * What the sign-in pages cost a visitor, measured in Chromium from the bytes the network really carried
 * (each response's encoded body: gzip, as the server sends it), not from the build (issue 33 #10, issue
 * 37 #4): /login/ and /signup/ transfer at most 100 KB gzip of JavaScript until someone signs in — no
 * dashboard, editor, preview or settings code — and once signed in, the editor, dashboard and preview
 * chunks preload (the startup preload, for a signed-in start).
 */
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const
const BUDGET_BYTES = 100 * 1024
/** How long the network must stay quiet (nothing asked for, nothing arriving) before counting. */
const QUIET_MS = 500

let product: Product
let browser: Browser

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  product = await startProduct({ seed: false })
  useDevOutbox(product)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

interface Transferred {
  url: string
  bytes: number
}

/** Every script response of the page, with the bytes its body took on the wire. */
function recordScripts(page: Page): { scripts: Transferred[]; settled(): Promise<void> } {
  const scripts: Transferred[] = []
  let pending = 0
  let lastActivity = Date.now()
  const ended = () => {
    pending -= 1
    lastActivity = Date.now()
  }
  page.on('request', () => {
    pending += 1
    lastActivity = Date.now()
  })
  page.on('requestfailed', ended)
  page.on('requestfinished', async (request) => {
    if (request.resourceType() === 'script') {
      const sizes = await request.sizes()
      scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize })
    }
    ended()
  })
  return {
    scripts,
    /**
     * Until the startup preload has had its turn and all it asked for has arrived: it runs in an idle
     * callback (within 2 s) after the first frame, so an idle callback asked for the same way after it
     * runs after it; then nothing in flight and nothing new for QUIET_MS. (A fixed 3.5 s pause did the
     * same, twice per test.)
     */
    async settled() {
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestIdleCallback(() => resolve(null), { timeout: 2000 })),
          ),
      )
      await expect
        .poll(() => pending === 0 && Date.now() - lastActivity >= QUIET_MS, { interval: 100 })
        .toBe(true)
    },
  }
}

const total = (scripts: readonly Transferred[]) => scripts.reduce((sum, script) => sum + script.bytes, 0)
const SIGNED_IN_CHUNKS =
  /(dashboard-page|editor-page|preview-page|settings-page|app-shell|settings-tabs|sign-out)/

describe.each(Object.entries(VIEWPORTS))('the sign-in pages at %s size', (size, viewport) => {
  it.each(['/login/', '/signup/'])(
    '%s transfers at most 100 KB gzip of JavaScript until sign-in',
    async (path) => {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      const { scripts, settled } = recordScripts(page)
      await page.goto(`${product.url}${path}`)
      const login = path === '/login/'
      await page.getByRole('heading', { name: login ? 'Welcome Back' : 'Create your account' }).waitFor()
      await page.waitForLoadState('networkidle')
      await settled()
      // Until sign-in: the page, then the magic link sent (supabase-js loads for that), then idle again.
      await page.getByLabel('Email address').fill(`weight-${login ? 'in' : 'up'}-${size}@example.com`)
      await page.getByRole('button', { name: login ? 'Send magic link' : 'Create account' }).click()
      await page
        .getByText(
          login ? 'Check your email for your sign-in link.' : 'Check your email to confirm your account!',
        )
        .waitFor()
      await page.waitForLoadState('networkidle')
      await settled()
      const bytes = total(scripts)
      console.log(
        `[weight] ${path} at ${size}: ${(bytes / 1024).toFixed(1)} KB gzip of JavaScript in ${scripts.length} files: ${scripts.map((s) => `${s.url.replace('/app/assets/', '')} ${(s.bytes / 1024).toFixed(1)}`).join(', ')}`,
      )
      // Every script was compressed on the wire, so the figure is gzip's.
      expect(scripts.every((script) => script.bytes > 0)).toBe(true)
      expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES)
      expect(scripts.filter((script) => SIGNED_IN_CHUNKS.test(script.url))).toEqual([])
      await context.close()
    },
  )

  it('preloads the editor, dashboard and preview once signed in', async () => {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    const { scripts } = recordScripts(page)
    const email = `weight-${size}@example.com`
    await page.goto(`${product.url}/login/`)
    await page.getByLabel('Email address').fill(email)
    const sentAfter = Date.now() - 1000
    await page.getByRole('button', { name: 'Send magic link' }).click()
    const link = await magicLinkFor(product.url, email, sentAfter)
    await page.goto(link)
    await page.waitForURL(/\/dashboard\/\?account_id=/, { timeout: 20_000 })
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await expect
      .poll(() => scripts.map((script) => script.url).join(' '))
      .toMatch(/editor-page.*|preview-page/)
    const urls = scripts.map((script) => script.url).join(' ')
    expect(urls).toMatch(/editor-page/)
    expect(urls).toMatch(/preview-page/)
    expect(urls).toMatch(/dashboard-page/)
    await context.close()
  })
})
