import { mkdirSync } from 'node:fs'
import { type SeededMerchant, seedMerchant } from '@retainkit/fakes/stripe'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, BrowserContext } from 'playwright-core'
import { expect } from 'vitest'
import {
  accessTokenOf,
  consoleApi,
  ensureConsoleBuilt,
  setTier,
  signUpInConsole,
  useDevOutbox,
} from './console-helpers'
import { launchChromium, type Product, startProduct } from './product'

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/** A console suite's starting point: the product, Chromium, and an owner signed up in the console. */
export interface ConsoleOwner {
  product: Product
  browser: Browser
  accountId: string
  /** The owner's access token, for console API calls. */
  token: string
  /** The owner's signed-in browser state: `browser.newContext({ storageState })` starts signed in. */
  storage: StorageState
  /** A console API call as the owner. */
  api(path: string, init?: { method?: string; body?: unknown }): Promise<Response>
  /** Seeds a merchant in the Stripe fake and connects its keys to the account (Settings → Stripe). */
  connectStripe(): Promise<SeededMerchant>
  /** A new widget secret for the account, as Settings → Widget secret creates it. */
  createWidgetSecret(): Promise<string>
  stop(): Promise<void>
}

/**
 * The set-up the console suites share: both builds fresh, the real product without a seeded merchant,
 * sign-in mail in the development outbox, the worker's Chromium, and `email` signed up through /signup/
 * and its magic link at a laptop's width (the account on Pro unless `tier` says 'trial'). The sign-up's
 * context is closed: tests open their own from `storage`.
 */
export async function startConsoleOwner(
  email: string,
  options: { artifacts?: string; tier?: 'pro' | 'trial' } = {},
): Promise<ConsoleOwner> {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  if (options.artifacts) mkdirSync(options.artifacts, { recursive: true })
  const product = await startProduct({ seed: false })
  useDevOutbox(product)
  const browser = await launchChromium()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await signUpInConsole(product, context, email)
  const accountId = new URL(page.url()).searchParams.get('account_id') ?? ''
  if ((options.tier ?? 'pro') === 'pro') await setTier(product, accountId, 'pro')
  const token = await accessTokenOf(page)
  const storage = await context.storageState()
  await context.close()
  const api = (path: string, init?: { method?: string; body?: unknown }) =>
    consoleApi(product, token, path, init)
  const action = (name: string) => `/api/account?accountId=${accountId}&action=${name}`
  return {
    product,
    browser,
    accountId,
    token,
    storage,
    api,
    async connectStripe() {
      const merchant = await seedMerchant(product.stripe)
      const connected = await api(action('credentials'), {
        body: { gateway: 'stripe', api_key: merchant.keys.secret, access_token: merchant.keys.publishable },
      })
      expect(connected.status, await connected.clone().text()).toBe(200)
      return merchant
    },
    async createWidgetSecret() {
      const created = await api(action('widget-secret'), { method: 'POST' })
      expect(created.status, await created.clone().text()).toBeLessThan(300)
      return ((await created.json()) as { data: { secret: string } }).data.secret
    },
    async stop() {
      await browser.close()
      await product.stop()
    },
  }
}
