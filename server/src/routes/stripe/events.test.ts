import { createStripeClient, seedMerchant } from '@retainkit/fakes/stripe'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { syncMerchantSubscriptions } from '../../services/merchant-events/sync'
import { alignClocks } from '../billing-testing'
import { backfilled, saveKeys } from './test-support'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
  alignClocks(t)
})
afterAll(() => t.close())

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000)

/** A merchant connected by pasted keys through the real credentials call, its endpoint registered. */
async function connected() {
  const { accountId, owner } = await t.createAccount()
  const merchant = await seedMerchant(t.stripe)
  // The seed's own events are history: only what happens after connecting is delivered.
  await t.stripe.deliverWebhooks()
  const res = await saveKeys(t, accountId, owner.token, merchant.keys)
  expect(res.status).toBe(200)
  await backfilled(t, accountId)
  const stripe = createStripeClient(t.stripe, merchant.keys.secret)
  const endpoints = t.stripe.state(merchant.account).webhookEndpoints
  expect(endpoints).toHaveLength(1)
  const endpoint = endpoints[0] as (typeof endpoints)[number]
  return { accountId, owner, merchant, stripe, endpoint }
}

const rowOf = (accountId: string, subscriptionId: string) =>
  t.database.db
    .selectFrom('subscriber_subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst()

const storedEvents = (accountId: string) =>
  t.database.db
    .selectFrom('merchant_stripe_events')
    .select('event_id')
    .where('account_id', '=', accountId)
    .execute()

function post(accountId: string, payload: string, secret: string, timestamp = nowSeconds()) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })
  return t.request(`/api/stripe/webhooks/${accountId}`, {
    apiKey: null,
    rawBody: payload,
    headers: { 'stripe-signature': signature },
  })
}

/** The account's events in the fake, oldest first. */
const eventsOf = (stripeAccount: string) => [...t.stripe.state(stripeAccount).events].reverse()

describe('the merchant endpoint on Stripe', () => {
  it('is registered on connect with an encrypted secret, and removed on disconnect', async () => {
    const { accountId, owner, merchant, endpoint } = await connected()
    expect(endpoint).toMatchObject({
      url: `http://localhost:8787/api/stripe/webhooks/${accountId}`,
      status: 'enabled',
      connect: false,
    })
    expect(endpoint.enabled_events).toContain('customer.subscription.deleted')
    const row = await t.database.db
      .selectFrom('gateway_credentials')
      .select(['webhook_endpoint_id', 'webhook_secret_ciphertext'])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow()
    expect(row.webhook_endpoint_id).toBe(endpoint.id)
    expect(row.webhook_secret_ciphertext).not.toContain(endpoint.secret)
    expect(t.deps.secrets.decrypt(row.webhook_secret_ciphertext ?? '')).toBe(endpoint.secret)
    // Never answered, not even masked.
    const view = await t.request(`/api/account?accountId=${accountId}&action=credentials`, {
      token: owner.token,
    })
    expect(JSON.stringify(await view.json())).not.toContain('whsec_')

    const gone = await t.request(`/api/account?accountId=${accountId}&action=credentials`, {
      method: 'DELETE',
      token: owner.token,
    })
    expect(gone.status).toBe(200)
    expect(t.stripe.state(merchant.account).webhookEndpoints).toEqual([])
    // Deliveries signed with the old secret are refused now.
    const late = await post(accountId, JSON.stringify(eventsOf(merchant.account).at(-1)), endpoint.secret)
    expect(late.status).toBe(400)
  })

  it('replacing the keys replaces the endpoint', async () => {
    const { accountId, owner, merchant, endpoint } = await connected()
    const res = await saveKeys(t, accountId, owner.token, merchant.keys)
    expect(res.status).toBe(200)
    const endpoints = t.stripe.state(merchant.account).webhookEndpoints
    expect(endpoints).toHaveLength(1)
    expect(endpoints[0]?.id).not.toBe(endpoint.id)
  })
})

describe('POST /api/stripe/webhooks/{accountId}', () => {
  it('follows a subscription from the events Stripe delivers (no API key, no user)', async () => {
    const { accountId, merchant, stripe } = await connected()
    const { subscriptionId } = merchant.customers.activeMonthly
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
    const deliveries = await t.stripe.deliverWebhooks()
    expect(deliveries.map((d) => [d.type, d.status])).toEqual([['customer.subscription.updated', 200]])
    expect(await rowOf(accountId, subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    })
  })

  it('refuses a bad, missing, altered or stale signature with 400 and stores nothing', async () => {
    const other = await connected()
    const { accountId, merchant, stripe, endpoint } = await connected()
    const { subscriptionId } = merchant.customers.activeAnnual
    await stripe.subscriptions.cancel(subscriptionId)
    const event = eventsOf(merchant.account).at(-1)
    expect(event?.type).toBe('customer.subscription.deleted')
    const payload = JSON.stringify(event)
    const attempts = [
      await post(accountId, payload, 'whsec_forged'),
      await t.request(`/api/stripe/webhooks/${accountId}`, { apiKey: null, rawBody: payload }),
      // Signed for this body, sent with another one.
      await t.request(`/api/stripe/webhooks/${accountId}`, {
        apiKey: null,
        rawBody: payload.replace(subscriptionId, merchant.customers.paused.subscriptionId),
        headers: {
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: endpoint.secret,
            timestamp: nowSeconds(),
          }),
        },
      }),
      await post(accountId, payload, endpoint.secret, nowSeconds() - 600),
    ]
    expect(attempts.map((res) => res.status)).toEqual([400, 400, 400, 400])
    for (const res of attempts) {
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'Invalid Stripe signature',
      )
    }
    // Signed for another account: refused by this one.
    expect((await post(accountId, payload, other.endpoint.secret)).status).toBe(400)
    expect(await storedEvents(accountId)).toEqual([])
    // Still what the backfill read before the cancel.
    expect(await rowOf(accountId, subscriptionId)).toMatchObject({ status: 'active', ended_at: null })
    await t.stripe.deliverWebhooks()
  })

  it('applies one event once, however often it arrives (also in parallel)', async () => {
    const { accountId, merchant, stripe, endpoint } = await connected()
    const { subscriptionId } = merchant.customers.discounted
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
    const payload = JSON.stringify(eventsOf(merchant.account).at(-1))
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(accountId, payload, endpoint.secret)),
    )
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200])
    const results = await Promise.all(
      answers.map(async (res) => ((await res.json()) as { result: string }).result),
    )
    expect(results.sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ])
    expect(await storedEvents(accountId)).toHaveLength(1)
    const retrieves = t.stripe.requests.filter(
      (request) => request.method === 'GET' && request.path === `/v1/subscriptions/${subscriptionId}`,
    )
    expect(retrieves).toHaveLength(1)
    await t.stripe.deliverWebhooks()
  })

  it('ends in Stripe’s state when the events of a subscription arrive shuffled', async () => {
    const { accountId, merchant, stripe, endpoint } = await connected()
    const { subscriptionId } = merchant.customers.activeMonthly
    const before = eventsOf(merchant.account).length
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false })
    await stripe.subscriptions.update(subscriptionId, { pause_collection: { behavior: 'void' } })
    await stripe.subscriptions.cancel(subscriptionId)
    const events = eventsOf(merchant.account).slice(before)
    expect(events.map((event) => event.type)).toContain('customer.subscription.deleted')
    // The deletion first, then the rest in a scrambled order.
    const shuffled = [events.at(-1), events[1], events[0], ...events.slice(2, -1)]
    for (const event of shuffled)
      expect((await post(accountId, JSON.stringify(event), endpoint.secret)).status).toBe(200)
    expect(await rowOf(accountId, subscriptionId)).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: false,
    })
    const row = await rowOf(accountId, subscriptionId)
    expect(row?.ended_at).not.toBeNull()
    await t.stripe.deliverWebhooks()
  })
})

describe('backfill and reconcile', () => {
  it('backfills every subscription on connect, then applies events Stripe never delivered', async () => {
    const { accountId, merchant, stripe } = await connected()
    const rows = await t.database.db
      .selectFrom('subscriber_subscriptions')
      .select(['subscription_id', 'status'])
      .where('account_id', '=', accountId)
      .execute()
    expect(rows.map((row) => row.subscription_id).sort()).toEqual(
      Object.values(merchant.customers)
        .map((c) => c.subscriptionId)
        .sort(),
    )
    const { subscriptionId } = merchant.customers.trialing
    await stripe.subscriptions.cancel(subscriptionId)
    // Not delivered (yet): the reconcile reads it back from Stripe's event list.
    t.clock.advance(60_000)
    const result = await syncMerchantSubscriptions(t.deps, accountId)
    expect(result.applied).toBeGreaterThanOrEqual(1)
    expect(await rowOf(accountId, subscriptionId)).toMatchObject({ status: 'canceled' })
    // A second pass finds nothing new.
    expect((await syncMerchantSubscriptions(t.deps, accountId)).applied).toBe(0)
    // When Stripe's delivery arrives after all, it changes nothing.
    const applied = (await storedEvents(accountId)).length
    const late = await t.stripe.deliverWebhooks()
    expect(late.map((d) => d.status)).toEqual([200])
    expect(await storedEvents(accountId)).toHaveLength(applied)
  })
})
