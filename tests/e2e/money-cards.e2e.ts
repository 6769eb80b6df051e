import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import type { Browser, BrowserContext, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { overlappingTextAtRest } from '../support/at-rest'
import { axeProblems } from '../support/axe'
import {
  accessTokenOf,
  addMember,
  consoleApi,
  ensureConsoleBuilt,
  signUpInConsole,
  useDevOutbox,
} from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * The money acceptance scenario's cards in Chromium (server/src/routes/money-acceptance.test.ts works
 * the same saves out by hand over HTTP; here they are its day-45 state, written as the widget and the
 * merchant's Stripe events leave them, the banner's winback aside): saves in dollars, euros and yen, the switched subscriber unpaid
 * since day 31, the yen discount cancelled on day 40, the euro pause running until day 62. "Saved
 * revenue" and "Saves that stuck" state every amount in its own currency's format and never add two
 * currencies, at a laptop's and a phone's width, axe clean.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/money/', import.meta.url))
const VIEWPORTS = { laptop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const
const DAY = 86_400_000

let product: Product
let browser: Browser

/** id, currency, MRR before → after (minor units), offer, and what became of it. */
const SAVES = [
  ['U1', 'usd', 2900, 2320, 'discount', 'kept'],
  ['U2', 'usd', 2417, 1933, 'discount', 'kept'],
  ['U3', 'usd', 2900, 1499, 'plan_switch', 'unpaid'],
  ['E1', 'eur', 2500, 2500, 'pause', 'kept'],
  ['E2', 'eur', 2000, 1600, 'discount', 'kept'],
  ['J1', 'jpy', 3000, 2400, 'discount', 'cancelled'],
  ['J2', 'jpy', 833, 667, 'discount', 'kept'],
] as const

async function seedScenario() {
  const db = product.deps.db
  const accountId = product.account.accountId
  const now = product.deps.clock.now().getTime()
  const day0 = new Date(now - 45 * DAY)
  const on = (day: number) => new Date(day0.getTime() + day * DAY)
  for (const [key, currency, before, after, offer, fate] of SAVES) {
    const id = `cs_money_${key}`
    const subscription = `sub_money_${key}`
    await db
      .insertInto('cancel_sessions')
      .values({
        id,
        account_id: accountId,
        kind: 'cancel',
        mode: 'live',
        customer_id: `cus_money_${key}`,
        subscription_id: subscription,
        status: 'saved',
        reason_key: 'too_expensive',
        mrr: before,
        currency,
        created_at: day0,
        updated_at: day0,
        completed_at: day0,
      } as never)
      .execute()
    for (const step of ['session_started', 'offer_shown', 'offer_accepted'])
      await db
        .insertInto('session_events')
        .values({
          account_id: accountId,
          session_id: id,
          step,
          offer: step === 'session_started' ? null : offer,
          reason_key: 'too_expensive',
          created_at: day0,
        } as never)
        .execute()
    await db
      .insertInto('subscriber_subscriptions')
      .values({
        account_id: accountId,
        subscription_id: subscription,
        customer_id: `cus_money_${key}`,
        status: fate === 'cancelled' ? 'canceled' : fate === 'unpaid' ? 'unpaid' : 'active',
        cancel_at_period_end: false,
        canceled_at: fate === 'cancelled' ? on(40) : null,
        ended_at: fate === 'cancelled' ? on(40) : null,
        paused: offer === 'pause',
        unpaid_since: fate === 'unpaid' ? on(31) : null,
        stripe_created: on(-200),
        synced_at: on(40),
      })
      .execute()
    await db
      .insertInto('saves')
      .values({
        account_id: accountId,
        session_id: id,
        customer_id: `cus_money_${key}`,
        subscription_id: subscription,
        mechanism: offer,
        mrr_before: before,
        mrr_after: after,
        currency,
        detail: JSON.stringify(offer === 'pause' ? { months: 2 } : { percentOff: 20, months: 3 }),
        created_at: day0,
      } as never)
      .execute()
  }
}

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct()
  useDevOutbox(product)
  await seedScenario()
  browser = await launchChromium()
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

const figure = (card: Locator, term: string) => card.locator('dt', { hasText: term }).locator('+ dd')
/** Every amount written in a card, in the order shown. */
const amountsIn = async (card: Locator) =>
  ((await card.textContent()) ?? '').match(/[$€¥][\d,]+(?:\.\d\d)?/g) ?? []

describe.each(Object.entries(VIEWPORTS))('the money cards at %s size', (size, viewport) => {
  let context: BrowserContext
  afterAll(() => context?.close())

  it('state each currency apart, in its own format, never added up', async () => {
    context = await browser.newContext({ viewport, locale: 'en-US' })
    const page = await signUpInConsole(product, context, `money-cards-${size}@example.com`)
    const token = await accessTokenOf(page)
    const user = await fetch(`${product.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${token}`, apikey: product.deps.anonKey },
    })
    await addMember(product, product.account.accountId, ((await user.json()) as { id: string }).id, 'owner')
    const switched = await consoleApi(product, token, '/api/session?action=active-account', {
      body: { account_id: product.account.accountId },
    })
    expect(switched.status).toBe(200)
    await page.goto(`${product.url}/dashboard/?account_id=${product.account.accountId}&period=12months`)

    // Saved revenue: one block per currency. usd 5752 gross = 2320 + 1933 paying + 1499 lost;
    // eur 4100 = 1600 paying + 2500 paused; jpy 3067 = 667 paying + 2400 lost.
    const block = (code: string) =>
      page.getByRole('region', { name: new RegExp(`^Saved revenue in .*\\(${code}\\)$`) })
    await block('USD').waitFor({ timeout: 30_000 })
    const usd = block('USD')
    const eur = block('EUR')
    const jpy = block('JPY')
    expect(await usd.locator('.rk-revenue__amount').textContent()).toBe('$42.53')
    expect(await usd.locator('.rk-revenue__caption').textContent()).toContain('of $57.52 saved by 3 saves')
    expect(await figure(usd, 'Lost since').textContent()).toBe('$14.99')
    expect(await eur.locator('.rk-revenue__amount').textContent()).toBe('€16.00')
    expect(await eur.locator('.rk-revenue__caption').textContent()).toContain('of €41.00 saved by 2 saves')
    expect(await figure(eur, 'Paused now').textContent()).toBe('€25.00')
    expect(await jpy.locator('.rk-revenue__amount').textContent()).toBe('¥667')
    expect(await jpy.locator('.rk-revenue__caption').textContent()).toContain('of ¥3,067 saved by 2 saves')
    expect(await figure(jpy, 'Lost since').textContent()).toBe('¥2,400')

    // Saves that stuck: each amount a list, one entry per currency.
    const card = page.locator('.rk-card', { hasText: 'Saves that stuck' })
    await card.getByText('saves old enough to tell still paying 30 days on').waitFor()
    expect(await figure(card, 'MRR still paid').textContent()).toBe('€16.00 · ¥667 · $42.53')
    expect(await figure(card, 'MRR paused now').textContent()).toBe('€25.00 · ¥0 · $0.00')
    expect(await figure(card, 'MRR lost').textContent()).toBe('€0.00 · ¥2,400 · $14.99')
    // Nothing but those amounts: no figure adds two currencies.
    expect((await amountsIn(card)).sort()).toEqual(
      ['€16.00', '¥667', '$42.53', '€25.00', '¥0', '$0.00', '€0.00', '¥2,400', '$14.99'].sort(),
    )

    await page.screenshot({
      path: `${ARTIFACTS}dashboard-${size}.png`,
      fullPage: true,
      animations: 'disabled',
    })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    )
    expect(await overlappingTextAtRest(page)).toEqual([])
    expect(await axeProblems(page)).toEqual([])
  })
})
