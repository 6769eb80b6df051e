import type { SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { stripeFeedbackFor } from '../../services/widget/billing-actions'
import {
  errorOf,
  fakeSubscription,
  newSubscriber,
  startSession,
  subscriptionWrites,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

async function open(target: WidgetAccount = account, start: Record<string, unknown> = {}) {
  const merchant = target.merchant
  const subscriber = merchant
    ? await newSubscriber(t, merchant, merchant.prices.proMonthly)
    : { customerId: 'cus_nostripe3', subscriptionId: '' }
  const token = await tokenFor(t, target, subscriber.customerId)
  const { body } = await startSession(t, token, start)
  return { token, sessionId: body.sessionId, ...subscriber }
}

const cancel = (
  o: { token: string; sessionId: string },
  body: unknown,
  headers: Record<string, string> = {},
) => widgetCall(t, `/api/widget/sessions/${o.sessionId}/cancel`, { token: o.token, body, headers })

const dateOf = (unix: number) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(unix * 1000))

describe('POST /api/widget/sessions/:id/cancel', () => {
  it("words when access ends in the session's language, the date formatted for it (the widget formats none)", async () => {
    const o = await open(account, { locale: 'de' })
    const res = await cancel(o, {})
    const periodEnd = fakeSubscription(t, m, o.subscriptionId).items.data[0]?.current_period_end as number
    const date = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(periodEnd * 1000),
    )
    // The English message stays for developers and the merchant's callbacks.
    expect(await res.json()).toMatchObject({
      status: 'scheduled',
      message: expect.stringMatching(/^Your subscription is canceled/),
      endsOn: `Ihr Abo endet am ${date}`,
    })
  })

  it('schedules the cancellation at period end with cancellation_details, and records it', async () => {
    const o = await open()
    const res = await cancel(o, {
      reasonKey: 'too_expensive',
      feedback: '  Found a cheaper plan elsewhere  ',
    })
    expect(res.status).toBe(200)
    const sub = fakeSubscription(t, m, o.subscriptionId)
    const periodEnd = sub.items.data[0]?.current_period_end as number
    expect(await res.json()).toEqual({
      status: 'scheduled',
      cancelAt: new Date(periodEnd * 1000).toISOString(),
      message: `Your subscription is canceled. You keep access until ${dateOf(periodEnd)}.`,
      endsOn: `Your subscription ends on ${dateOf(periodEnd)}`,
    })
    expect(sub.cancel_at_period_end).toBe(true)
    expect(sub.status).toBe('active')
    expect(sub.cancellation_details).toMatchObject({
      feedback: 'too_expensive',
      comment: 'Found a cheaper plan elsewhere',
    })
    const events = await t.database.db
      .selectFrom('session_events')
      .select(['step', 'reason_key'])
      .where('session_id', '=', o.sessionId)
      .execute()
    expect(events).toEqual([
      { step: 'session_started', reason_key: null },
      { step: 'cancel_completed', reason_key: 'too_expensive' },
    ])
    const row = await t.database.db
      .selectFrom('cancel_sessions')
      .selectAll()
      .where('id', '=', o.sessionId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'canceled', reason_key: 'too_expensive' })
    expect(
      await t.database.db.selectFrom('saves').select('id').where('session_id', '=', o.sessionId).execute(),
    ).toEqual([])
  })

  it("maps reasons to Stripe's feedback values", () => {
    expect(stripeFeedbackFor('too_expensive')).toBe('too_expensive')
    expect(stripeFeedbackFor('switched_competitor')).toBe('switched_service')
    expect(stripeFeedbackFor('not_using_enough')).toBe('unused')
    expect(stripeFeedbackFor('missing_features')).toBe('missing_features')
    expect(stripeFeedbackFor('technical_issues')).toBe('low_quality')
    expect(stripeFeedbackFor('other')).toBe('other')
    expect(stripeFeedbackFor('temporary_break')).toBe('other')
    expect(stripeFeedbackFor(null)).toBe('other')
  })

  it("uses the session's selected reason and keeps at most 500 characters of feedback", async () => {
    const o = await open()
    await widgetCall(t, `/api/widget/sessions/${o.sessionId}/events`, {
      token: o.token,
      body: { events: [{ step: 'reason_selected', reasonKey: 'technical_issues' }] },
    })
    const long = 'x'.repeat(1200)
    expect((await cancel(o, { feedback: long })).status).toBe(200)
    const details = fakeSubscription(t, m, o.subscriptionId).cancellation_details
    expect(details?.feedback).toBe('low_quality')
    expect(details?.comment).toBe('x'.repeat(500))
  })

  it('is idempotent: a replay answers the stored response with one Stripe change', async () => {
    const o = await open()
    const first = await (await cancel(o, { reasonKey: 'other' })).json()
    const again = await cancel(o, { reasonKey: 'other' })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(first)
    expect(subscriptionWrites(t, m, o.subscriptionId)).toHaveLength(1)
    const different = await cancel(o, { reasonKey: 'too_expensive' })
    expect(different.status).toBe(409)
    expect((await errorOf(different)).message).toBe('This subscription was already canceled in this session.')
  })

  it("records only, when the merchant's handler cancelled (with the token's handles claim)", async () => {
    const o = await open()
    const signed = { ...o, token: await tokenFor(t, account, o.customerId, { handles: ['cancel'] }) }
    const res = await cancel(signed, { handledByMerchant: true, reasonKey: 'other' })
    expect(await res.json()).toEqual({ status: 'recorded' })
    expect(subscriptionWrites(t, m, o.subscriptionId)).toEqual([])
    const row = await t.database.db
      .selectFrom('cancel_sessions')
      .select('status')
      .where('id', '=', o.sessionId)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('canceled')
  })

  it('without Stripe and without handledByMerchant, hands over to the merchant (409)', async () => {
    const noStripe = await widgetAccount(t, { stripe: false })
    const o = await open(noStripe)
    const res = await cancel(o, {})
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toEqual({
      code: 'CONSTRAINT_VIOLATION',
      message:
        "This account has no Stripe connection: let the merchant's own handler perform this, then call again with handledByMerchant.",
    })
    const signed = { ...o, token: await tokenFor(t, noStripe, o.customerId, { handles: ['cancel'] }) }
    expect((await cancel(o, { handledByMerchant: true })).status).toBe(403)
    expect((await cancel(signed, { handledByMerchant: true })).status).toBe(200)
  })

  it('is refused after an offer saved the subscription', async () => {
    const o = await open()
    const accepted = await widgetCall(t, `/api/widget/sessions/${o.sessionId}/accept`, {
      token: o.token,
      body: { offer: 'pause', choice: { months: 1 } },
    })
    expect(accepted.status).toBe(200)
    const res = await cancel(o, {})
    expect(res.status).toBe(409)
    expect((await errorOf(res)).message).toBe('An offer was already accepted in this session.')
    expect(fakeSubscription(t, m, o.subscriptionId).cancel_at_period_end).toBe(false)
  })

  it("refuses a subscription that is not the token customer's (403)", async () => {
    const o = await open()
    const other = await newSubscriber(t, m, m.prices.basicMonthly)
    await t.database.db
      .updateTable('cancel_sessions')
      .set({ subscription_id: other.subscriptionId })
      .where('id', '=', o.sessionId)
      .execute()
    const res = await cancel(o, {})
    expect(res.status).toBe(403)
    expect(fakeSubscription(t, m, other.subscriptionId).cancel_at_period_end).toBe(false)
  })

  it('answers a Stripe failure with 502 and records nothing', async () => {
    const other = await widgetAccount(t)
    const o = await open(other)
    await t.database.db
      .updateTable('gateway_credentials')
      .set({ secret_key_ciphertext: t.deps.secrets.encrypt('sk_test_rotated_away_000000000') })
      .where('account_id', '=', other.accountId)
      .execute()
    const res = await cancel(o, {})
    expect(res.status).toBe(502)
    expect((await errorOf(res)).code).toBe('EXTERNAL_SERVICE_ERROR')
    const row = await t.database.db
      .selectFrom('cancel_sessions')
      .select('status')
      .where('id', '=', o.sessionId)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('open')
  })

  it('validates the body', async () => {
    const o = await open()
    const res = await cancel(o, { feedback: 'x'.repeat(2001) })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe('Feedback too long')
  })
})
