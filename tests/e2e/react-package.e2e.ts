import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectWithPacked, ROOT } from '../../scripts/packed-packages.mjs'
import { launchChromium, type MerchantSite, type Product, startMerchantSite } from '../support/product'
import { dialogVisible, startWidgetProduct } from '../support/widget-scenario'

/**
 * A merchant's React app as its developers would build it: @retainkit/react and @retainkit/js from
 * their npm tarballs (unpacked into the app's node_modules, never the workspace links), bundled by
 * Vite, served from the merchant's own origin under StrictMode, against the real server and Chromium.
 * The button opens the flow, the app hears onSave, and unmounting the provider leaves nothing behind.
 */

const APP = `
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { CancelButton, RetainkitProvider } from '@retainkit/react'

const config = window.__rk
const log = (name, value) => window.__events.push({ name, value: value ?? null })
window.__events = []

function App() {
  const [billing, setBilling] = useState(true)
  return billing ? (
    <RetainkitProvider accountId={config.accountId} mode="test" serverUrl={config.serverUrl}>
      <h1>Billing</h1>
      <CancelButton id="cancel" token={config.token} onSave={(r) => log('save', r)} onClose={() => log('close')} onResult={(r) => log('result', r)}>
        Cancel subscription
      </CancelButton>
      <button type="button" id="leave" onClick={() => setBilling(false)}>Leave billing</button>
    </RetainkitProvider>
  ) : (
    <p id="left">Billing closed</p>
  )
}

createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>)
`

let product: Product
let site: MerchantSite
let browser: Browser
const projects: string[] = []

/**
 * The React majors the package supports. 19 is the repository's own React; 18 is installed apart by
 * the private packages/react-18 workspace and swapped in for every import of react and react-dom in
 * the build (the packed packages' own included), so the whole app runs one React 18.
 */
const REACT_18 = join(ROOT, 'packages/react-18/node_modules')
const REACT_MAJORS = {
  19: { base: '/', aliases: [] },
  18: {
    base: '/r18/',
    aliases: [
      { find: /^react$/, replacement: join(REACT_18, 'react') },
      { find: /^react\/(.*)$/, replacement: `${join(REACT_18, 'react')}/$1` },
      { find: /^react-dom$/, replacement: join(REACT_18, 'react-dom') },
      { find: /^react-dom\/(.*)$/, replacement: `${join(REACT_18, 'react-dom')}/$1` },
    ],
  },
} as const
type ReactMajor = keyof typeof REACT_MAJORS
const resolved: Record<ReactMajor, string[]> = { 18: [], 19: [] }
const apps = {} as Record<ReactMajor, { project: string; html: string; reactVersion: string }>

async function buildApp(major: ReactMajor) {
  const { project } = projectWithPacked(['@retainkit/js', '@retainkit/react'], `react${major}-app-`)
  projects.push(project)
  mkdirSync(join(project, 'src'))
  // The app prints the React it runs on, so the test knows which major it drove.
  writeFileSync(
    join(project, 'src/main.jsx'),
    `${APP}\nimport { version } from 'react'\nwindow.__reactVersion = version\n`,
  )
  writeFileSync(
    join(project, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme billing</title><!--config--></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
  )
  const { base, aliases } = REACT_MAJORS[major]
  await build({
    root: project,
    base,
    logLevel: 'warn',
    configFile: false,
    resolve: { alias: [...aliases] },
    define: { 'process.env.NODE_ENV': '"production"' },
    oxc: { jsx: { runtime: 'automatic', importSource: 'react', development: false } },
    plugins: [
      {
        name: 'record-retainkit-resolution',
        enforce: 'pre',
        async resolveId(source, importer) {
          if (!source.startsWith('@retainkit/')) return null
          const found = await this.resolve(source, importer, { skipSelf: true })
          if (found) resolved[major].push(`${source} → ${found.id}`)
          return found
        },
      },
    ],
    build: { outDir: join(project, 'dist'), emptyOutDir: true },
  })
  const html = readFileSync(join(project, 'dist/index.html'), 'utf8')
  const reactModules = major === 18 ? REACT_18 : join(ROOT, 'node_modules')
  const reactVersion = JSON.parse(readFileSync(join(reactModules, 'react/package.json'), 'utf8')).version
  apps[major] = { project, html, reactVersion }
}

beforeAll(async () => {
  ensureWidgetBuilt()
  await buildApp(19)
  await buildApp(18)

  product = await startWidgetProduct()
  const page = (major: ReactMajor) => (url: URL) =>
    apps[major].html.replace(
      '<!--config-->',
      `<script>window.__rk = ${JSON.stringify({
        accountId: product.account.accountId,
        serverUrl: product.url,
        token: product.account.tokenFor(url.searchParams.get('customer') ?? ''),
      })}</script>`,
    )
  site = await startMerchantSite({ pages: { '/billing': page(19), '/r18/billing': page(18) } })
  for (const major of [19, 18] as const) {
    const assets = join(apps[major].project, 'dist/assets')
    for (const file of readdirSync(assets)) {
      site.setPage(`${REACT_MAJORS[major].base}assets/${file}`, {
        headers: { 'content-type': file.endsWith('.css') ? 'text/css' : 'text/javascript' },
        body: readFileSync(join(assets, file), 'utf8'),
      })
    }
  }
  browser = await launchChromium()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await product?.stop()
  for (const project of projects) rmSync(project, { recursive: true, force: true })
})

describe.each([19, 18] as const)(
  'a Vite React %i app built with @retainkit/react from the packed tarballs',
  (major) => {
    it('resolved both packages from the tarballs in its node_modules', () => {
      expect(resolved[major].length).toBeGreaterThan(0)
      for (const line of resolved[major])
        expect(line).toContain(join(apps[major].project, 'node_modules/@retainkit/'))
      expect(resolved[major].some((line) => line.startsWith('@retainkit/js →'))).toBe(true)
    })

    it('opens the cancel flow, receives onSave, and unmounts cleanly', async () => {
      const subscriber = await product.account.addSubscriber()
      const page = await browser.newPage()
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      page.on('console', (message) => {
        // A failed request is reported below with its address (the merchant site has no favicon).
        if (message.text().startsWith('Failed to load resource')) return
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`${message.type()}: ${message.text()}`)
      })
      page.on('response', (response) => {
        if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
          problems.push(`${response.status()} ${response.url()}`)
      })
      const configLoads: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/api/widget/config/')) configLoads.push(request.url())
      })
      await page.goto(`${site.url}${REACT_MAJORS[major].base}billing?customer=${subscriber.customerId}`)
      await page.getByRole('heading', { name: 'Billing' }).waitFor()
      const running = await page.evaluate(
        () => (window as unknown as { __reactVersion: string }).__reactVersion,
      )
      expect(running).toBe(apps[major].reactVersion)
      expect(running.split('.')[0]).toBe(String(major))
      // The provider installed the loader from the server (once, StrictMode's double effects included).
      await page.waitForFunction(
        () => (window as unknown as { Retainkit?: { loaded?: boolean } }).Retainkit?.loaded,
      )
      expect(await page.locator(`script[src="${product.url}/w/loader.js"]`).count()).toBe(1)

      await page.getByRole('button', { name: 'Cancel subscription' }).click()
      await dialogVisible(page)
      await page.getByLabel("It's too expensive").check()
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await page.getByRole('textbox').fill('Written in a React app')
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await page.getByRole('button', { name: 'Accept 20% off' }).click()
      await expect
        .poll(() => page.getByRole('heading', { name: 'Your discount is on' }).isVisible())
        .toBe(true)
      await page.getByRole('button', { name: 'Close' }).last().click()
      await expect.poll(() => page.locator('[data-retainkit]').count()).toBe(0)

      const events = () =>
        page.evaluate(() => (window as unknown as { __events: { name: string; value: unknown }[] }).__events)
      await expect
        .poll(async () => (await events()).map((event) => event.name))
        .toEqual(['save', 'close', 'result'])
      const [save] = await events()
      expect(save?.value).toMatchObject({
        outcome: 'saved',
        offer: 'discount',
        response: { status: 'applied' },
      })

      // Unmounting the provider: nothing left open, no error, and the page goes on.
      await page.getByRole('button', { name: 'Leave billing' }).click()
      await page.locator('#left').waitFor()
      await page.waitForTimeout(100)
      expect(await page.locator('[data-retainkit]').count()).toBe(0)
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(configLoads.length).toBeLessThanOrEqual(2)
      expect(problems).toEqual([])
      await page.close()
    })
  },
)
