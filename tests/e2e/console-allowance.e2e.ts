import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createSubscriberToken } from '@retainkit/node'
import { PRO_ALLOWANCE } from '@retainkit/shared/billing'
import { ROUTES } from '@retainkit/shared/routes'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import {
  accessTokenOf,
  consoleApi,
  ensureConsoleBuilt,
  setTier,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'
import { overlappingText } from '../support/text-overlap'

/**
 * Pro's allowance in one wording wherever a merchant reads it (issue 33 #2), in Chromium at a phone's
 * and a laptop's width, with the platform's billing on: the pricing page, Plan & billing during the
 * trial, and the banner of a Starter account whose 50 sessions this month are used up (reached through
 * the real widget API) all say "500 cancel sessions a month included, then $1 each", and none says
 * "unlimited" beside it.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/allowance/', import.meta.url))
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const

let product: Product
let browser: Browser
type Kind = 'trial' | 'capped'
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>
const states = new Map<Kind, { accountId: string; storage: Storage }>()
const stateOf = (kind: Kind) => {
  const state = states.get(kind)
  if (!state) throw new Error(`no ${kind} account`)
  return state
}

async function useUpStarterCap(page: Page, accountId: string) {
  await setTier(product, accountId, 'free')
  const token = await accessTokenOf(page)
  const created = await consoleApi(
    product,
    token,
    `/api/account?accountId=${accountId}&action=widget-secret`,
    {
      method: 'POST',
    },
  )
  expect(created.status).toBe(201)
  const secret = ((await created.json()) as { data: { secret: string } }).data.secret
  for (let index = 1; index <= 50; index += 1) {
    const subscriber = createSubscriberToken({
      accountId,
      customerId: `cus_allowance${index}`,
      mode: 'live',
      secret,
      handles: ['offers', 'cancel'],
    })
    const response = await fetch(`${product.url}/api/widget/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${subscriber}`, 'content-type': 'application/json' },
      body: JSON.stringify({ merchantHandlesOffers: true, merchantHandlesCancel: true }),
    })
    expect(response.ok).toBe(true)
  }
}

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct({ seed: false, billing: { autoDeliver: true } })
  useDevOutbox(product)
  browser = await launchChromium()
  for (const kind of ['trial', 'capped'] as const) {
    const context = await browser.newContext({ viewport: VIEWPORTS.laptop })
    const page = await signUpInConsole(product, context, `allowance-${kind}@example.com`)
    const accountId = new URL(page.url()).searchParams.get('account_id') ?? ''
    if (kind === 'capped') await useUpStarterCap(page, accountId)
    states.set(kind, { accountId, storage: await context.storageState() })
    await context.close()
  }
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

async function saysOneAllowance(page: Page, width: number) {
  const text = ((await page.locator('body').textContent()) ?? '').replace(/\s+/g, ' ')
  expect(text).toContain(PRO_ALLOWANCE)
  expect(text).not.toMatch(/unlimited/i)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  expect(await overlappingText(page)).toEqual([])
  expect(await axeProblems(page)).toEqual([])
}

describe.each(Object.entries(VIEWPORTS))("Pro's allowance at %s size", (size, viewport) => {
  const open = async (kind: Kind, path: string) => {
    const context = await browser.newContext({ viewport, storageState: stateOf(kind).storage })
    const page = await context.newPage()
    await page.goto(`${product.url}${path}`)
    return page
  }

  it('the pricing page says it, without "unlimited"', async () => {
    const page = await open('trial', ROUTES.pricing)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.screenshot({ path: `${ARTIFACTS}pricing-${size}.png`, fullPage: true, animations: 'disabled' })
    await saysOneAllowance(page, viewport.width)
    await page.context().close()
  })

  it('Plan & billing says it during the trial', async () => {
    const { accountId } = stateOf('trial')
    const page = await open('trial', `/settings/?tab=billing&account_id=${accountId}`)
    await page.getByRole('heading', { name: 'Plan & billing', level: 2 }).waitFor()
    await page.getByTestId('settings-usage').waitFor()
    await page.screenshot({ path: `${ARTIFACTS}billing-${size}.png`, fullPage: true, animations: 'disabled' })
    await saysOneAllowance(page, viewport.width)
    await page.context().close()
  })

  it("the Starter cap's banner offers Pro in the same words", async () => {
    const { accountId } = stateOf('capped')
    const page = await open('capped', `/dashboard/?account_id=${accountId}`)
    const notice = page.getByTestId('usage-notice')
    await expect
      .poll(() => notice.textContent())
      .toContain('You have used all 50 cancel sessions of this month.')
    expect((await notice.textContent()) ?? '').toContain(`Upgrade to Pro: ${PRO_ALLOWANCE}.`)
    await page.screenshot({ path: `${ARTIFACTS}cap-banner-${size}.png`, animations: 'disabled' })
    const text = ((await page.locator('body').textContent()) ?? '').replace(/\s+/g, ' ')
    expect(text).not.toMatch(/unlimited/i)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    )
    expect(await axeProblems(page)).toEqual([])
    await page.context().close()
  })
})
