import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  errorOf,
  newSubscriber,
  startSession,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/** Reactivation never leaves a customer with a second live subscription, however often it is accepted. */
let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

const LIVE = new Set(['active', 'trialing', 'past_due', 'paused', 'unpaid', 'incomplete'])
const liveSubscriptionsOf = (customerId: string) =>
  t.stripe
    .state(m.account)
    .subscriptions.filter((sub) => sub.customer === customerId && LIVE.has(String(sub.status)))

async function churnedCustomer() {
  const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
  await createStripeClient(t.stripe, m.keys.secret).subscriptions.cancel(subscriber.subscriptionId)
  return subscriber
}

async function bannerSession(token: string): Promise<string> {
  const res = await widgetCall(t, '/api/widget/reactivation', { token, body: {} })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { eligible: boolean; sessionId: string; kind: string }
  expect(body).toMatchObject({ eligible: true, kind: 'churned' })
  return body.sessionId
}

const acceptBanner = (token: string, body: unknown = {}) =>
  widgetCall(t, '/api/widget/reactivation/accept', { token, body })

describe('a churned customer reactivating from several tabs', () => {
  it('10 parallel accepts from 10 banner sessions, then 3 sequential ones with sid: one live subscription', async () => {
    const churned = await churnedCustomer()
    const token = await tokenFor(t, account, churned.customerId)
    const sessions: string[] = []
    for (let i = 0; i < 10; i++) sessions.push(await bannerSession(token))
    const answers = await Promise.all(sessions.map((sessionId) => acceptBanner(token, { sessionId })))
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1)
    expect(liveSubscriptionsOf(churned.customerId)).toHaveLength(1)

    const [live] = liveSubscriptionsOf(churned.customerId)
    expect(live).toBeDefined()

    // The token names the canceled subscription: 3 more accepts, one after another, in new tabs and
    // old ones — each is answered with the subscription that is already live, or refused; none creates.
    const withSid = await tokenFor(t, account, churned)
    for (const body of [{}, { sessionId: sessions[3] }, {}]) {
      const res = await acceptBanner(withSid, body)
      if (res.status === 200) {
        expect(await res.json()).toMatchObject({ status: 'reactivated', subscriptionId: live?.id })
      } else {
        expect(res.status).toBe(409)
        expect((await errorOf(res)).message).toMatch(/already has an active subscription/i)
      }
    }
    expect(liveSubscriptionsOf(churned.customerId)).toHaveLength(1)
    const creates = t.stripe
      .mutations({ accountId: m.account })
      .filter(
        (entry) =>
          entry.path === '/v1/subscriptions' &&
          entry.params.customer === churned.customerId &&
          entry.idempotencyKey?.startsWith('retainkit_reactivate_'),
      )
    expect(creates).toHaveLength(1)
    const saves = await t.database.db
      .selectFrom('saves')
      .select('mechanism')
      .where('customer_id', '=', churned.customerId)
      .execute()
    expect(saves).toEqual([{ mechanism: 'reactivation' }])
  })

  it('with a live subscription besides the canceled one named by sid, nothing is created', async () => {
    const churned = await churnedCustomer()
    const stripe = createStripeClient(t.stripe, m.keys.secret)
    await stripe.subscriptions.create({
      customer: churned.customerId,
      items: [{ price: m.prices.basicMonthly }],
    })
    const token = await tokenFor(t, account, churned)
    const banner = await widgetCall(t, '/api/widget/reactivation', { token, body: {} })
    expect(await banner.json()).toEqual({ eligible: false })
    const res = await acceptBanner(token)
    expect(res.status).toBe(409)
    expect(liveSubscriptionsOf(churned.customerId)).toHaveLength(1)
  })
})

describe('a subscriber already scheduled to cancel', () => {
  it('starts a cancel session that reports the end date and offers nothing; undo is one Stripe change', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const stripe = createStripeClient(t.stripe, m.keys.secret)
    await stripe.subscriptions.update(subscriber.subscriptionId, { cancel_at_period_end: true })
    const token = await tokenFor(t, account, subscriber)
    const { status, body } = await startSession(t, token)
    expect(status).toBe(201)
    expect(body).toMatchObject({
      eligibleOffers: [],
      offersSuppressedBy: 'scheduled_cancel',
      scheduledCancellation: { endsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    })
    const undo = await Promise.all([
      acceptBanner(token, { sessionId: body.sessionId }),
      acceptBanner(token, { sessionId: body.sessionId }),
    ])
    expect(undo.map((res) => res.status)).toEqual([200, 200])
    expect(await undo[0]?.json()).toMatchObject({ status: 'reactivated', kind: 'scheduled_cancel' })
    const after = await stripe.subscriptions.retrieve(subscriber.subscriptionId)
    expect(after.cancel_at_period_end).toBe(false)
    const writes = t.stripe
      .mutations({ accountId: m.account })
      .filter((entry) => entry.path === `/v1/subscriptions/${subscriber.subscriptionId}`)
    // The test's own scheduling, then the one undo.
    expect(writes).toHaveLength(2)
    const session = await t.database.db
      .selectFrom('cancel_sessions')
      .select('status')
      .where('id', '=', body.sessionId)
      .executeTakeFirstOrThrow()
    expect(session.status).toBe('saved')
  })
})
