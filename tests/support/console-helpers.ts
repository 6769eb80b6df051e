import { createOutboxMailer } from '@retainkit/server/testing'
import type { BrowserContext, Page } from 'playwright-core'
import type { Product } from './product'

/**
 * What the console's browser suite needs beyond product.ts: a fresh console build (the console's own
 * ensure-built, which its bundle budget test uses too), sign-in mail in the real development outbox
 * (GET /auth/v1/dev/outbox) instead of the harness's in-memory capture, the signed-in user's own
 * access token, and real cancel sessions recorded through the widget API.
 */
export { ensureConsoleBuilt } from '@retainkit/console/ensure-built'

/** Sends sign-in mail to the development outbox, as `npm start` does without SMTP_URL. */
export function useDevOutbox(product: Product): void {
  product.deps.mailer = createOutboxMailer(product.deps.db, product.deps.logger)
}

interface OutboxMail {
  to: string
  subject: string
  link: string | null
  sent_at: string
}

/** The newest sign-in link sent to `email`, read from GET /auth/v1/dev/outbox (waits up to 10 s). */
export async function magicLinkFor(baseUrl: string, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/auth/v1/dev/outbox?to=${encodeURIComponent(email)}`)
    if (response.ok) {
      const body = (await response.json()) as OutboxMail[] | { data?: OutboxMail[]; mail?: OutboxMail[] }
      const mails = Array.isArray(body) ? body : (body.data ?? body.mail ?? [])
      const fresh = mails.filter((mail) => mail.link && Date.parse(mail.sent_at) >= after)
      if (fresh[0]?.link) return fresh[0].link
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No sign-in mail for ${email} in the dev outbox`)
}

/** The access token supabase-js keeps for the signed-in user (`sb-…-auth-token` in localStorage). */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? ''
      if (!key.startsWith('sb-') || !key.endsWith('-auth-token')) continue
      const value = JSON.parse(localStorage.getItem(key) ?? 'null') as { access_token?: string } | null
      if (value?.access_token) return value.access_token
    }
    return null
  })
  if (!token) throw new Error('No signed-in session in this page')
  return token
}

/** A console API call (API key and the user's bearer token), as the console's client makes it. */
export function consoleApi(
  product: Product,
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  return fetch(`${product.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'x-api-key': product.deps.apiKey,
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
}

/**
 * The tier as an operator sets it (what `npm run admin -- tier` does): 'pro' for good; 'free' also ends
 * a running trial, so the account is on Starter now.
 */
export async function setTier(product: Product, accountId: string, tier: 'free' | 'pro'): Promise<void> {
  await product.deps.db
    .updateTable('accounts')
    .set(tier === 'free' ? { tier, trial_ends_at: new Date() } : { tier })
    .where('id', '=', accountId)
    .execute()
  product.deps.widgetConfigCache.invalidate(accountId)
}

/** There is no invitation flow yet: tests add a member directly. */
export async function addMember(
  product: Product,
  accountId: string,
  userId: string,
  role: 'owner' | 'admin' | 'editor' | 'viewer',
) {
  await product.deps.db
    .insertInto('memberships')
    .values({ account_id: accountId, user_id: userId, role })
    .execute()
}

export interface RecordedSession {
  reasonKey: string
  feedback?: string
  /**
   * 'cancel': the subscriber cancelled (merchant-handled); 'stay': kept the subscription; 'accept':
   * accepted the discount offer (merchant-handled).
   */
  outcome: 'cancel' | 'stay' | 'accept'
}

/**
 * Records cancel sessions through the public widget API exactly as the widget does (subscriber token,
 * session start, step events, accept or cancel), with the merchant handling billing so no Stripe
 * account is needed: `mintToken` must sign the `handles: ['offers', 'cancel']` claim for that.
 */
export async function recordCancelSessions(
  product: Product,
  accountId: string,
  mintToken: (customerId: string) => string,
  sessions: readonly RecordedSession[],
): Promise<void> {
  for (const [index, session] of sessions.entries()) {
    const token = mintToken(`cus_ConsoleE2e${index}`)
    const call = (path: string, body: unknown) => widgetCall(product, token, path, body)
    const started = await call('/sessions', {
      mode: 'test',
      merchantHandlesOffers: true,
      merchantHandlesCancel: true,
    })
    const sessionId = started?.sessionId
    if (typeof sessionId !== 'string')
      throw new Error(`no session for ${accountId}: ${JSON.stringify(started)}`)
    const events: Array<Record<string, string>> = [{ step: 'reason_selected', reasonKey: session.reasonKey }]
    if (session.feedback) events.push({ step: 'feedback_submitted', text: session.feedback })
    if (session.outcome === 'stay') events.push({ step: 'reason_continue', reasonKey: session.reasonKey })
    if (session.outcome === 'accept') events.push({ step: 'offer_shown', offer: 'discount' })
    await call(`/sessions/${sessionId}/events`, { events })
    if (session.outcome === 'cancel') {
      await call(`/sessions/${sessionId}/cancel`, { reasonKey: session.reasonKey, handledByMerchant: true })
    }
    if (session.outcome === 'accept') {
      await call(`/sessions/${sessionId}/accept`, {
        offer: 'discount',
        reasonKey: session.reasonKey,
        handledByMerchant: true,
      })
    }
  }
}

/** A widget API call as the widget makes it with a subscriber token; the answer's JSON (null for 204). */
export async function widgetCall(
  product: Product,
  token: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown> | null> {
  const response = await fetch(`${product.url}/api/widget${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`widget ${path}: HTTP ${response.status} ${await response.text()}`)
  return response.status === 204 ? null : ((await response.json()) as Record<string, unknown>)
}

/** Signs up through /signup/ and the magic link in the dev outbox; ends on the dashboard. */
export async function signUpInConsole(
  product: Product,
  context: BrowserContext,
  email: string,
): Promise<Page> {
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      console.log(`[browser ${message.type()}] ${message.text()}`)
  })
  page.on('pageerror', (error) => console.log(`[browser pageerror] ${error.message}`))
  await page.goto(`${product.url}/signup/`)
  await page.getByLabel('Email address').fill(email)
  const sentAfter = Date.now() - 1000
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByText('Check your email to confirm your account!').waitFor()
  const link = await magicLinkFor(product.url, email, sentAfter)
  await page.goto(link)
  await page.waitForURL(/\/dashboard\/\?account_id=/, { timeout: 20_000 })
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  return page
}
