import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRIAL_ONLY_MESSAGE } from '../../services/widget/messages'
import { createTestContext, type TestContext } from '../../test-support/harness'
import {
  errorOf,
  fakeSubscription,
  newSubscriber,
  publishConfig,
  startSession,
  subscriptionWrites,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/**
 * The trial extension moves `trial_end` through Stripe once per customer, for trialing subscriptions
 * only; "talk to us" sends the subscriber to the merchant's support and counts as a save mechanism.
 */
const DAY = 86_400
let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
  await publishConfig(t, account.accountId, (c) => {
    c.trial_extension = { enabled: true, days: 14 }
    c.talk_to_us = { enabled: true, email: 'help@shop.example' }
  })
})
afterAll(() => t.close())

const accept = (token: string, sessionId: string, body: unknown) =>
  widgetCall(t, `/api/widget/sessions/${sessionId}/accept`, { token, body })

async function opened(trialDays?: number) {
  const subscriber = await newSubscriber(
    t,
    m,
    m.prices.proMonthly,
    trialDays ? { trial_period_days: trialDays } : {},
  )
  const token = await tokenFor(t, account, subscriber)
  const { status, body } = await startSession(t, token)
  expect(status).toBe(201)
  return { ...subscriber, token, sessionId: body.sessionId, eligible: body.eligibleOffers as string[] }
}

const sortedKeys = (value: object) =>
  Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))

const savesOf = (customerId: string) =>
  t.database.db.selectFrom('saves').selectAll().where('customer_id', '=', customerId).execute()

describe('a trial extension', () => {
  it('moves trial_end by the configured days through Stripe and records the save', async () => {
    const o = await opened(7)
    expect(o.eligible).toContain('trial_extension')
    const trialEnd = fakeSubscription(t, m, o.subscriptionId).trial_end as number
    const res = await accept(o.token, o.sessionId, { offer: 'trial_extension' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      status: 'applied',
      mechanism: 'trial_extension',
      mrrBefore: 2900,
      mrrAfter: 2900,
    })
    expect(body.message).toMatch(/^Done — your free trial now runs until /)
    const sub = fakeSubscription(t, m, o.subscriptionId)
    expect(sub.status).toBe('trialing')
    expect(sub.trial_end).toBe(trialEnd + 14 * DAY)
    const writes = subscriptionWrites(t, m, o.subscriptionId)
    expect(writes).toHaveLength(1)
    expect(writes[0]?.params).toMatchObject({
      trial_end: String(trialEnd + 14 * DAY),
      proration_behavior: 'none',
    })
    expect(await savesOf(o.customerId)).toEqual([
      expect.objectContaining({
        mechanism: 'trial_extension',
        detail: expect.objectContaining({ via: 'stripe', days: 14, trial_end: trialEnd + 14 * DAY }),
      }),
    ])
  })

  it('20 parallel accepts from two sessions of one customer move trial_end exactly once', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly, { trial_period_days: 10 })
    const token = await tokenFor(t, account, subscriber)
    const sessions = [
      (await startSession(t, token)).body.sessionId,
      (await startSession(t, token)).body.sessionId,
    ]
    const trialEnd = fakeSubscription(t, m, subscriber.subscriptionId).trial_end as number
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        accept(token, sessions[i % 2] as string, { offer: i % 3 === 2 ? 'talk_to_us' : 'trial_extension' }),
      ),
    )
    // A session answers its own repeats with the answer it stored (idempotent per session); the other
    // session of the same customer is refused. So: one winning session, one distinct answer.
    const bodies = await Promise.all(
      answers.map(async (res) => JSON.stringify(sortedKeys((await res.json()) as object))),
    )
    const won = answers.flatMap((res, i) => (res.status === 200 ? [i] : []))
    expect(new Set(won.map((i) => sessions[i % 2])).size).toBe(1)
    expect(new Set(won.map((i) => bodies[i])).size).toBe(1)
    expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true)
    expect(answers.filter((res) => res.status === 409).length).toBeGreaterThanOrEqual(10)
    expect(await savesOf(subscriber.customerId)).toHaveLength(1)
    const moved = fakeSubscription(t, m, subscriber.subscriptionId).trial_end as number
    const writes = subscriptionWrites(t, m, subscriber.subscriptionId)
    // Whichever offer won: the trial moved by 14 days once, or (talk to us) not at all.
    expect([trialEnd, trialEnd + 14 * DAY]).toContain(moved)
    expect(writes).toHaveLength(moved === trialEnd ? 0 : 1)
  })

  it('is not offered to, and refused for, a subscription that is not trialing', async () => {
    const o = await opened()
    expect(o.eligible).not.toContain('trial_extension')
    const res = await accept(o.token, o.sessionId, { offer: 'trial_extension' })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toBe('This offer is not available for this subscription.')
    expect(subscriptionWrites(t, m, o.subscriptionId)).toHaveLength(0)
    expect(await savesOf(o.customerId)).toHaveLength(0)
  })

  it('is refused with a clear message when the trial ended after the session started', async () => {
    const o = await opened(5)
    expect(o.eligible).toContain('trial_extension')
    const stripe = createStripeClient(t.stripe, m.keys.secret)
    await stripe.subscriptions.update(o.subscriptionId, { trial_end: 'now' })
    expect(fakeSubscription(t, m, o.subscriptionId).status).toBe('active')
    const before = subscriptionWrites(t, m, o.subscriptionId).length
    const res = await accept(o.token, o.sessionId, { offer: 'trial_extension' })
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION', message: TRIAL_ONLY_MESSAGE })
    expect(subscriptionWrites(t, m, o.subscriptionId)).toHaveLength(before)
    expect(await savesOf(o.customerId)).toHaveLength(0)
  })
})

describe('talk to us', () => {
  it('sends the subscriber to the support address, changes nothing in Stripe, and is counted', async () => {
    const o = await opened()
    expect(o.eligible).toContain('talk_to_us')
    const res = await accept(o.token, o.sessionId, { offer: 'talk_to_us', reasonKey: 'technical_issues' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'redirect',
      mechanism: 'talk_to_us',
      redirectUrl: 'mailto:help@shop.example',
    })
    expect(subscriptionWrites(t, m, o.subscriptionId)).toHaveLength(0)
    expect(await savesOf(o.customerId)).toEqual([
      expect.objectContaining({ mechanism: 'talk_to_us', mrr_before: 2900, mrr_after: 2900 }),
    ])
    const day = t.clock.now().toISOString().slice(0, 10)
    const analytics = await t.request(
      `/api/analytics?endpoint=save-mechanism-performance&account_id=${account.accountId}&startDate=${day}&endDate=${day}`,
      { token: account.ownerToken },
    )
    expect(analytics.status).toBe(200)
    const { data } = (await analytics.json()) as { data: { mechanism: string; completed: number }[] }
    expect(data.find((row) => row.mechanism === 'talk_to_us')?.completed).toBeGreaterThanOrEqual(1)
  })

  it('prefers a support link (redirect_template) over the address', async () => {
    const other = await widgetAccount(t)
    const om = other.merchant as SeededMerchant
    await publishConfig(t, other.accountId, (c) => {
      c.talk_to_us = {
        enabled: true,
        email: 'help@shop.example',
        redirect_template: 'https://shop.example/help?c={customer_id}',
      }
    })
    const subscriber = await newSubscriber(t, om, om.prices.proMonthly)
    const token = await tokenFor(t, other, subscriber)
    const { body } = await startSession(t, token)
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'talk_to_us' },
    })
    expect(await res.json()).toEqual({
      status: 'redirect',
      mechanism: 'talk_to_us',
      redirectUrl: `https://shop.example/help?c=${subscriber.customerId}`,
    })
  })
})
