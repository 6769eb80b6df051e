import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeAdminFile } from '@retainkit/server/admin'
import { createSubscriberToken } from '@retainkit/widget/token'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accessTokenOf,
  consoleApi,
  ensureConsoleBuilt,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * A self-hosted server without billing, in Chromium: the operator runs the real `npm run admin`
 * (a child process, reaching the running server through DATA_DIR/admin.json) and the console shows the
 * new tier on reload; then live cancel sessions fill the Starter month — the usage in the navigation,
 * the 80 % and 100 % notices (console and dev outbox), and the dashboard's stepped-aside figure.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/admin-usage/', import.meta.url))
const REPO = fileURLToPath(new URL('../../', import.meta.url))
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdefghijklmnop'
const OWNER = 'self-hosted-owner@example.com'

let product: Product
let browser: Browser
let dataDir: string
/** The owner signed up in the first test, still signed in for the second. */
let owner: { page: Page; accountId: string }

beforeAll(async () => {
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct({ seed: false, adminToken: ADMIN_TOKEN })
  useDevOutbox(product)
  dataDir = mkdtempSync(join(tmpdir(), 'rk-admin-e2e-'))
  writeAdminFile(dataDir, { url: product.url, token: ADMIN_TOKEN, pid: process.pid })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

function npmRunAdmin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'admin', '--', ...args],
      { cwd: REPO, env: { ...process.env, DATA_DIR: dataDir, RETAINKIT_SEED_DEMO: '0' }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, stdout: stdout.trim(), stderr: stderr.replace(/^npm warn .*\n?/gm, '').trim() })
      },
    )
  })
}

const badge = (page: Page) => page.getByTestId('plan-badge')

interface OutboxMail {
  subject: string
  sent_at: string
}

async function outboxSubjects(): Promise<string[]> {
  const response = await fetch(`${product.url}/auth/v1/dev/outbox?to=${encodeURIComponent(OWNER)}`)
  const body = (await response.json()) as OutboxMail[] | { data?: OutboxMail[]; mail?: OutboxMail[] }
  const mails = Array.isArray(body) ? body : (body.data ?? body.mail ?? [])
  return mails.map((mail) => mail.subject)
}

describe('self-hosting: npm run admin and usage in Chromium', () => {
  it('npm run admin sets the tier; the console shows it on reload; unknown accounts are refused', async () => {
    const context = await browser.newContext()
    const page = await signUpInConsole(product, context, OWNER)
    const accountId = new URL(page.url()).searchParams.get('account_id') ?? ''
    owner = { page, accountId }
    await expect.poll(() => badge(page).textContent()).toBe('Pro trial · 30 days left')

    const toStarter = await npmRunAdmin('tier', OWNER, 'starter')
    expect(toStarter).toMatchObject({ code: 0, stderr: '' })
    expect(toStarter.stdout).toMatch(new RegExp(`^${accountId} \\(.+\\) is now on Starter \\(starter\\)\\.$`))
    await page.reload()
    await expect.poll(() => badge(page).textContent()).toBe('Starter')

    const toPro = await npmRunAdmin('tier', accountId, 'pro')
    expect(toPro.stdout).toContain('is now on Pro (operator).')
    await page.reload()
    await expect.poll(() => badge(page).textContent()).toBe('Pro')
    await page.goto(`${product.url}/settings/?tab=billing`)
    expect(await page.getByTestId('current-plan').textContent()).toBe(
      'Current plan: Pro (set by this server’s operator)',
    )
    await page.getByText(/its operator sets each account’s plan/).waitFor()

    // Three commands that change nothing, run side by side: each process costs seconds to start.
    const [listed, unknown, gold] = await Promise.all([
      npmRunAdmin('accounts'),
      npmRunAdmin('tier', 'nobody@example.com', 'pro'),
      npmRunAdmin('tier', accountId, 'gold'),
    ])
    expect(listed.stdout).toContain(`${accountId}  Pro (operator)`)
    expect(unknown).toMatchObject({
      code: 1,
      stderr: 'No account is owned by nobody@example.com. List them with: npm run admin -- accounts',
    })
    expect(gold).toMatchObject({ code: 2 })
  })

  it('Starter usage: sessions vs the cap in the navigation, notices at 80 % and 100 %, stepped-aside subscribers', async () => {
    // The owner of the first test, back on Starter for this month's cap.
    const { page: signed, accountId } = owner
    expect((await npmRunAdmin('tier', accountId, 'starter')).code).toBe(0)
    const token = await accessTokenOf(signed)
    const created = await consoleApi(
      product,
      token,
      `/api/account?accountId=${accountId}&action=widget-secret`,
      {
        method: 'POST',
      },
    )
    const secret = ((await created.json()) as { data: { secret: string } }).data.secret
    const start = async (customerId: string) => {
      // The merchant's own handlers act, so its server signs that claim (the body alone is refused).
      const subscriberToken = createSubscriberToken({
        accountId,
        customerId,
        mode: 'live',
        secret,
        handles: ['offers', 'cancel'],
      })
      const response = await fetch(`${product.url}/api/widget/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${subscriberToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ merchantHandlesOffers: true, merchantHandlesCancel: true }),
      })
      return (await response.json()) as { sessionId?: string; fallback?: boolean; reason?: string }
    }

    for (let index = 1; index <= 40; index += 1)
      expect((await start(`cus_usage${index}`)).sessionId).toBeTruthy()
    await signed.reload()
    await expect.poll(() => signed.getByTestId('nav-usage').textContent()).toBe('40 / 50 sessions')
    await expect
      .poll(() => signed.getByTestId('usage-notice').textContent())
      .toContain('You have used 40 of your 50 cancel sessions this month (80 %).')
    await expect
      .poll(outboxSubjects)
      .toContain("Retainkit: Self's workspace has used 80% of this month's cancel sessions")

    for (let index = 41; index <= 50; index += 1)
      expect((await start(`cus_usage${index}`)).sessionId).toBeTruthy()
    // The 51st and 52nd subscribers: the widget steps aside, and each is counted once.
    expect(await start('cus_late1')).toMatchObject({ fallback: true, reason: 'session_limit' })
    expect(await start('cus_late2')).toMatchObject({ fallback: true, reason: 'session_limit' })
    expect(await start('cus_late1')).toMatchObject({ fallback: true })
    await signed.goto(`${product.url}/dashboard/?account_id=${accountId}`)
    await expect
      .poll(() => signed.getByTestId('stepped-aside').textContent())
      .toMatch(
        /^This month the widget stepped aside for 2 subscribers because your 50 cancel sessions were used up/,
      )
    expect(await signed.getByTestId('nav-usage').textContent()).toBe('50 / 50 sessions')
    expect(await signed.getByTestId('usage-notice').textContent()).toContain(
      'You have used all 50 cancel sessions of this month.',
    )
    await expect
      .poll(outboxSubjects)
      .toContain("Retainkit: Self's workspace has used all 50 cancel sessions this month")
    const subjects = await outboxSubjects()
    expect(subjects.filter((subject) => subject.includes('cancel sessions'))).toHaveLength(2)
    await signed.screenshot({ path: `${ARTIFACTS}stepped-aside.png` })
    await signed.goto(`${product.url}/settings/?tab=billing`)
    expect(await signed.getByTestId('settings-usage').textContent()).toContain(
      '50 of 50 cancel sessions used this month',
    )
  })
})
