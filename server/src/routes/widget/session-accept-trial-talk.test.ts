import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { TRIAL_ONLY_MESSAGE } from '../../services/widget/messages'
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
 * only; "talk to us" sends the subscriber to the merchant's support: a contact, counted as a save only when
 * the merchant's own handler reports one.
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
    // A session answers its own repeats with the answer it stored (idempotent per session); once one
    // session saved, the other session of the same customer is refused. "Talk to us" is a contact, not
    // a save: a session that only opened a mail leaves the other free to save.
    const bodies = await Promise.all(
      answers.map(async (res) => JSON.stringify(sortedKeys((await res.json()) as object))),
    )
    const won = answers.flatMap((res, i) => (res.status === 200 ? [i] : []))
    for (const session of sessions)
      expect(
        new Set(won.filter((i) => sessions[i % 2] === session).map((i) => bodies[i])).size,
      ).toBeLessThanOrEqual(1)
    expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true)
    expect(answers.filter((res) => res.status === 409).length).toBeGreaterThanOrEqual(9)
    expect((await savesOf(subscriber.customerId)).length).toBeLessThanOrEqual(1)
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
  const completedTalks = async (accountId: string, token: string) => {
    const day = t.clock.now().toISOString().slice(0, 10)
    const analytics = await t.request(
      `/api/analytics?endpoint=save-mechanism-performance&account_id=${accountId}&startDate=${day}&endDate=${day}`,
      { token },
    )
    expect(analytics.status).toBe(200)
    const { data } = (await analytics.json()) as { data: { mechanism: string; completed: number }[] }
    return data.find((row) => row.mechanism === 'talk_to_us')?.completed ?? 0
  }

  it('sends the subscriber to the support address and counts a contact, not a save (issue 34)', async () => {
    const before = await completedTalks(account.accountId, account.ownerToken)
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
    // A mail app opening saves nobody: no save, the session still open, the contact recorded.
    expect(await savesOf(o.customerId)).toEqual([])
    const session = await t.database.db
      .selectFrom('cancel_sessions')
      .select(['status', 'contacted_at'])
      .where('id', '=', o.sessionId)
      .executeTakeFirstOrThrow()
    expect(session).toEqual({ status: 'open', contacted_at: expect.any(Date) })
    expect(await completedTalks(account.accountId, account.ownerToken)).toBe(before)
    // The subscriber can still cancel in that session (the contact did not end it).
    const cancel = await widgetCall(t, `/api/widget/sessions/${o.sessionId}/cancel`, {
      token: o.token,
      body: {},
    })
    expect(cancel.status).toBe(200)
  })

  it('counts as a save when the merchant’s own handler reports one', async () => {
    const merchantAccount = await widgetAccount(t)
    const mm = merchantAccount.merchant as SeededMerchant
    await publishConfig(t, merchantAccount.accountId, (c) => {
      c.talk_to_us = { enabled: true, email: 'help@shop.example' }
    })
    const subscriber = await newSubscriber(t, mm, mm.prices.proMonthly)
    const token = await tokenFor(t, merchantAccount, subscriber, { handles: ['offers'] })
    const { body } = await startSession(t, token, { merchantHandlesOffers: true })
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'talk_to_us', handledByMerchant: true },
    })
    expect(await res.json()).toEqual({ status: 'recorded', mechanism: 'talk_to_us' })
    expect(await savesOf(subscriber.customerId)).toEqual([
      expect.objectContaining({ mechanism: 'talk_to_us' }),
    ])
    expect(await completedTalks(merchantAccount.accountId, merchantAccount.ownerToken)).toBe(1)
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
