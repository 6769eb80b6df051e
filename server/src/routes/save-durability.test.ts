import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import { type Money, money } from '@retainkit/shared/money'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { advanceBoth, alignClocks } from './billing-testing'
import { backfilled, saveKeys } from './stripe/test-support'
import { acceptHelpers, acceptSuiteAccount, type WidgetAccount } from './widget/testing'

let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await acceptSuiteAccount(t)
  m = account.merchant as SeededMerchant
  // Connected the way a merchant connects: the keys checked, the webhook endpoint registered.
  const { token } = await t.signIn((await owner()).email)
  expect((await saveKeys(t, account.accountId, token, m.keys)).status).toBe(200)
  await backfilled(t, account.accountId)
})
afterAll(() => t.close())

const DAY = 86_400
const usd = (amount: number) => money(amount, 'usd')
const { open, accept } = acceptHelpers(() => ({ t, account, merchant: m }))

async function owner() {
  return t.database.db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('users.email')
    .where('memberships.account_id', '=', account.accountId)
    .where('memberships.role', '=', 'owner')
    .executeTakeFirstOrThrow()
}

async function deliver() {
  for (const delivery of await t.stripe.deliverWebhooks()) {
    expect(delivery, `${delivery.type} delivery`).toMatchObject({ ok: true })
  }
}

/** Read as the owner, signed in afresh (the clock moves by weeks in here). */
async function ownerGet(path: string): Promise<Response> {
  const { token } = await t.signIn((await owner()).email)
  return t.request(path, { token })
}

interface Group {
  key: string
  saves: number
  kept: number
  lost: number
  keptMrr: Money[]
  pausedMrr: Money[]
  lostMrr: Money[]
  stuck: Array<{ days: number; decided: number; kept: number; rate: number | null }>
}

async function durability() {
  const res = await ownerGet(`/api/analytics?endpoint=save-durability&account_id=${account.accountId}`)
  expect(res.status).toBe(200)
  return (
    (await res.json()) as {
      data: { totals: Group; byOffer: Group[]; byReason: Group[]; outsideFlow: { cancellations: number } }
    }
  ).data
}

async function exported(format: 'csv' | 'json') {
  const res = await ownerGet(`/api/analytics/export?account_id=${account.accountId}&format=${format}`)
  expect(res.status).toBe(200)
  return res
}

describe('saves that stuck', () => {
  it('a discount save cancelled 40 days later (outside the widget) is lost on the dashboard and in the export', async () => {
    const discounted = await open()
    expect((await accept(discounted, { offer: 'discount', reasonKey: 'too_expensive' })).status).toBe(200)
    const paused = await open()
    expect(
      (await accept(paused, { offer: 'pause', reasonKey: 'not_using', choice: { months: 2 } })).status,
    ).toBe(200)
    await deliver()

    advanceBoth(t, 20 * DAY)
    await deliver()
    const early = await durability()
    // Twenty days in: both still subscribers; the discount pays 23.20 a month, the pause nothing yet.
    expect(early.totals).toMatchObject({
      saves: 2,
      kept: 2,
      lost: 0,
      keptMrr: [usd(2320)],
      pausedMrr: [usd(2900)],
      lostMrr: [usd(0)],
    })
    expect(early.totals.stuck[0]).toMatchObject({ days: 30, decided: 0, rate: null })

    advanceBoth(t, 20 * DAY)
    await deliver()
    // Day 40: the subscriber cancels in the Billing Portal (or support does it in Stripe).
    const stripe = createStripeClient(t.stripe, m.keys.secret)
    const cancelled = await stripe.subscriptions.cancel(discounted.subscriptionId)
    await deliver()
    // The fake Stripe's clock runs on from real time while ours is set by hand: the dashboard is read
    // once our clock has reached the cancellation (a loaded machine can take seconds in between).
    alignClocks(t)

    const after = await durability()
    expect(after.totals).toMatchObject({
      saves: 2,
      kept: 1,
      lost: 1,
      keptMrr: [usd(0)],
      pausedMrr: [usd(2900)],
      lostMrr: [usd(2320)],
    })
    // Both had reached day 30 still paying; the discount one is lost since, which decides its day 60
    // and day 90 already; the pause's are still to come.
    expect(after.totals.stuck).toEqual([
      { days: 30, decided: 2, kept: 2, rate: 100 },
      { days: 60, decided: 1, kept: 0, rate: 0 },
      { days: 90, decided: 1, kept: 0, rate: 0 },
    ])
    expect(after.byOffer.find((g) => g.key === 'discount')).toMatchObject({ saves: 1, kept: 0, lost: 1 })
    expect(after.byOffer.find((g) => g.key === 'pause')).toMatchObject({ saves: 1, kept: 1, lost: 0 })
    expect(after.byReason.find((g) => g.key === 'too_expensive')).toMatchObject({
      lost: 1,
      lostMrr: [usd(2320)],
    })
    // The seeded merchant's churned and scheduled-to-cancel subscribers were cancelled outside the
    // flow too (the backfill found them); this cancellation adds one.
    expect(after.outsideFlow.cancellations).toBe(early.outsideFlow.cancellations + 1)

    const json = (await (await exported('json')).json()) as {
      data: Array<Record<string, unknown> & { steps: Array<{ step: string }> }>
    }
    const row = json.data.find((session) => session.session_id === discounted.sessionId)
    expect(row).toMatchObject({
      outcome: 'saved',
      offer: 'discount',
      reason_key: 'too_expensive',
      saved_mrr: 2320,
      durability: 'lost',
      save_state: 'lost',
      // When Stripe ended it (whole seconds on Stripe's clock), not when our clock was next read.
      lost_at: new Date((cancelled.ended_at ?? cancelled.canceled_at ?? 0) * 1000).toISOString(),
      d30: 'kept',
      d60: 'lost',
      d90: 'lost',
    })
    expect(row?.steps.map((step) => step.step)).toContain('offer_accepted')
    expect(json.data.find((session) => session.session_id === paused.sessionId)).toMatchObject({
      durability: 'kept',
      save_state: 'paused',
    })

    const csvRes = await exported('csv')
    expect(csvRes.headers.get('content-type')).toContain('text/csv')
    const lines = (await csvRes.text()).trim().split('\r\n')
    expect(lines[0]).toBe(
      'session_id,kind,mode,customer_id,subscription_id,started_at,completed_at,outcome,reason_key,mrr,currency,steps,offer,saved_mrr,durability,save_state,lost_at,kept_30d,kept_60d,kept_90d',
    )
    const line = lines.find((l) => l.startsWith(`${discounted.sessionId},`)) ?? ''
    expect(line).toContain(',discount,2320,lost,lost,')
    expect(line.endsWith(',kept,lost,lost')).toBe(true)
    expect(lines.find((l) => l.startsWith(`${paused.sessionId},`))?.endsWith(',kept,pending,pending')).toBe(
      true,
    )

    // Day 70: the pause reaches day 60 still a subscriber (its pause over).
    advanceBoth(t, 30 * DAY)
    await deliver()
    const later = await durability()
    expect(later.totals.stuck[1]).toEqual({ days: 60, decided: 2, kept: 1, rate: 50 })
    // Its pause over, it pays again: counted as kept MRR from the day it resumed.
    expect(later.totals).toMatchObject({
      keptMrr: [usd(2900)],
      pausedMrr: [usd(0)],
      lostMrr: [usd(2320)],
    })
  })

  it('the export checks its query and the caller', async () => {
    const bad = await ownerGet(`/api/analytics/export?account_id=${account.accountId}&format=xml`)
    expect(bad.status).toBe(400)
    const stranger = await t.signIn()
    const res = await t.request(`/api/analytics/export?account_id=${account.accountId}`, {
      token: stranger.token,
    })
    expect(res.status).toBe(403)
    const anonymous = await t.request(`/api/analytics/export?account_id=${account.accountId}`)
    expect(anonymous.status).toBe(401)
  })
})
