import { createStripeClient, seedMerchant } from '@retainkit/fakes/stripe'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { alignClocks } from '../billing-testing'

/**
 * Accounts connected by OAuth are followed through the platform's Connect endpoint: Stripe (the fake)
 * sends every connected account's events there, each naming its account, signed with that endpoint's
 * secret; Retainkit routes each to the account connected to that Stripe account.
 */

const CLIENT_ID = 'ca_RetainkitConnectEvents'
const PLATFORM_KEY = `sk_test_platformevents${'C'.repeat(24)}`
const CONNECT_URL = 'http://localhost:8787/api/stripe/connect/webhook'

let t: TestContext
let platformId: string
beforeAll(async () => {
  t = await createTestContext({
    config: { stripe: { clientId: CLIENT_ID, platformSecretKey: PLATFORM_KEY, apiBase: null } },
  })
  alignClocks(t)
  platformId = t.stripe.createAccount({
    businessName: 'Retainkit',
    secretKey: PLATFORM_KEY,
    clientId: CLIENT_ID,
    restrictedKeys: [],
  }).id
})
afterAll(() => t.close())

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000)

/** The console's OAuth flow: start, the merchant presses Connect on Stripe, the callback. */
async function connectByOAuth(accountId: string, token: string, stripeAccountId: string) {
  const start = await t.request('/api/stripe/oauth/start', { token, body: { account_id: accountId } })
  const url = new URL(((await start.json()) as { data: { url: string } }).data.url)
  const consent = await t.stripe.fetch(new URL('/oauth/authorize', url).toString(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: url.searchParams.get('client_id') ?? '',
      redirect_uri: url.searchParams.get('redirect_uri') ?? '',
      scope: url.searchParams.get('scope') ?? '',
      state: url.searchParams.get('state') ?? '',
      account: stripeAccountId,
      decision: 'connect',
    }).toString(),
    redirect: 'manual',
  })
  const back = new URL(consent.headers.get('location') ?? '')
  const res = await t.request('/api/stripe/oauth/callback', {
    token,
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  })
  expect(res.status).toBe(200)
  await t.deps.background.idle()
}

/** A Retainkit account connected by OAuth to a seeded merchant (whose seed events are history). */
async function oauthConnected() {
  const { accountId, owner } = await t.createAccount()
  const merchant = await seedMerchant(t.stripe)
  await t.stripe.deliverWebhooks()
  await connectByOAuth(accountId, owner.token, merchant.account)
  // The merchant acting in their own Stripe dashboard (Billing Portal, support): their own key.
  const stripe = createStripeClient(t.stripe, merchant.keys.secret)
  return { accountId, owner, merchant, stripe }
}

const connectEndpoints = () => t.stripe.state(platformId).webhookEndpoints.filter((e) => e.connect)

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

function post(payload: string, secret: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: nowSeconds() })
  return t.request('/api/stripe/connect/webhook', {
    apiKey: null,
    rawBody: payload,
    headers: { 'stripe-signature': signature },
  })
}

describe('Stripe Connect events for OAuth-connected accounts', () => {
  it('registers one Connect endpoint on the platform, however many accounts connect at once', async () => {
    const accounts = await Promise.all([t.createAccount(), t.createAccount(), t.createAccount()])
    const merchants = await Promise.all(accounts.map(() => seedMerchant(t.stripe)))
    await Promise.all(
      accounts.map((a, i) => connectByOAuth(a.accountId, a.owner.token, merchants[i]?.account ?? '')),
    )
    const endpoints = connectEndpoints()
    expect(endpoints).toHaveLength(1)
    expect(endpoints[0]).toMatchObject({ url: CONNECT_URL, connect: true, status: 'enabled' })
    expect(endpoints[0]?.enabled_events).toContain('customer.subscription.deleted')
    // No endpoint on the merchants' own accounts: an OAuth token is not asked to manage them.
    for (const merchant of merchants) expect(t.stripe.state(merchant.account).webhookEndpoints).toEqual([])
    const stored = await t.database.db
      .selectFrom('platform_webhook_endpoints')
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(stored.stripe_endpoint_id).toBe(endpoints[0]?.id)
    expect(stored.secret_ciphertext).not.toContain(endpoints[0]?.secret)
    expect(t.deps.secrets.decrypt(stored.secret_ciphertext)).toBe(endpoints[0]?.secret)
  })

  it('routes each connected account’s events to the Retainkit account connected to it', async () => {
    const a = await oauthConnected()
    const b = await oauthConnected()
    const subA = a.merchant.customers.activeMonthly.subscriptionId
    const subB = b.merchant.customers.activeMonthly.subscriptionId
    await a.stripe.subscriptions.cancel(subA)
    const deliveries = await t.stripe.deliverWebhooks()
    // Stripe sent it to the platform's Connect endpoint, and it was accepted.
    expect(deliveries.map((d) => [d.type, d.url, d.status])).toEqual([
      ['customer.subscription.deleted', CONNECT_URL, 200],
    ])
    expect(await rowOf(a.accountId, subA)).toMatchObject({ status: 'canceled' })
    expect((await rowOf(a.accountId, subA))?.ended_at).not.toBeNull()
    // The other account's subscriber (another Stripe account) is untouched, and no event was stored there.
    expect(await rowOf(b.accountId, subB)).toMatchObject({ status: 'active' })
    expect(await storedEvents(b.accountId)).toEqual([])
    expect(await storedEvents(a.accountId)).toHaveLength(1)
  })

  it('refuses a bad signature with 400 and stores nothing; applies a repeated event once', async () => {
    const { accountId, merchant, stripe } = await oauthConnected()
    const { subscriptionId } = merchant.customers.discounted
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
    const event = t.stripe.state(merchant.account).events[0]
    expect(event).toMatchObject({ type: 'customer.subscription.updated', account: merchant.account })
    const payload = JSON.stringify(event)
    // Signed with the merchant's own endpoint secret or a made-up one: not the platform's.
    const forged = await post(payload, 'whsec_forged')
    expect(forged.status).toBe(400)
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid Stripe signature',
    )
    expect(await storedEvents(accountId)).toEqual([])
    expect(await rowOf(accountId, subscriptionId)).toMatchObject({ cancel_at_period_end: false })

    const secret = connectEndpoints()[0]?.secret ?? ''
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(payload, secret)))
    const results = await Promise.all(
      answers.map(async (res) => ((await res.json()) as { result: string }).result),
    )
    expect(results.sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate'])
    expect(await rowOf(accountId, subscriptionId)).toMatchObject({ cancel_at_period_end: true })
    // Stripe's own delivery of the same event afterwards changes nothing.
    const late = await t.stripe.deliverWebhooks()
    expect(late.map((d) => d.status)).toEqual([200])
    expect(await storedEvents(accountId)).toHaveLength(1)
  })

  it('ignores an event of a Stripe account nobody connected by OAuth (200, nothing stored)', async () => {
    const secret = connectEndpoints()[0]?.secret ?? ''
    const res = await post(
      JSON.stringify({
        id: 'evt_stranger',
        object: 'event',
        account: 'acct_nobody',
        type: 'customer.subscription.deleted',
        created: nowSeconds(),
        data: { object: { id: 'sub_stranger', object: 'subscription' } },
      }),
      secret,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: true, result: 'ignored' })
    const stored = await t.database.db
      .selectFrom('merchant_stripe_events')
      .select('event_id')
      .where('event_id', '=', 'evt_stranger')
      .execute()
    expect(stored).toEqual([])
  })
})
