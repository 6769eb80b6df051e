import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import {
  advanceBoth,
  alignClocks,
  checkoutUrl,
  deliver,
  payCheckout,
  platformEvents,
  platformStripe,
  postEvent,
  signUp,
  status,
  submitPage,
} from './billing-testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext({ billing: true })
  alignClocks(t)
})
afterAll(() => t.close())

const DAY = 86_400

/** A merchant past its trial (Starter), with a paid Pro subscription whose events are not delivered yet. */
async function subscribedButUndelivered() {
  const merchant = await signUp(t)
  await t.database.db
    .updateTable('accounts')
    .set({ trial_ends_at: t.clock.now() })
    .where('id', '=', merchant.accountId)
    .execute()
  const subscriptionId = await payCheckout(t, await checkoutUrl(t, merchant.accountId, merchant.token))
  return { ...merchant, subscriptionId }
}

const platformRow = (accountId: string) =>
  t.database.db
    .selectFrom('platform_subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow()

describe('POST /api/billing/webhook', () => {
  it('Checkout completed → Pro, from the events Stripe signed (no API key needed)', async () => {
    const merchant = await subscribedButUndelivered()
    expect(await status(t, merchant)).toMatchObject({
      tier: 'free',
      source: 'starter',
    })
    await deliver(t)
    expect(await status(t, merchant)).toMatchObject({
      tier: 'pro',
      source: 'subscription',
      subscription: { status: 'active', interval: 'month', cancel_at_period_end: false },
      can_subscribe: false,
      can_manage: true,
    })
  })

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const merchant = await subscribedButUndelivered()
    const completed = platformEvents(t).find((event) => event.type === 'checkout.session.completed')
    const payload = JSON.stringify(completed)
    const forged = await postEvent(t, payload, 'whsec_not_the_real_one')
    expect(forged.status).toBe(400)
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid Stripe signature',
    )
    const unsigned = await t.request('/api/billing/webhook', { apiKey: null, rawBody: payload })
    expect(unsigned.status).toBe(400)
    // A signature made for this body does not carry over to another one.
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: t.billing?.webhook?.secret ?? '',
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
    })
    const altered = await t.request('/api/billing/webhook', {
      apiKey: null,
      rawBody: payload.replace(merchant.subscriptionId, 'sub_someone_else'),
      headers: { 'stripe-signature': signature },
    })
    expect(altered.status).toBe(400)
    // An old signature (replayed after Stripe's five-minute tolerance) is refused too.
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: t.billing?.webhook?.secret ?? '',
      timestamp: Math.floor(t.clock.now().getTime() / 1000) - 600,
    })
    const replayed = await t.request('/api/billing/webhook', {
      apiKey: null,
      rawBody: payload,
      headers: { 'stripe-signature': stale },
    })
    expect(replayed.status).toBe(400)
    const stored = await t.database.db
      .selectFrom('billing_events')
      .select('event_id')
      .where('account_id', '=', merchant.accountId)
      .execute()
    expect(stored).toEqual([])
    expect(await status(t, merchant)).toMatchObject({
      tier: 'free',
      subscription: null,
    })
    await deliver(t)
  })

  it('applies the same event once, however often it arrives (also in parallel)', async () => {
    const merchant = await subscribedButUndelivered()
    const completed = platformEvents(t).find((event) => event.type === 'checkout.session.completed')
    const payload = JSON.stringify(completed)
    const answers = await Promise.all(Array.from({ length: 5 }, () => postEvent(t, payload)))
    const results = await Promise.all(
      answers.map(async (res) => ((await res.json()) as { result: string }).result),
    )
    expect(answers.every((res) => res.status === 200)).toBe(true)
    expect(results.sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate'])
    const row = await platformRow(merchant.accountId)
    expect(row).toMatchObject({ subscription_id: merchant.subscriptionId, status: 'active' })
    expect(
      await t.database.db
        .selectFrom('billing_events')
        .select('event_id')
        .where('event_id', '=', completed?.id ?? '')
        .execute(),
    ).toHaveLength(1)
  })

  it('ends on the right tier when events arrive out of order', async () => {
    const merchant = await subscribedButUndelivered()
    const portal = await platformStripe(t).billingPortal.sessions.create({
      customer: (await platformRow(merchant.accountId)).customer_id,
    })
    await submitPage(t, portal.url, { action: 'cancel', subscription: merchant.subscriptionId })
    const sub = await platformStripe(t).subscriptions.retrieve(merchant.subscriptionId)
    advanceBoth(t, (sub.items.data[0]?.current_period_end ?? 0) - Math.floor(t.clock.now().getTime() / 1000))
    // Newest first as stored; Stripe may deliver in any order: the deletion first, the purchase last.
    const ours = platformEvents(t).filter((event) =>
      JSON.stringify(event.data.object).includes(merchant.subscriptionId),
    )
    expect(ours[0]?.type).toBe('customer.subscription.deleted')
    for (const event of ours) expect((await postEvent(t, JSON.stringify(event))).status).toBe(200)
    expect(await status(t, merchant)).toMatchObject({
      tier: 'free',
      source: 'starter',
      subscription: { status: 'canceled' },
      can_subscribe: true,
    })
    await t.stripe.deliverWebhooks()
  })

  it("keeps the newer live subscription when an older one's events arrive late", async () => {
    const merchant = await subscribedButUndelivered()
    const first = merchant.subscriptionId
    await platformStripe(t).subscriptions.cancel(first)
    const second = await payCheckout(t, await checkoutUrl(t, merchant.accountId, merchant.token, 'year'))
    const events = platformEvents(t)
    const about = (id: string) => events.filter((event) => JSON.stringify(event.data.object).includes(id))
    // The second subscription's news first, then everything about the first one, oldest first.
    for (const event of [...about(second).reverse(), ...about(first).reverse()]) {
      expect((await postEvent(t, JSON.stringify(event))).status).toBe(200)
    }
    expect(await status(t, merchant)).toMatchObject({
      tier: 'pro',
      source: 'subscription',
      subscription: { status: 'active', interval: 'year' },
    })
    expect((await platformRow(merchant.accountId)).subscription_id).toBe(second)
    await t.stripe.deliverWebhooks()
  })

  it('a failed renewal keeps Pro through the grace period, then Starter', async () => {
    const merchant = await subscribedButUndelivered()
    await deliver(t)
    const customer = (await platformRow(merchant.accountId)).customer_id
    const portal = await platformStripe(t).billingPortal.sessions.create({ customer })
    await submitPage(t, portal.url, { action: 'card', card: '4000000000000341' })
    await deliver(t)
    const sub = await platformStripe(t).subscriptions.retrieve(merchant.subscriptionId)
    const renewal = sub.items.data[0]?.current_period_end ?? 0
    advanceBoth(t, renewal - Math.floor(t.clock.now().getTime() / 1000))
    await deliver(t)
    const failing = await status(t, merchant)
    expect(failing).toMatchObject({
      tier: 'pro',
      source: 'grace',
      subscription: { status: 'past_due' },
      grace: { ends_at: new Date((renewal + 7 * DAY) * 1000).toISOString() },
    })
    advanceBoth(t, 6 * DAY)
    await deliver(t)
    expect((await status(t, merchant)).source).toBe('grace')
    // Stripe still retries on day 7; our grace period has ended at that very moment.
    t.clock.advance(DAY * 1000)
    expect(await status(t, merchant)).toMatchObject({
      tier: 'free',
      source: 'starter',
    })
    alignClocks(t)
    await deliver(t)
    expect((await status(t, merchant)).subscription?.status).toBe('canceled')
  })

  it('subscribing ends the trial: canceled in the portal, the account is on Starter at the period end', async () => {
    const merchant = await signUp(t)
    expect((await status(t, merchant)).source).toBe('trial')
    await payCheckout(t, await checkoutUrl(t, merchant.accountId, merchant.token))
    await deliver(t)
    expect(await status(t, merchant)).toMatchObject({ tier: 'pro', source: 'subscription', trial: null })

    const customer = (await platformRow(merchant.accountId)).customer_id
    const { subscription_id: subscription } = await platformRow(merchant.accountId)
    const portal = await platformStripe(t).billingPortal.sessions.create({ customer })
    expect(
      (await submitPage(t, portal.url, { action: 'cancel', subscription: subscription ?? '' })).status,
    ).toBe(303)
    await deliver(t)
    const canceling = await status(t, merchant)
    expect(canceling).toMatchObject({ tier: 'pro', subscription: { cancel_at_period_end: true } })
    const periodEnd = Date.parse(canceling.subscription?.current_period_end ?? '') / 1000
    advanceBoth(t, periodEnd - Math.floor(t.clock.now().getTime() / 1000) - 60)
    await deliver(t)
    expect((await status(t, merchant)).tier).toBe('pro')
    advanceBoth(t, 120)
    await deliver(t)
    expect(await status(t, merchant)).toMatchObject({
      tier: 'free',
      source: 'starter',
      trial: null,
      subscription: { status: 'canceled' },
    })
  })

  it('ignores events it does not follow, and connected accounts’ events', async () => {
    const event = {
      id: 'evt_other',
      object: 'event',
      type: 'product.created',
      created: 1,
      data: { object: {} },
    }
    const res = await postEvent(t, JSON.stringify(event))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: true, result: 'ignored' })
  })
})

describe('billing switched off', () => {
  it('answers the webhook with 404 and refuses Checkout with a plain message', async () => {
    const plain = await createTestContext()
    try {
      const res = await plain.request('/api/billing/webhook', { apiKey: null, rawBody: '{}' })
      expect(res.status).toBe(404)
      const { accountId, owner } = await plain.createAccount()
      const checkout = await plain.request(`/api/billing/checkout/${accountId}`, {
        token: owner.token,
        body: { interval: 'month' },
      })
      expect(checkout.status).toBe(409)
      expect(((await checkout.json()) as { error: { message: string } }).error.message).toMatch(
        /npm run admin -- tier/,
      )
    } finally {
      await plain.close()
    }
  })
})
