import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { setEarlyAccess } from '@retainkit/server/testing'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import {
  accessTokenOf,
  addMember,
  consoleApi,
  ensureConsoleBuilt,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { saveRecoverySettings } from '../support/payment-recovery'
import { launchChromium, type Product, startProduct } from '../support/product'
import { overlappingText } from '../support/text-overlap'

/**
 * The dashboard's "Payment recovery" section in Chromium at a laptop's and a phone's width, over seeded
 * campaigns in three currencies (dollars and euros recovered by two channels, yen lost, euros still
 * open): each amount in its own currency's format (cents, no yen decimals), never summed across
 * currencies; the rate, the channel and attempt tables; axe clean, no overlapping text, no sideways
 * scroll.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/recovery/', import.meta.url))
const VIEWPORTS = { laptop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const
const DAY = 86_400_000

let product: Product
let browser: Browser

/** One campaign row as the campaign code writes it, `daysAgo` failed and (when closed) `closedDaysAgo`. */
function campaign(
  index: number,
  fields: { state: string; outcome?: string; amount: number; currency: string; attempt?: number },
  daysAgo: number,
  closedDaysAgo?: number,
) {
  const now = product.deps.clock.now().getTime()
  const at = (days: number) => new Date(now - days * DAY)
  return {
    account_id: product.account.accountId,
    mode: 'live',
    invoice_id: `in_seed_${index}`,
    customer_id: `cus_seed_${index}`,
    subscription_id: `sub_seed_${index}`,
    state: fields.state,
    outcome: fields.outcome ?? null,
    amount: fields.amount,
    currency: fields.currency,
    mrr: fields.amount,
    plan_name: 'Pro',
    recovered_attempt: fields.attempt ?? null,
    failed_at: at(daysAgo),
    closed_at: closedDaysAgo === undefined ? null : at(closedDaysAgo),
    due_at: closedDaysAgo === undefined ? at(-1) : null,
    created_at: at(daysAgo),
    updated_at: at(closedDaysAgo ?? daysAgo),
  }
}

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct()
  useDevOutbox(product)
  await setEarlyAccess(product.deps.db, product.account.accountId, true, new Date())
  await saveRecoverySettings(product)
  await product.deps.db
    .insertInto('recovery_campaigns')
    .values([
      campaign(
        1,
        { state: 'recovered', outcome: 'email_link', amount: 2_900, currency: 'usd', attempt: 2 },
        5,
        4,
      ),
      campaign(
        2,
        { state: 'recovered', outcome: 'our_retry', amount: 4_900, currency: 'eur', attempt: 4 },
        10,
        7,
      ),
      campaign(3, { state: 'lost', outcome: 'grace_ended', amount: 5_000, currency: 'jpy' }, 20, 2),
      campaign(4, { state: 'retrying', amount: 9_900, currency: 'eur' }, 1),
    ] as never)
    .execute()
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

/** The figure under the term `term` in the section's list. */
const figure = (section: Locator, term: string) => section.locator('dt', { hasText: term }).locator('+ dd')

/** The texts of cells and figures that reach past the section's right edge (drawn cut off by the card). */
function cutOff(section: Locator): Promise<string[]> {
  return section.evaluate((root) => {
    const edge = root.getBoundingClientRect().right
    return [...root.querySelectorAll('th, td, dd, dt')]
      .filter((cell) => cell.getBoundingClientRect().right > edge + 0.5)
      .map((cell) => cell.textContent ?? '')
  })
}

async function openDashboard(context: BrowserContext, email: string): Promise<Page> {
  const page = await signUpInConsole(product, context, email)
  const token = await accessTokenOf(page)
  const user = await fetch(`${product.url}/auth/v1/user`, {
    headers: { authorization: `Bearer ${token}`, apikey: product.deps.anonKey },
  })
  await addMember(product, product.account.accountId, ((await user.json()) as { id: string }).id, 'owner')
  const switched = await consoleApi(product, token, '/api/session?action=active-account', {
    body: { account_id: product.account.accountId },
  })
  expect(switched.status).toBe(200)
  await page.goto(`${product.url}/dashboard/?account_id=${product.account.accountId}`)
  return page
}

describe.each(Object.entries(VIEWPORTS))(
  'the dashboard’s payment recovery section at %s size',
  (size, viewport) => {
    let context: BrowserContext
    afterAll(() => context?.close())

    it('shows each figure in its own currency, the rate and the tables, accessible and without overlap', async () => {
      context = await browser.newContext({ viewport, locale: 'en-US' })
      const page = await openDashboard(context, `recovery-dashboard-${size}@example.com`)
      const section = page.getByRole('region', { name: 'Payment recovery' })
      await section.waitFor({ timeout: 30_000 })

      const recovered = await figure(section, 'Recovered').textContent()
      expect(recovered).toContain('€49.00')
      expect(recovered).toContain('$29.00')
      expect(recovered).toContain('2 invoices')
      // Amounts of different currencies are listed side by side, never added up.
      expect(recovered).not.toContain('78')
      expect(await figure(section, 'Involuntary churn (lost)').textContent()).toBe('MRR ¥5,000 (1 invoice)')
      expect(await figure(section, 'At risk now (open campaigns)').textContent()).toBe('€99.00 (1 invoice)')
      expect(await figure(section, 'Recovery rate').textContent()).toBe('66.67%')
      const failed = await figure(section, 'At-risk MRR (failed in the period)').textContent()
      for (const amount of ['$29.00', '€148.00', '¥5,000']) expect(failed).toContain(amount)

      const channels = section.getByRole('table', { name: 'Recovered by channel' })
      const emailRow = channels.getByRole('row', { name: /E-mail link/ })
      expect(await emailRow.getByRole('cell').allTextContents()).toEqual(['1', '$29.00', '33.33%'])
      const retryRow = channels.getByRole('row', { name: /Retainkit's retry/ })
      expect(await retryRow.getByRole('cell').allTextContents()).toEqual(['1', '€49.00', '33.33%'])
      const attempts = section.getByRole('table', { name: 'Recovered by attempt' })
      expect(await attempts.getByRole('row').count()).toBe(3)

      // Every figure and cell inside the card: a table wider than a phone must not be cut off at its edge.
      expect(await cutOff(section)).toEqual([])
      await section.scrollIntoViewIfNeeded()
      await section.screenshot({ path: `${ARTIFACTS}dashboard-section-${size}.png`, animations: 'disabled' })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )
      expect(await overlappingText(page)).toEqual([])
      expect(await axeProblems(page, { all: true })).toEqual([])
    })
  },
)
