import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import { createSubscriberToken } from '@retainkit/widget/token'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import {
  accessTokenOf,
  consoleApi,
  ensureConsoleBuilt,
  recordCancelSessions,
  setTier,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * The console end to end, in Chromium against the real server (in process, embedded auth, PGlite):
 * sign-up through the dev outbox's magic link, the editor's live preview and save, the dashboard's
 * period and CSV export, sign-out, a viewer's limits, and axe-core on login, editor and dashboard.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/console/', import.meta.url))
const OWNER_EMAIL = 'merchant-owner@example.com'
const VIEWER_EMAIL = 'merchant-viewer@example.com'

let product: Product
let browser: Browser
let owner: { context: BrowserContext; page: Page; accountId: string; userId: string; token: string }

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ animations: 'disabled', path: `${ARTIFACTS}${name}.png`, fullPage })
}

/** Signs up through /signup/ and the magic link in the dev outbox; ends on the dashboard. */
const signUp = (context: BrowserContext, email: string) => signUpInConsole(product, context, email)

function accountIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('account_id')
  if (!id) throw new Error(`no account_id in ${page.url()}`)
  return id
}

async function userIdOf(token: string): Promise<string> {
  const response = await fetch(`${product.url}/auth/v1/user`, {
    headers: { authorization: `Bearer ${token}`, apikey: product.deps.anonKey },
  })
  const user = (await response.json()) as { id: string }
  return user.id
}

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  console.log(`[e2e] console screenshots in ${ARTIFACTS}`)
  product = await startProduct({ seed: false })
  useDevOutbox(product)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

describe('console in Chromium', () => {
  it('login page has no serious accessibility violations', async () => {
    const page = await browser.newPage()
    await page.goto(`${product.url}/login/`)
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()
    await shot(page, 'login')
    expect(await axeProblems(page)).toEqual([])
    await page.close()
  })

  it('signs up with the magic link from the dev outbox and lands on the dashboard', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const page = await signUp(context, OWNER_EMAIL)
    const accountId = accountIdOf(page)
    const token = await accessTokenOf(page)
    owner = { context, page, accountId, token, userId: await userIdOf(token) }
    await page
      .getByTestId('dashboard-empty')
      .getByRole('heading', { name: 'No cancel sessions in this period' })
      .waitFor()
    await shot(page, 'dashboard-new-account', true)
  })

  it('edits the flow with a live preview before saving, and the save persists', async () => {
    const { page } = owner
    // Once the trial is over the account is on Starter: default flow and styling, locked with an
    // upgrade prompt.
    await setTier(product, owner.accountId, 'free')
    await page.reload()
    // The getting-live checklist also offers "Open the editor": the main navigation's link is the one.
    await page.getByTestId('getting-live').waitFor()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Editor', exact: true })
      .click()
    await page.getByRole('heading', { name: 'Cancel flow editor' }).waitFor()
    const styling = page.getByRole('region', { name: 'Styling' })
    await styling.getByText('Custom styling is a Pro feature.').waitFor()
    expect(await styling.getByLabel('Primary colour (buttons) hex value').isDisabled()).toBe(true)
    await styling.scrollIntoViewIfNeeded()
    await shot(page, 'editor-free-tier-locked')
    // Copy stays editable on the free tier, and the server accepts a copy-only change.
    const finalScreen = page.getByRole('group', { name: 'Cancellation confirmed' })
    await finalScreen.getByLabel('Headline', { exact: true }).fill('You are all set')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText(/^Version 2 · saved/).waitFor()

    // An upgrade (billing, or the operator) unlocks the editor on the next load.
    await setTier(product, owner.accountId, 'pro')
    await page.reload()
    await page.getByRole('heading', { name: 'Cancel flow editor' }).waitFor()
    const preview = page.getByRole('region', { name: 'Cancel flow preview' })
    await preview.getByText('Before you go…').waitFor()
    await shot(page, 'editor-loaded')

    const reasonScreen = page.getByRole('group', { name: 'Reason question' })
    await reasonScreen.getByLabel('Headline', { exact: true }).fill('Wait, we can help')
    await preview.getByText('Wait, we can help').waitFor()

    const primary = page.getByLabel('Primary colour (buttons) hex value')
    await primary.fill('#b91c1c')
    const continueButton = preview.getByRole('button', { name: 'Continue' })
    await expect
      .poll(() => continueButton.evaluate((button) => getComputedStyle(button).backgroundColor))
      .toBe('rgb(185, 28, 28)')
    // Nothing is saved yet: the server still has the free tier's version 2.
    const before = await consoleApi(
      product,
      owner.token,
      `/api/account?accountId=${owner.accountId}&action=config`,
    )
    const saved = (await before.json()) as {
      data: { version: number; config_json: { copy: { general: { headline: string } } } }
    }
    expect(saved.data.config_json.copy.general.headline).toBe('Before you go…')
    await shot(page, 'editor-unsaved-preview')

    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText(/^Version 3 · saved/).waitFor()
    await page.reload()
    await page.getByRole('heading', { name: 'Cancel flow editor' }).waitFor()
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: 'Reason question' })
          .getByLabel('Headline', { exact: true })
          .inputValue(),
      )
      .toBe('Wait, we can help')
    expect(await page.getByLabel('Primary colour (buttons) hex value').inputValue()).toBe('#b91c1c')
    await page.getByRole('region', { name: 'Cancel flow preview' }).getByText('Wait, we can help').waitFor()
    await shot(page, 'editor-saved')
    expect(await axeProblems(page)).toEqual([])

    await page.getByRole('radio', { name: 'Mobile' }).check()
    await page.getByLabel('Screen', { exact: true }).selectOption({ label: 'Offer: Discount' })
    await page.getByRole('region', { name: 'Cancel flow preview' }).getByText('How about 20% off?').waitFor()
    await page.getByRole('complementary', { name: 'Live preview' }).scrollIntoViewIfNeeded()
    await shot(page, 'editor-mobile-discount')
  })

  it('/preview/ shows the saved flow and banner on a sample merchant page', async () => {
    const { page, accountId } = owner
    await page.goto(`${product.url}/preview/?account_id=${accountId}`)
    const flow = page.getByRole('region', { name: 'Cancel flow preview' })
    await flow.getByText('Wait, we can help').waitFor()
    await shot(page, 'preview-cancel-flow')
    await page.getByRole('radio', { name: 'Reactivation banner' }).check()
    await page
      .getByRole('region', { name: 'Reactivation banner preview' })
      .getByText('Welcome back!')
      .waitFor()
    await shot(page, 'preview-banner')
  })

  it('shows real sessions on the dashboard, follows the period and exports CSV', async () => {
    const { page, accountId, token } = owner
    const created = await consoleApi(
      product,
      token,
      `/api/account?accountId=${accountId}&action=widget-secret`,
      { method: 'POST' },
    )
    const { secret } = ((await created.json()) as { data: { secret: string } }).data
    await recordCancelSessions(
      product,
      accountId,
      (customerId) =>
        createSubscriberToken({
          accountId,
          customerId,
          secret,
          mode: 'test',
          handles: ['offers', 'cancel'],
        }),
      [
        { reasonKey: 'too_expensive', feedback: 'The price went up again', outcome: 'cancel' },
        { reasonKey: 'too_expensive', feedback: 'Too expensive for what I use', outcome: 'cancel' },
        { reasonKey: 'too_expensive', outcome: 'cancel' },
        { reasonKey: 'other', feedback: 'Moving abroad, price is fine', outcome: 'cancel' },
        { reasonKey: 'not_using_enough', outcome: 'stay' },
      ],
    )

    // A fresh page load: the editor's reload above prefetched the (then empty) 3-month data sets, which
    // the dashboard would take within a minute (the startup prefetch); new sessions show on the next load.
    await page.goto(`${product.url}/dashboard/?account_id=${accountId}`)
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    // The sessions were made with test-mode tokens: the merchant switches to test-mode data.
    await page.getByRole('checkbox', { name: 'Test-mode data' }).check()
    await page.waitForURL(/mode=test/)
    await page.getByText('Showing test-mode sessions only', { exact: false }).waitFor()
    const reasons = page.getByRole('region', { name: 'Cancellation reasons' })
    await reasons
      .getByRole('img', { name: /Bar chart of the reasons subscribers gave: It's too expensive 3 \(60%\)/ })
      .waitFor()
    await page
      .getByRole('region', { name: 'Write-in feedback words' })
      .getByRole('listitem')
      .filter({ hasText: /^price/ })
      .waitFor()
    await page
      .getByRole('region', { name: 'Save rate over time' })
      .getByRole('img', { name: /Line chart of the save rate/ })
      .waitFor()
    await shot(page, 'dashboard-3-months', true)
    expect(await axeProblems(page)).toEqual([])

    await page.getByLabel('Period').selectOption('30days')
    await page.waitForURL(/period=30days/)
    await page.getByText('Showing Last 30 days').waitFor()
    await reasons.getByRole('img', { name: /It's too expensive 3 \(60%\)/ }).waitFor()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      reasons.getByRole('button', { name: /Export CSV/ }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`retainkit-${accountId}-cancellation-reasons-30days.csv`)
    const path = await download.path()
    const csv = (await import('node:fs')).readFileSync(path, 'utf8').replace(/^\uFEFF/, '')
    expect(csv).toBe(
      "Reason,Key,Subscribers,Share (%)\r\nIt's too expensive,too_expensive,3,60\r\nI'm not using it enough,not_using_enough,1,20\r\nSomething else,other,1,20\r\n",
    )
    writeFileSync(`${ARTIFACTS}cancellation-reasons.csv`, csv)

    // The raw sessions of the same period and mode, as the server writes them.
    const rawExport = page.getByRole('group', { name: 'Export raw sessions' })
    const [raw] = await Promise.all([
      page.waitForEvent('download'),
      rawExport.getByRole('button', { name: 'JSON (raw sessions)' }).click(),
    ])
    expect(raw.suggestedFilename()).toBe(`retainkit-${accountId}-sessions-test-30days.json`)
    const sessions = JSON.parse((await import('node:fs')).readFileSync(await raw.path(), 'utf8')) as {
      data: Array<{ mode: string; outcome: string; reason_key: string | null; steps: unknown[] }>
    }
    expect(sessions.data).toHaveLength(5)
    expect(sessions.data.every((session) => session.mode === 'test' && session.steps.length > 0)).toBe(true)
    expect(sessions.data.filter((session) => session.reason_key === 'too_expensive')).toHaveLength(3)
    await rawExport
      .getByRole('status')
      .filter({ hasText: 'Raw sessions downloaded as JSON.' })
      .waitFor({ state: 'attached' })

    await reasons.getByRole('button', { name: 'Show table' }).click()
    await reasons.getByRole('cell', { name: '60' }).waitFor()
    await shot(page, 'dashboard-1-month-table', true)
  })

  it('counts an accepted offer as a save: 2 kept + 4 accepted + 6 cancelled is 50.00%, one count of cancellations', async () => {
    const { page, accountId, token } = owner
    const created = await consoleApi(
      product,
      token,
      `/api/account?accountId=${accountId}&action=widget-secret`,
      { method: 'POST' },
    )
    const { secret } = ((await created.json()) as { data: { secret: string } }).data
    // Live subscribers this time (the test-mode sessions above stay apart).
    const outcomes = [
      ...Array.from({ length: 2 }, () => ({ reasonKey: 'not_using_enough', outcome: 'stay' as const })),
      ...Array.from({ length: 4 }, () => ({ reasonKey: 'too_expensive', outcome: 'accept' as const })),
      ...Array.from({ length: 6 }, () => ({ reasonKey: 'other', outcome: 'cancel' as const })),
    ]
    await recordCancelSessions(
      product,
      accountId,
      (customerId) =>
        createSubscriberToken({
          accountId,
          customerId: `${customerId}Live`,
          secret,
          handles: ['offers', 'cancel'],
        }),
      outcomes,
    )
    await page.goto(`${product.url}/dashboard/?account_id=${accountId}`)
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    const rate = page.getByRole('region', { name: 'Save rate over time' })
    await rate.getByText('50.00%', { exact: true }).waitFor()
    const figure = (name: string) =>
      rate
        .locator('dt', { hasText: new RegExp(`^${name}$`) })
        .locator('xpath=following-sibling::dd[1]')
        .textContent()
    expect(await figure('Stayed')).toBe('6')
    expect(await figure('Kept their plan')).toBe('2')
    expect(await figure('Accepted an offer')).toBe('4')
    expect(await figure('Cancellations')).toBe('6')
    // Months without sessions are gaps, named as such for screen readers; this month is 50 %.
    await rate.getByRole('img', { name: /no sessions.*50\.00%/ }).waitFor()

    // The reasons card counts the 12 subscribers who gave a reason and never calls them cancellations.
    const reasons = page.getByRole('region', { name: 'Cancellation reasons' })
    await reasons.getByText(/gave a reason, whether they then cancelled or stayed/).waitFor()
    expect(await reasons.locator('.rk-card__summary').textContent()).toMatch(/^12 subscribers gave a reason/)
    expect(await reasons.getByText(/cancellations/i).count()).toBe(0)
    const overTime = page.getByRole('region', { name: 'Reasons over time' })
    await overTime.getByRole('img', { name: /Subscribers who gave a reason, per month/ }).waitFor()
    expect(await overTime.getByText(/cancellations/i).count()).toBe(0)
    // Every count of cancellations on the page agrees.
    const counts = await page
      .locator('dt', { hasText: /^Cancellations$/ })
      .locator('xpath=following-sibling::dd[1]')
      .allInnerTexts()
    expect(counts).toEqual(['6'])
    await rate.scrollIntoViewIfNeeded()
    await shot(page, 'dashboard-save-rate-50', true)
    expect(await axeProblems(page)).toEqual([])
  })

  it('invites a teammate from Settings → Team', async () => {
    const { page, accountId } = owner
    await page.goto(`${product.url}/settings/?tab=team&account_id=${accountId}`)
    const members = page.getByRole('table', { name: 'Members' })
    await members.getByRole('rowheader', { name: /\(you\)$/ }).waitFor()
    await page.getByLabel('Email address').fill(VIEWER_EMAIL)
    await page.getByLabel('Role', { exact: true }).selectOption('viewer')
    await page.getByRole('button', { name: 'Send invitation' }).click()
    const pending = page.getByRole('table', { name: 'Pending invitations' })
    await pending.getByRole('rowheader', { name: VIEWER_EMAIL }).waitFor()
    await shot(page, 'settings-team', true)
    expect(await axeProblems(page)).toEqual([])
  })

  it('logs out: tokens gone, home after the redirect, private pages need sign-in again', async () => {
    const { page } = owner
    await page.getByRole('button', { name: /workspace/ }).click()
    await page.getByRole('menuitem', { name: 'Log Out' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    const authKeys = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('sb-')),
    )
    expect(authKeys).toEqual([])
    await page.goto(`${product.url}/dashboard/`)
    await page.waitForURL(/\/login\/$/)
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()
    await owner.context.close()
  })

  it('a viewer sees no Editor link and the server refuses its save', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    // The invitation above: signing up with the invited address lands in the owner's account as viewer.
    const page = await signUp(context, VIEWER_EMAIL)
    const token = await accessTokenOf(page)
    expect(new URL(page.url()).searchParams.get('account_id')).toBe(owner.accountId)

    // The owner's sessions above are test-mode data: the URL can ask for it directly.
    await page.goto(`${product.url}/dashboard/?account_id=${owner.accountId}&mode=test`)
    await page.getByRole('region', { name: 'Cancellation reasons' }).getByRole('img').waitFor()
    const nav = page.getByRole('navigation').first()
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Editor', exact: true }).count()).toBe(0)
    await shot(page, 'viewer-dashboard')

    await page.goto(`${product.url}/editor/?account_id=${owner.accountId}`)
    await page.getByText(/You can view this flow but not change it/).waitFor()
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0)

    const current = await consoleApi(
      product,
      token,
      `/api/account?accountId=${owner.accountId}&action=config`,
    )
    const { config_json } = ((await current.json()) as { data: { config_json: Record<string, unknown> } })
      .data
    const refused = await consoleApi(
      product,
      token,
      `/api/account?accountId=${owner.accountId}&action=config`,
      {
        method: 'PUT',
        body: { config_json },
      },
    )
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'INSUFFICIENT_PERMISSIONS',
    )
    await context.close()
  })
})
