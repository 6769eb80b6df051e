import { createStripeClient } from '@retainkit/fakes/stripe'
import type { MailMessage } from '@retainkit/server/testing'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allAxeViolations } from '../support/axe'
import { merchantPages } from '../support/merchant-pages'
import {
  launchChromium,
  type MerchantSite,
  type Product,
  type Subscriber,
  startMerchantSite,
} from '../support/product'
import { startWidgetProduct } from '../support/widget-scenario'

/**
 * Issue 34's journeys, as subscribers on a merchant's page in Chromium: where they live (signed into the
 * token by the merchant) decides the mode the server runs their session in, and each sees exactly that
 * mode — Germany the statutory page (no login, no offers, one button), an EU country inside the 14 days
 * the withdrawal page, Minnesota a flow without offers and the question only after the cancellation,
 * California the flow with its offers beside the cancel button, the UK at most one offer. Every
 * cancellation leaves a receipt in the outbox within 5 s and a ledger whose export tells the session.
 */

let product: Product
let site: MerchantSite
let browser: Browser

beforeAll(async () => {
  ensureWidgetBuilt()
  product = await startWidgetProduct()
  site = await startMerchantSite({ pages: merchantPages(product.url, product.account) })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await product?.stop()
})

async function openAs(subscriber: Subscriber, claims: Record<string, string>, width = 1024): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 } })
  const query = new URLSearchParams({ customer: subscriber.customerId, ...claims })
  await page.goto(`${site.url}/account?${query}`)
  await page.waitForFunction(
    () => (window as unknown as { Retainkit?: { loaded?: boolean } }).Retainkit?.loaded,
  )
  await page.click('#cancel')
  return page
}

const visible = (page: Page, role: 'heading' | 'button' | 'dialog', name: string | RegExp) =>
  expect.poll(() => page.getByRole(role, { name }).first().isVisible(), { timeout: 15_000 }).toBe(true)

/** Axe 0 on every screen: every violation counts, whatever its impact. */
async function noAxeViolations(page: Page) {
  expect(await allAxeViolations(page)).toEqual([])
}

/** The subscriber's e-mail in Stripe (the receipt goes there unless the page was given another). */
async function emailOf(subscriber: Subscriber): Promise<string> {
  const sdk = createStripeClient(product.stripe, product.account.merchant.keys.secret)
  const customer = await sdk.customers.retrieve(subscriber.customerId)
  return 'email' in customer ? (customer.email ?? '') : ''
}

/**
 * Waits up to 5 s from `since` (the click that cancelled) for a mail to `to`, as the product's real mail
 * worker hands it to the mailer (the browser suites capture what the transport is given).
 */
async function receiptTo(to: string, since: number): Promise<MailMessage> {
  const sent = (product.deps.mailer as unknown as { sent: MailMessage[] }).sent
  const deadline = since + 5_000
  while (Date.now() < deadline) {
    const mail = sent.find((message) => message.to === to)
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no receipt to ${to} within 5 s`)
}

interface Story {
  jurisdiction: { mode?: string } | null
  language: string | null
  outcome: string | null
  screens_shown: { screen: string; headline?: string }[]
  declaration: unknown
  after_cancel_answer: string | null
}

/** The customer's evidence as the merchant exports it, with the chain's verification. */
async function evidenceOf(subscriber: Subscriber) {
  const { accountId } = product.account
  const res = await product.account.consoleApi(
    `/api/evidence?account_id=${accountId}&customer_id=${subscriber.customerId}&format=json`,
  )
  expect(res.status).toBe(200)
  const { data } = (await res.json()) as {
    data: { sessions: Story[]; verification: { intact: boolean }; rows: { kind: string; body: unknown }[] }
  }
  return data
}

const headlineOf = async (page: Page) => (await page.locator('[data-retainkit] >> h2').textContent()) ?? ''
const progressOf = async (page: Page) => (await page.locator('[data-retainkit] >> .h .t').textContent()) ?? ''

/**
 * Walks the flow to the end as a subscriber who wants to cancel: the reason, a write-in, then past every
 * offer with the cancel button beside it, and the confirmation. Answers the offer screens' headlines
 * and when the cancellation was confirmed; axe runs on every screen. `steps`: the screens this subscriber
 * walks, which "Step x of y" must count exactly (the first screen may be drawn before the session
 * answers, with the published flow's count: it must settle on this one).
 */
async function walkToCancel(
  page: Page,
  reason: string,
  steps: number,
): Promise<{ offers: string[]; confirmedAt: number }> {
  await visible(page, 'dialog', /./)
  await noAxeViolations(page)
  await expect.poll(() => progressOf(page)).toBe(`Step 1 of ${steps}`)
  let walked = 1
  const nextStep = async () => expect(await progressOf(page)).toBe(`Step ${++walked} of ${steps}`)
  await page.getByLabel(reason).check()
  const first = await headlineOf(page)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect.poll(async () => (await headlineOf(page)) !== first).toBe(true)
  // The write-in, unless a cap on screens left it out.
  if (await page.getByRole('textbox').isVisible()) {
    await nextStep()
    await page.getByRole('textbox').fill('Written in the browser')
    await noAxeViolations(page)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
  }
  const offers: string[] = []
  const confirm = page.getByRole('heading', { name: 'Confirm your cancellation' })
  for (let screen = 0; screen < 8 && !(await confirm.isVisible()); screen++) {
    const headline = await headlineOf(page)
    // An offer: a way to finish cancelling right beside the way to accept it.
    const cancel = page.getByRole('button', { name: 'Cancel subscription' })
    await expect.poll(() => cancel.isVisible()).toBe(true)
    await nextStep()
    offers.push(headline)
    await noAxeViolations(page)
    await cancel.click()
    await expect
      .poll(async () => (await page.locator('[data-retainkit] >> h2').textContent()) !== headline)
      .toBe(true)
  }
  await expect.poll(() => confirm.isVisible()).toBe(true)
  await nextStep()
  expect(walked).toBe(steps)
  await noAxeViolations(page)
  const confirmedAt = Date.now()
  await page.getByRole('button', { name: 'Confirm cancellation' }).click()
  return { offers, confirmedAt }
}

describe('each jurisdiction sees exactly its mode', () => {
  it('Germany: the statutory page in German, prefilled, "jetzt kündigen", the confirmation and its e-mail', async () => {
    const subscriber = await product.account.addSubscriber()
    const email = await emailOf(subscriber)
    const page = await openAs(subscriber, { country: 'DE', claim: 'de' })
    await visible(page, 'heading', 'Vertrag kündigen')
    // Only the fields the law lists, prefilled; no offer, no reason question, no password.
    await expect.poll(() => page.getByLabel('E-Mail-Adresse', { exact: false }).inputValue()).toBe(email)
    expect(await page.getByRole('radio').count()).toBeGreaterThanOrEqual(3)
    expect(await page.locator('[data-retainkit] >> input[type=password]').count()).toBe(0)
    expect(await page.getByText(/Rabatt|Pause/).count()).toBe(0)
    await noAxeViolations(page)
    const button = page.getByRole('button', { name: 'jetzt kündigen' })
    await button.focus()
    const confirmedAt = Date.now()
    await page.keyboard.press('Enter')
    await visible(page, 'heading', /Kündigung ist eingegangen|eingegangen/)
    await noAxeViolations(page)
    const receipt = await receiptTo(email, confirmedAt)
    expect(receipt.text).toMatch(/Referenz|reference/i)
    const evidence = await evidenceOf(subscriber)
    expect(evidence.verification.intact).toBe(true)
    const [story] = evidence.sessions
    expect(story?.jurisdiction?.mode).toBe('statutory_button')
    expect(story?.language).toBe('de')
    expect(story?.declaration).toBeTruthy()
    expect(story?.screens_shown.map((shown) => shown.headline)).toContain('Vertrag kündigen')
    await page.close()
  }, 120_000)

  it('Minnesota: no offer on the way, the cancellation done, then the question, answered and recorded', async () => {
    const subscriber = await product.account.addSubscriber()
    const email = await emailOf(subscriber)
    const page = await openAs(subscriber, { country: 'US', state: 'MN' })
    const { offers, confirmedAt } = await walkToCancel(page, "It's too expensive", 3)
    expect(offers).toEqual([])
    await visible(page, 'heading', /Would you like to hear an offer/)
    await noAxeViolations(page)
    await page.getByRole('button', { name: 'Yes, tell me' }).click()
    await visible(page, 'heading', /We will send you an offer/)
    await noAxeViolations(page)
    const receipt = await receiptTo(email, confirmedAt)
    expect(receipt.text).toMatch(/cancel/i)
    const evidence = await evidenceOf(subscriber)
    expect(evidence.verification.intact).toBe(true)
    const [story] = evidence.sessions
    expect(story?.jurisdiction?.mode).toBe('offers_after_cancel')
    expect(story?.outcome).toBe('canceled')
    // The export tells the screens shown: no offer among them, the confirmation last.
    const shownMn = story?.screens_shown ?? []
    expect(shownMn.filter((shown) => shown.screen.startsWith('offer.'))).toEqual([])
    expect(shownMn.at(-1)?.headline).toBe('Confirm your cancellation')
    await expect.poll(async () => (await evidenceOf(subscriber)).sessions[0]?.after_cancel_answer).toBe('yes')
    await page.close()
  }, 120_000)

  it('California: the offers, each with the cancel button beside it, then the cancellation and its receipt', async () => {
    const subscriber = await product.account.addSubscriber()
    const email = await emailOf(subscriber)
    const page = await openAs(subscriber, { country: 'US', state: 'CA' })
    const { offers, confirmedAt } = await walkToCancel(page, "It's too expensive", 4)
    expect(offers.length).toBeGreaterThanOrEqual(1)
    await visible(page, 'heading', 'Your cancellation is confirmed')
    await noAxeViolations(page)
    await receiptTo(email, confirmedAt)
    const evidence = await evidenceOf(subscriber)
    expect(evidence.verification.intact).toBe(true)
    expect(evidence.sessions[0]?.jurisdiction?.mode).toBe('standard')
    expect(evidence.sessions[0]?.outcome).toBe('canceled')
    // The export tells the screens this subscriber saw, with the words they read.
    const headlines = evidence.sessions[0]?.screens_shown.map((shown) => shown.headline) ?? []
    expect(headlines).toEqual(expect.arrayContaining([...offers, 'Confirm your cancellation']))
    expect(headlines.length).toBeGreaterThanOrEqual(offers.length + 2)
    await page.close()
  }, 120_000)

  it('the UK: at most one offer (the default cap), then the cancellation and its receipt', async () => {
    const subscriber = await product.account.addSubscriber()
    const email = await emailOf(subscriber)
    const page = await openAs(subscriber, { country: 'GB' })
    const { offers, confirmedAt } = await walkToCancel(page, "It's too expensive", 3)
    expect(offers.length).toBe(1)
    await visible(page, 'heading', 'Your cancellation is confirmed')
    await noAxeViolations(page)
    await receiptTo(email, confirmedAt)
    const evidence = await evidenceOf(subscriber)
    expect(evidence.sessions[0]?.jurisdiction?.mode).toBe('offer_cap')
    const shown = evidence.sessions[0]?.screens_shown.map((screen) => screen.screen) ?? []
    expect(shown.filter((screen) => screen.startsWith('offer.'))).toHaveLength(1)
    expect(shown.at(-1)).toBe('confirm.')
    const ukHeadlines = evidence.sessions[0]?.screens_shown.map((screen) => screen.headline) ?? []
    expect(ukHeadlines).toEqual(expect.arrayContaining([...offers, 'Confirm your cancellation']))
    await page.close()
  }, 120_000)

  it('an EU country inside the withdrawal period: the withdrawal page, confirmed, acknowledged by e-mail', async () => {
    const subscriber = await product.account.addSubscriber()
    const email = await emailOf(subscriber)
    const page = await openAs(subscriber, { country: 'FR' }, 390)
    await visible(page, 'heading', 'Withdraw from your contract')
    expect(await page.getByText(/off|Pause/).count()).toBe(0)
    await noAxeViolations(page)
    const confirmedAt = Date.now()
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await visible(page, 'heading', 'Your withdrawal has been received')
    await noAxeViolations(page)
    await receiptTo(email, confirmedAt)
    const evidence = await evidenceOf(subscriber)
    expect(evidence.verification.intact).toBe(true)
    expect(evidence.sessions[0]?.jurisdiction?.mode).toBe('statutory_button')
    expect(evidence.sessions[0]?.declaration).toBeTruthy()
    expect(evidence.sessions[0]?.screens_shown.map((shown) => shown.headline)).toContain(
      'Withdraw from your contract',
    )
    await page.close()
  }, 120_000)
})
