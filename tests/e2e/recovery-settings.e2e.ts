import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectCleanLayout } from '../support/clean-layout'
import {
  accessTokenOf,
  addMember,
  consoleApi,
  ensureConsoleBuilt,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { pastDueSubscriber } from '../support/payment-recovery'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * Settings → Payment recovery in Chromium against the real server, at a laptop's and a phone's width:
 * the account granted early access with one past-due subscriber (tests/support/payment-recovery.ts);
 * a merchant changes the prompt, a mail switch and the schedule with the keyboard alone, meets the
 * shared schema's message for an out-of-order retry, saves, and finds the saved values after a reload;
 * the French payment-failed mail rendered by the server's preview; a viewer sees it all read-only.
 * Axe-clean, no overlapping text, no horizontal scroll.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/recovery/', import.meta.url))
const VIEWPORTS = { laptop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const

let product: Product
let browser: Browser

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct()
  useDevOutbox(product)
  await pastDueSubscriber(product)
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

/** A new console user, made a member of the harness's merchant account, on the payment recovery tab. */
async function openAs(context: BrowserContext, email: string, role: 'owner' | 'viewer'): Promise<Page> {
  const page = await signUpInConsole(product, context, email)
  const token = await accessTokenOf(page)
  const user = await fetch(`${product.url}/auth/v1/user`, {
    headers: { authorization: `Bearer ${token}`, apikey: product.deps.anonKey },
  })
  await addMember(product, product.account.accountId, ((await user.json()) as { id: string }).id, role)
  // The merchant account becomes the active one, as the account menu's switch makes it: the role shown
  // is the active account's.
  const switched = await consoleApi(product, token, '/api/session?action=active-account', {
    body: { account_id: product.account.accountId },
  })
  expect(switched.status).toBe(200)
  await page.goto(`${product.url}/settings/?tab=recovery&account_id=${product.account.accountId}`)
  await page.getByText('Early access', { exact: true }).waitFor({ timeout: 20_000 })
  return page
}

/** The accessible name of what has focus: its label, aria-label, or text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null
    if (!active) return ''
    return (
      active.getAttribute('aria-label') ??
      active.labels?.[0]?.textContent ??
      active.textContent ??
      ''
    ).trim()
  })

/** Tab (forwards) until the control named `name` has focus. */
async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 80; presses++) {
    if ((await focusedName(page)) === name) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached "${name}" (focus on "${await focusedName(page)}")`)
}

async function savedSettings() {
  const res = await product.account.consoleApi(`/api/recovery/${product.account.accountId}`)
  return ((await res.json()) as { data: { settings: Record<string, unknown> } }).data.settings
}

describe.each(Object.entries(VIEWPORTS))('Settings → Payment recovery at %s size', (size, viewport) => {
  let context: BrowserContext
  afterAll(() => context?.close())

  it('saves a keyboard-only change round trip, with the schema message for an out-of-order retry', async () => {
    context = await browser.newContext({ viewport })
    const page = await openAs(context, `recovery-${size}@example.com`, 'owner')
    await page.getByText('On: failed payments are being worked.', { exact: true }).waitFor()
    await expectCleanLayout(page, viewport.width, { axe: 'all' })

    // Start at the section's heading, then only the keyboard.
    await page.getByRole('heading', { level: 2, name: 'Payment recovery' }).focus()
    await tabTo(page, 'Retry 3 after')
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('2')
    await tabTo(page, 'Banner')
    await page.keyboard.press('ArrowDown')
    expect(await focusedName(page)).toBe('Blocking wall')
    await page.keyboard.press('Shift+Tab')
    await tabToBackwards(page, 'Reminder')
    await page.keyboard.press('Space')
    await tabTo(page, 'Save payment recovery')
    await page.keyboard.press('Enter')
    await page.getByText('Retry schedule: Each retry must come after the one before').waitFor()
    expect((await savedSettings()).prompt).toBe('banner')
    await expectCleanLayout(page, viewport.width, { axe: 'all' })

    await page.getByRole('heading', { level: 2, name: 'Payment recovery' }).focus()
    await tabTo(page, 'Retry 3 after')
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type(size === 'laptop' ? '10' : '12')
    await tabTo(page, 'Save payment recovery')
    await page.keyboard.press('Enter')
    await page.getByText('Payment recovery saved').first().waitFor()
    const saved = await savedSettings()
    expect(saved.prompt).toBe('wall')
    expect(saved.schedule_hours).toEqual([24, 72, size === 'laptop' ? 240 : 288])
    expect((saved.mails as Record<string, boolean>).payment_reminder).toBe(false)

    await page.reload()
    await page.getByText('Early access', { exact: true }).waitFor({ timeout: 20_000 })
    expect(await page.getByLabel('Blocking wall').isChecked()).toBe(true)
    expect(await page.getByLabel('Reminder').isChecked()).toBe(false)
    expect(await page.getByLabel('Retry 3 after').inputValue()).toBe(size === 'laptop' ? '10' : '12')
    expect(await page.getByLabel('Retry 3 unit').inputValue()).toBe('days')
    // Put the page's starting point back for the next size.
    await product.account.consoleApi(`/api/recovery/${product.account.accountId}`, {
      method: 'PUT',
      body: {
        ...saved,
        prompt: 'banner',
        schedule_hours: [24, 72, 168],
        mails: { ...(saved.mails as object), payment_reminder: true },
      },
    })
  })

  it("previews the French payment-failed e-mail rendered by the server, with the merchant's text", async () => {
    const page = await context.newPage()
    await page.goto(`${product.url}/settings/?tab=recovery&account_id=${product.account.accountId}`)
    await page.getByText('Early access', { exact: true }).waitFor({ timeout: 20_000 })
    await page.getByLabel('Language').selectOption('fr')
    await page.getByLabel('Subject (French)').fill('Votre paiement à {merchant} a échoué, désolé')
    await page.getByRole('button', { name: 'Preview the payment failed e-mail' }).click()
    const frame = page.getByTitle('Preview: Payment failed e-mail in French')
    await frame.waitFor()
    await page.getByText('Votre paiement à Acme Cloud a échoué, désolé').waitFor()
    const body = page.frameLocator('iframe[title="Preview: Payment failed e-mail in French"]').locator('body')
    expect(await body.textContent()).toMatch(/Mettre à jour/i)
    await page.getByText('Plain-text version').click()
    expect(await page.locator('.rk-recovery__text').textContent()).toContain('/update-payment/preview')
    await page.screenshot({
      path: `${ARTIFACTS}settings-${size}.png`,
      fullPage: true,
      animations: 'disabled',
    })
    await expectCleanLayout(page, viewport.width, { axe: 'all' })
    await page.close()
  })
})

describe('Settings → Payment recovery for a viewer', () => {
  it('shows the settings read-only: no save, every control disabled', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone })
    const page = await openAs(context, 'recovery-viewer@example.com', 'viewer')
    await page.getByText(/^Read only:/).waitFor()
    expect(await page.getByRole('button', { name: 'Save payment recovery' }).count()).toBe(0)
    expect(await page.getByLabel('Blocking wall').isDisabled()).toBe(true)
    expect(await page.getByLabel('Retry 1 after').isDisabled()).toBe(true)
    await expectCleanLayout(page, VIEWPORTS.phone.width, { axe: 'all' })
    await context.close()
  })
})

/** Shift+Tab (backwards) until the control named `name` has focus. */
async function tabToBackwards(page: Page, name: string) {
  for (let presses = 0; presses < 80; presses++) {
    if ((await focusedName(page)) === name) return
    await page.keyboard.press('Shift+Tab')
  }
  throw new Error(`Shift+Tab never reached "${name}"`)
}
