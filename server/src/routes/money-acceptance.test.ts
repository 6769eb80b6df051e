import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import {
  offerAcceptedData,
  reactivationAcceptedData,
  type SaveDurabilityData,
  type SavedRevenueData,
  saveLostData,
} from '@retainkit/shared/api'
import type { HeadlineFigures } from '@retainkit/shared/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { advanceBoth, alignClocks } from './billing-testing'
import {
  capturedWebhooks,
  deliverStripe as deliverStripeEvents,
  openWithFailingCard,
  ownerEmail,
  priceIn,
  toTenthOfLongMonth,
} from './money-testing'
import { backfilled, saveKeys } from './stripe/test-support'
import {
  acceptHelpers,
  acceptSuiteAccount,
  type OpenedSession,
  publishConfig,
  reactivationBanner,
  seededPlans,
  tokenFor,
  type WidgetAccount,
  widgetCall,
} from './widget/testing'

/**
 * A finance team's acceptance scenario, worked out by hand below: saves in dollars, euros and yen (no
 * decimals), on monthly and annual plans — discounts, a pause, a plan switch and a winback — followed
 * on the Stripe fake's moving clock while one save is cancelled again and another stops paying. Every
 * money figure the product states (the saved-revenue, durability and headline data sets, the raw
 * sessions export as JSON and CSV, the webhook bodies) is checked to the minor unit, per currency,
 * against numbers written out here — never against what the code under test computes.
 *
 * The saves (day 0), MRR before → after, in each currency's ISO minor unit:
 *   U1 $29.00/month, 20 % off for 3 months      2900 → 2900 × 0.8 = 2320
 *   U2 $290.00/year, 20 % off                   29000 / 12 = 2416.67 → 2417; 29000 × 0.8 / 12 = 1933.33 → 1933
 *   U3 $29.00/month, switched to Basic $14.99   2900 → 1499; its renewal fails on day ~31 (unpaid)
 *   E1 €25.00/month, paused 2 months            2500 → 2500 (paying 0 until it resumes, day ~61)
 *   E2 €240.00/year, 20 % off                   24000 / 12 = 2000; 24000 × 0.8 / 12 = 1600
 *   J1 ¥3,000/month, 20 % off                   3000 → 2400; cancelled again on day 40 (lost)
 *   J2 ¥10,000/year, 20 % off                   10000 / 12 = 833.33 → 833; 10000 × 0.8 / 12 = 666.67 → 667
 *                                               (rounding twice would say 833 × 0.8 = 666.4 → 666)
 *   R1 $29.00/month churned, back at 25 % off   2900 → 2900 × 0.75 = 2175 (the banner: not in saved revenue)
 * Saved revenue (cancel-flow saves) gross per currency:
 *   usd 2320 + 1933 + 1499 = 5752; eur 2500 + 1600 = 4100; jpy 2400 + 667 = 3067.
 */

let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
let ourWebhooks: () => ReturnType<ReturnType<typeof capturedWebhooks>['take']>
const s: Record<'U1' | 'U2' | 'U3' | 'E1' | 'E2' | 'J1' | 'J2', OpenedSession> = {} as never
let r1: { sessionId: string; subscriptionId: string; customerId: string }
let day0: Date
const DAY = 86_400

const { open, accept } = acceptHelpers(() => ({ t, account, merchant: m }))
const stripe = () => createStripeClient(t.stripe, m.keys.secret)

const price = (currency: string, unitAmount: number, interval: 'month' | 'year') =>
  priceIn(t, m, currency, unitAmount, interval)
const deliverStripe = () => deliverStripeEvents(t)
const owner = async () => ({ email: await ownerEmail(t, account.accountId) })

/** Read as the owner, signed in afresh (the clock moves by weeks), over the scenario's days. */
async function ownerGet(path: string): Promise<Response> {
  const { token } = await t.signIn((await owner()).email)
  const range = `account_id=${account.accountId}&startDate=${day0.toISOString().slice(0, 10)}&endDate=${t.clock
    .now()
    .toISOString()
    .slice(0, 10)}`
  const res = await t.request(`${path}${path.includes('?') ? '&' : '?'}${range}`, { token })
  expect(res.status, path).toBe(200)
  return res
}

const dataset = async <T>(endpoint: string): Promise<T> =>
  ((await (await ownerGet(`/api/analytics?endpoint=${endpoint}`)).json()) as { data: T }).data

/** The saved-revenue and save-durability data sets, with the revenue's totals per currency. */
async function moneyFigures() {
  const revenue = await dataset<SavedRevenueData>('saved-revenue')
  const totals = revenue.currencies.map(({ byMonth: _, byMechanism: __, ...figures }) => figures)
  return { revenue, totals, durability: await dataset<SaveDurabilityData>('save-durability') }
}

/** The save.lost webhook sent since the last read, which must be the only one, parsed. */
async function onlySaveLost() {
  const lost = (await ourWebhooks()).filter((e) => e.type === 'save.lost')
  expect(lost).toHaveLength(1)
  return saveLostData.parse(lost[0]?.data)
}

beforeAll(async () => {
  t = await createTestContext()
  account = await acceptSuiteAccount(t)
  m = account.merchant as SeededMerchant
  const { token } = await t.signIn((await owner()).email)
  expect((await saveKeys(t, account.accountId, token, m.keys)).status).toBe(200)
  await backfilled(t, account.accountId)
  await deliverStripe()
  // The merchant keeps an unpaid subscription as `unpaid` once Stripe's retries fail.
  t.stripe.configureFailedPayments(m.account, { afterRetries: 'unpaid' })
  // Day 0 is the 10th of a 31-day month at noon UTC, so the monthly renewals fall 31 days on and the
  // pause's two months end on day 62 (whatever the date the suite runs on).
  toTenthOfLongMonth(t)
  const plans = seededPlans(m)
  await publishConfig(t, account.accountId, (c) => {
    c.discount = { enabled: true, amount: 20, duration: 3 }
    c.pause = { enabled: true, durations: [1, 2, 3] }
    c.plan_switch = { enabled: true, plans: plans.planSwitch }
  })
  const res = await t.request(`/api/webhooks/${account.accountId}`, {
    token: (await t.signIn((await owner()).email)).token,
    body: {
      url: 'https://finance.example/hooks',
      events: ['offer.accepted', 'save.lost', 'reactivation.accepted'],
    },
  })
  expect(res.status).toBe(201)
  const webhooks = capturedWebhooks(t)
  ourWebhooks = () => webhooks.take()
}, 120_000)
afterAll(() => t.close())

const usd = (amount: number) => ({ amount, currency: 'usd' })
const eur = (amount: number) => ({ amount, currency: 'eur' })
const jpy = (amount: number) => ({ amount, currency: 'jpy' })

describe('a finance team signs the figures', () => {
  it('day 0: every save in its own currency, rounded once, and every offer.accepted body', async () => {
    const [usdAnnual, eurMonthly, eurAnnual, jpyMonthly, jpyAnnual] = [
      m.prices.proAnnual,
      await price('eur', 2500, 'month'),
      await price('eur', 24_000, 'year'),
      await price('jpy', 3000, 'month'),
      await price('jpy', 10_000, 'year'),
    ]
    day0 = t.clock.now()
    s.U1 = await open()
    s.U2 = await open(usdAnnual)
    s.U3 = await openWithFailingCard(t, { ...account, merchant: m }, m.prices.proMonthly)
    s.E1 = await open(eurMonthly)
    s.E2 = await open(eurAnnual)
    s.J1 = await open(jpyMonthly)
    s.J2 = await open(jpyAnnual)
    const discount = { offer: 'discount', reasonKey: 'too_expensive' }
    for (const key of ['U1', 'U2', 'E2', 'J1', 'J2'] as const)
      expect((await accept(s[key], discount)).status, key).toBe(200)
    expect(
      (
        await accept(s.U3, {
          offer: 'plan_switch',
          reasonKey: 'not_using',
          choice: { planId: m.prices.basicMonthly },
        })
      ).status,
    ).toBe(200)
    expect(
      (await accept(s.E1, { offer: 'pause', reasonKey: 'not_using', choice: { months: 2 } })).status,
    ).toBe(200)

    // R1: a churned subscriber takes the banner's winback.
    const churned = m.customers.churned
    const token = await tokenFor(t, account, churned)
    const shown = (await reactivationBanner(t, token)) as { sessionId: string }
    const res = await widgetCall(t, '/api/widget/reactivation/accept', {
      token,
      body: { sessionId: shown.sessionId },
    })
    expect(res.status).toBe(200)
    const { subscriptionId } = (await res.json()) as { subscriptionId: string }
    r1 = { sessionId: shown.sessionId, subscriptionId, customerId: churned.customerId }
    await deliverStripe()

    const hooks = await ourWebhooks()
    const accepted = (o: OpenedSession) => {
      const mine = hooks.filter(
        (e) => e.type === 'offer.accepted' && e.data.subscription_id === o.subscriptionId,
      )
      expect(mine).toHaveLength(1)
      return offerAcceptedData.parse(mine[0]?.data)
    }
    const amounts = (o: OpenedSession) => {
      const { mrr_before, mrr_after, mrr, currency } = accepted(o)
      return { mrr_before, mrr_after, mrr, currency }
    }
    // `mrr`/`currency` are the older fields (the MRR at stake, in Stripe's units: the same here).
    expect(amounts(s.U1)).toEqual({ mrr_before: usd(2900), mrr_after: usd(2320), mrr: 2900, currency: 'usd' })
    expect(amounts(s.U2)).toEqual({ mrr_before: usd(2417), mrr_after: usd(1933), mrr: 2417, currency: 'usd' })
    expect(amounts(s.U3)).toEqual({ mrr_before: usd(2900), mrr_after: usd(1499), mrr: 2900, currency: 'usd' })
    expect(amounts(s.E1)).toEqual({ mrr_before: eur(2500), mrr_after: eur(2500), mrr: 2500, currency: 'eur' })
    expect(amounts(s.E2)).toEqual({ mrr_before: eur(2000), mrr_after: eur(1600), mrr: 2000, currency: 'eur' })
    expect(amounts(s.J1)).toEqual({ mrr_before: jpy(3000), mrr_after: jpy(2400), mrr: 3000, currency: 'jpy' })
    expect(amounts(s.J2)).toEqual({ mrr_before: jpy(833), mrr_after: jpy(667), mrr: 833, currency: 'jpy' })
    expect(accepted(s.U2).terms).toMatchObject({ discount_percent: 20, discount_months: 3 })
    expect(accepted(s.U3).terms).toMatchObject({
      from_price: m.prices.proMonthly,
      to_price: m.prices.basicMonthly,
    })
    expect(accepted(s.E1).terms).toMatchObject({ pause_months: 2 })
    const won = hooks.filter((e) => e.type === 'reactivation.accepted')
    expect(won).toHaveLength(1)
    expect(reactivationAcceptedData.parse(won[0]?.data)).toMatchObject({
      subscription_id: r1.subscriptionId,
      mrr_before: usd(2900),
      mrr_after: usd(2175),
      terms: { discount_percent: 25, discount_months: 1 },
    })
    expect(hooks.filter((e) => e.type === 'save.lost')).toEqual([])
  })

  it('day 20: too early to tell; net saved revenue per currency, the pause at 0 while it lasts', async () => {
    advanceBoth(t, 20 * DAY)
    await deliverStripe()
    const { totals, durability } = await moneyFigures()
    // The four parts add up to the gross in each currency: usd 5752 = 5752 paying; eur 4100 = 1600
    // paying (E2) + 2500 paused (E1); jpy 3067 = 3067 paying.
    expect(totals).toEqual([
      { currency: 'eur', saves: 2, gross: 4100, kept: 1600, paused: 2500, lost: 0, unknown: 0 },
      { currency: 'jpy', saves: 2, gross: 3067, kept: 3067, paused: 0, lost: 0, unknown: 0 },
      { currency: 'usd', saves: 3, gross: 5752, kept: 5752, paused: 0, lost: 0, unknown: 0 },
    ])
    expect(durability.currencies).toEqual(['eur', 'jpy', 'usd'])
    // No save is 30 days old: the first outcome is due on day 30 (the 9th of next month).
    expect(durability.firstOutcomeDue).toBe(
      new Date(day0.getTime() + 30 * DAY * 1000).toISOString().slice(0, 10),
    )
    // With R1 (2175, the banner's): usd kept 5752 + 2175 = 7927.
    expect(durability.totals).toMatchObject({
      saves: 8,
      kept: 8,
      lost: 0,
      unknown: 0,
      keptMrr: [eur(1600), jpy(3067), usd(7927)],
      pausedMrr: [eur(2500), jpy(0), usd(0)],
      lostMrr: [eur(0), jpy(0), usd(0)],
    })
    const headline = await dataset<HeadlineFigures>('headline-figures')
    // The headline's MRR saved is the gross, per currency, never added across.
    expect(headline.saved_mrr).toEqual([
      { currency: 'eur', current: 4100, previous: 0 },
      { currency: 'jpy', current: 3067, previous: 0 },
      { currency: 'usd', current: 5752, previous: 0 },
    ])
  })

  it("day 31: U3's renewal is declined: save.lost with what was saved, unpaid", async () => {
    const sub = await stripe().subscriptions.retrieve(s.U3.subscriptionId)
    const renewal = sub.items.data[0]?.current_period_end ?? 0
    // 31 days after day 0 (the 10th to the 10th of a 31-day month).
    expect(renewal - Math.floor(day0.getTime() / 1000)).toBeLessThan(31 * DAY + 60)
    expect(renewal - Math.floor(day0.getTime() / 1000)).toBeGreaterThan(31 * DAY - 60)
    advanceBoth(t, renewal + 3600 - Math.floor(t.clock.now().getTime() / 1000))
    await deliverStripe()
    expect((await stripe().subscriptions.retrieve(s.U3.subscriptionId)).status).toBe('past_due')
    expect(await onlySaveLost()).toMatchObject({
      subscription_id: s.U3.subscriptionId,
      offer: 'plan_switch',
      subscription_status: 'past_due',
      // $29.00 → $14.99 (Basic), now unpaid.
      mrr_before: usd(2900),
      mrr_after: usd(1499),
      terms: { to_price: m.prices.basicMonthly, from_price: m.prices.proMonthly },
    })
  })

  it('day 40: J1 cancels in Stripe: save.lost in yen', async () => {
    advanceBoth(t, Math.floor(day0.getTime() / 1000) + 40 * DAY - Math.floor(t.clock.now().getTime() / 1000))
    await deliverStripe()
    await stripe().subscriptions.cancel(s.J1.subscriptionId)
    await deliverStripe()
    alignClocks(t)
    expect(await onlySaveLost()).toMatchObject({
      subscription_id: s.J1.subscriptionId,
      offer: 'discount',
      subscription_status: 'canceled',
      // ¥3,000 → ¥2,400 a month (20 % off), lost: yen have no minor unit.
      mrr_before: jpy(3000),
      mrr_after: jpy(2400),
    })
  })

  it('day 45: lost saves leave the net; every data set and both exports agree per currency', async () => {
    advanceBoth(t, 5 * DAY)
    await deliverStripe()
    const { revenue, totals, durability } = await moneyFigures()
    // usd: 5752 gross = 2320 (U1) + 1933 (U2) paying + 1499 (U3) lost; eur unchanged (E1 paused until
    // day 62); jpy: 3067 = 667 (J2) paying + 2400 (J1) lost.
    expect(totals).toEqual([
      { currency: 'eur', saves: 2, gross: 4100, kept: 1600, paused: 2500, lost: 0, unknown: 0 },
      { currency: 'jpy', saves: 2, gross: 3067, kept: 667, paused: 0, lost: 2400, unknown: 0 },
      { currency: 'usd', saves: 3, gross: 5752, kept: 4253, paused: 0, lost: 1499, unknown: 0 },
    ])
    const mechanism = (currency: string, name: string) =>
      revenue.currencies.find((c) => c.currency === currency)?.byMechanism.find((b) => b.mechanism === name)
    // usd discounts: 2320 + 1933 = 4253, both paying; the plan switch 1499, lost.
    expect(mechanism('usd', 'discount')).toMatchObject({ saves: 2, gross: 4253, kept: 4253, lost: 0 })
    expect(mechanism('usd', 'plan_switch')).toMatchObject({ saves: 1, gross: 1499, kept: 0, lost: 1499 })
    expect(mechanism('eur', 'pause')).toMatchObject({ saves: 1, gross: 2500, kept: 0, paused: 2500 })
    expect(mechanism('jpy', 'discount')).toMatchObject({ saves: 2, gross: 3067, kept: 667, lost: 2400 })
    // Every save was made in day 0's month.
    const month = day0.toISOString().slice(0, 7)
    for (const block of revenue.currencies) {
      const inMonth = block.byMonth.filter((row) => row.saves > 0)
      expect(inMonth.map((row) => row.month)).toEqual([month])
      expect(inMonth[0]?.gross).toBe(block.gross)
    }

    expect(durability.firstOutcomeDue).toBeNull()
    // usd kept 2320 + 1933 + 2175 (R1) = 6428; lost 1499 (U3); jpy kept 667, lost 2400.
    expect(durability.totals).toMatchObject({
      saves: 8,
      kept: 6,
      lost: 2,
      unknown: 0,
      keptMrr: [eur(1600), jpy(667), usd(6428)],
      pausedMrr: [eur(2500), jpy(0), usd(0)],
      lostMrr: [eur(0), jpy(2400), usd(1499)],
    })
    // All eight were still paying on day 30 (U3 stopped on day 31, J1 on day 40); both lost decide
    // their 60 and 90 days already.
    expect(durability.totals.stuck).toEqual([
      { days: 30, decided: 8, kept: 8, rate: 100 },
      { days: 60, decided: 2, kept: 0, rate: 0 },
      { days: 90, decided: 2, kept: 0, rate: 0 },
    ])
    const offer = (key: string) => durability.byOffer.find((g) => g.key === key)
    expect(offer('discount')).toMatchObject({
      saves: 5,
      kept: 4,
      lost: 1,
      keptMrr: [eur(1600), jpy(667), usd(4253)],
      lostMrr: [eur(0), jpy(2400), usd(0)],
    })
    expect(offer('reactivation')).toMatchObject({ saves: 1, kept: 1, keptMrr: [usd(2175)] })

    // The combined dashboard call answers the same.
    const { token } = await t.signIn((await owner()).email)
    const combined = await t.request(
      `/api/analytics/dashboard?datasets=saved-revenue,save-durability&account_id=${account.accountId}&startDate=${day0
        .toISOString()
        .slice(0, 10)}&endDate=${t.clock.now().toISOString().slice(0, 10)}`,
      { token },
    )
    expect(combined.status).toBe(200)
    const both = ((await combined.json()) as { data: Record<string, { data: unknown }> }).data
    expect(both['saved-revenue']?.data).toEqual(revenue)
    expect(both['save-durability']?.data).toEqual(durability)

    // The raw export, as JSON: each session's MRR and saved MRR in its own currency's minor unit.
    const json = (
      (await (await ownerGet('/api/analytics/export?format=json')).json()) as {
        data: Array<Record<string, unknown>>
      }
    ).data
    const row = (sessionId: string) => {
      const found = json.find((r) => r.session_id === sessionId)
      const {
        mrr,
        currency,
        offer: taken,
        saved_mrr,
        durability: state,
        save_state,
        d30,
        d60,
        d90,
      } = found ?? {}
      return { mrr, currency, offer: taken, saved_mrr, durability: state, save_state, d30, d60, d90 }
    }
    const kept = { durability: 'kept', save_state: 'kept', d30: 'kept', d60: 'pending', d90: 'pending' }
    const lostLater = { durability: 'lost', save_state: 'lost', d30: 'kept', d60: 'lost', d90: 'lost' }
    expect(row(s.U1.sessionId)).toEqual({
      mrr: 2900,
      currency: 'usd',
      offer: 'discount',
      saved_mrr: 2320,
      ...kept,
    })
    expect(row(s.U2.sessionId)).toEqual({
      mrr: 2417,
      currency: 'usd',
      offer: 'discount',
      saved_mrr: 1933,
      ...kept,
    })
    expect(row(s.U3.sessionId)).toEqual({
      mrr: 2900,
      currency: 'usd',
      offer: 'plan_switch',
      saved_mrr: 1499,
      ...lostLater,
    })
    expect(row(s.E1.sessionId)).toEqual({
      mrr: 2500,
      currency: 'eur',
      offer: 'pause',
      saved_mrr: 2500,
      ...kept,
      save_state: 'paused',
    })
    expect(row(s.E2.sessionId)).toEqual({
      mrr: 2000,
      currency: 'eur',
      offer: 'discount',
      saved_mrr: 1600,
      ...kept,
    })
    expect(row(s.J1.sessionId)).toEqual({
      mrr: 3000,
      currency: 'jpy',
      offer: 'discount',
      saved_mrr: 2400,
      ...lostLater,
    })
    expect(row(s.J2.sessionId)).toEqual({
      mrr: 833,
      currency: 'jpy',
      offer: 'discount',
      saved_mrr: 667,
      ...kept,
    })
    expect(row(r1.sessionId)).toMatchObject({
      mrr: 2900,
      currency: 'usd',
      saved_mrr: 2175,
      durability: 'kept',
    })

    // And as CSV: the same figures, one line per session, never a total.
    const csv = (await (await ownerGet('/api/analytics/export?format=csv')).text()).trim().split('\r\n')
    const line = (sessionId: string) => csv.find((l) => l.startsWith(`${sessionId},`)) ?? ''
    const cells = (sessionId: string) => {
      const all = line(sessionId).split(',')
      // mrr, currency … offer, saved_mrr, durability, save_state (the steps column holds no comma).
      return [all[9], all[10], ...all.slice(12, 16)]
    }
    expect(cells(s.U1.sessionId)).toEqual(['2900', 'usd', 'discount', '2320', 'kept', 'kept'])
    expect(cells(s.U2.sessionId)).toEqual(['2417', 'usd', 'discount', '1933', 'kept', 'kept'])
    expect(cells(s.U3.sessionId)).toEqual(['2900', 'usd', 'plan_switch', '1499', 'lost', 'lost'])
    expect(cells(s.E1.sessionId)).toEqual(['2500', 'eur', 'pause', '2500', 'kept', 'paused'])
    expect(cells(s.E2.sessionId)).toEqual(['2000', 'eur', 'discount', '1600', 'kept', 'kept'])
    expect(cells(s.J1.sessionId)).toEqual(['3000', 'jpy', 'discount', '2400', 'lost', 'lost'])
    expect(cells(s.J2.sessionId)).toEqual(['833', 'jpy', 'discount', '667', 'kept', 'kept'])
  })

  it('day 70: the pause has ended and pays again; 60-day outcomes decided', async () => {
    advanceBoth(t, 25 * DAY)
    await deliverStripe()
    const { totals, durability } = await moneyFigures()
    // E1 resumed on day 62: eur 4100 = 1600 + 2500 paying.
    expect(totals).toEqual([
      { currency: 'eur', saves: 2, gross: 4100, kept: 4100, paused: 0, lost: 0, unknown: 0 },
      { currency: 'jpy', saves: 2, gross: 3067, kept: 667, paused: 0, lost: 2400, unknown: 0 },
      { currency: 'usd', saves: 3, gross: 5752, kept: 4253, paused: 0, lost: 1499, unknown: 0 },
    ])
    expect(durability.totals).toMatchObject({
      keptMrr: [eur(4100), jpy(667), usd(6428)],
      pausedMrr: [eur(0), jpy(0), usd(0)],
      lostMrr: [eur(0), jpy(2400), usd(1499)],
    })
    // Six of eight still paying at 60 days: 75 %.
    expect(durability.totals.stuck[1]).toEqual({ days: 60, decided: 8, kept: 6, rate: 75 })
    expect((await ourWebhooks()).filter((e) => e.type === 'save.lost')).toEqual([])
  })
})
