import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { createStripeClient } from './client'
import { createStripeFake } from './fake'
import { monthlySubscriber, setup, stripeError } from './test-support'

interface Received {
  url: string
  payload: string
  signature: string
}

/** A webhook receiver in process: records what the fake POSTs instead of opening a socket. */
function receiver(status = 200) {
  const received: Received[] = []
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const headers = new Headers(init.headers)
    received.push({ url, payload: String(init.body), signature: headers.get('stripe-signature') ?? '' })
    return new Response('ok', { status })
  }
  return { received, fetch }
}

describe('webhook endpoints and events', () => {
  it('creates an endpoint whose secret is shown once, and lists events newest first', async () => {
    const { stripe } = setup()
    const endpoint = await stripe.webhookEndpoints.create({
      url: 'https://merchant.example/webhooks/stripe',
      enabled_events: ['customer.subscription.updated', 'customer.subscription.deleted'],
    })
    expect(endpoint).toMatchObject({
      object: 'webhook_endpoint',
      status: 'enabled',
      api_version: '2026-10-28.endive',
    })
    expect(endpoint.id).toMatch(/^we_/)
    expect(endpoint.secret).toMatch(/^whsec_/)
    expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).secret).toBeUndefined()
    const bad = await stripeError(
      stripe.webhookEndpoints.create({ url: 'ftp://nope', enabled_events: ['*'] }),
    )
    expect(bad.param).toBe('url')

    await stripe.coupons.create({ id: 'EV', percent_off: 10 })
    const { subscription } = await monthlySubscriber(stripe)
    const events = await stripe.events.list({ limit: 100 })
    expect(events.data.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'customer.created',
      'price.created',
      'product.created',
      'coupon.created',
    ])
    const created = events.data[0] as Stripe.Event
    expect(created).toMatchObject({
      object: 'event',
      api_version: '2026-10-28.endive',
      livemode: false,
      pending_webhooks: 0,
      data: { object: { id: subscription.id, object: 'subscription' } },
    })
    expect(created.request?.idempotency_key).toMatch(/^stripe-node-retry-/)
    expect((await stripe.events.retrieve(created.id)).id).toBe(created.id)
    expect((await stripe.events.list({ type: 'coupon.created' })).data).toHaveLength(1)
    expect((await stripe.events.list({ type: 'customer.subscription.*' })).data).toHaveLength(1)
  })

  it('delivers signed events that stripe.webhooks.constructEvent accepts', async () => {
    const hook = receiver()
    const { stripe, fake } = setup({ webhooks: { fetch: hook.fetch } })
    const endpoint = await stripe.webhookEndpoints.create({
      url: 'https://retainkit.example/api/stripe/webhook',
      enabled_events: [
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'customer.discount.created',
      ],
    })
    const { subscription } = await monthlySubscriber(stripe)
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })
    expect(hook.received).toHaveLength(0)

    const results = await fake.deliverWebhooks()
    expect(results).toEqual([
      expect.objectContaining({ type: 'customer.subscription.updated', status: 200, ok: true }),
    ])
    const [delivery] = hook.received
    expect(delivery?.url).toBe('https://retainkit.example/api/stripe/webhook')
    const event = stripe.webhooks.constructEvent(
      delivery?.payload ?? '',
      delivery?.signature ?? '',
      endpoint.secret ?? '',
    )
    expect(event.type).toBe('customer.subscription.updated')
    const object = event.data.object as Stripe.Subscription
    expect(object).toMatchObject({ id: subscription.id, cancel_at_period_end: true })
    expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null })
    expect(() =>
      stripe.webhooks.constructEvent(delivery?.payload ?? '', delivery?.signature ?? '', 'whsec_wrong'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError)
    // Delivered events are no longer pending.
    expect((await stripe.events.retrieve(event.id)).pending_webhooks).toBe(0)
    expect(await fake.deliverWebhooks()).toEqual([])
  })

  it('delivers clock-driven transitions and records failed deliveries', async () => {
    const hook = receiver(500)
    const { stripe, fake } = setup({ webhooks: { fetch: hook.fetch } })
    await stripe.webhookEndpoints.create({ url: 'https://retainkit.example/hook', enabled_events: ['*'] })
    const { subscription } = await monthlySubscriber(stripe)
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })
    await fake.deliverWebhooks()
    fake.clock.advance(40 * 86_400)
    const results = await fake.deliverWebhooks()
    expect(results.map((r) => r.type)).toEqual(['customer.subscription.deleted'])
    expect(results[0]).toMatchObject({ status: 500, ok: false })
    expect((await stripe.events.retrieve(results[0]?.eventId ?? '')).pending_webhooks).toBe(1)
    expect(fake.deliveries.length).toBeGreaterThan(3)
  })

  it('delivers automatically when asked to', async () => {
    const hook = receiver()
    const { stripe } = setup({ webhooks: { fetch: hook.fetch, autoDeliver: true } })
    const endpoint = await stripe.webhookEndpoints.create({
      url: 'https://r.example/h',
      enabled_events: ['coupon.created'],
    })
    await stripe.coupons.create({ id: 'AUTO', percent_off: 5 })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(hook.received).toHaveLength(1)
    const event = stripe.webhooks.constructEvent(
      hook.received[0]?.payload ?? '',
      hook.received[0]?.signature ?? '',
      endpoint.secret ?? '',
    )
    expect((event.data.object as Stripe.Coupon).id).toBe('AUTO')
  })

  it("sends a connected account's events to its platform's Connect endpoints, with the account id", async () => {
    const hook = receiver()
    const fake = createStripeFake({ webhooks: { fetch: hook.fetch } })
    const platform = fake.createAccount({ businessName: 'Retainkit' })
    const merchant = fake.createAccount({ platformAccountId: platform.id })
    const platformStripe = createStripeClient(fake, platform.secretKey)
    const connectEndpoint = await platformStripe.webhookEndpoints.create({
      url: 'https://retainkit.example/connect',
      enabled_events: ['customer.created'],
      connect: true,
    })
    await platformStripe.webhookEndpoints.create({
      url: 'https://retainkit.example/own',
      enabled_events: ['customer.created'],
    })
    await createStripeClient(fake, merchant.secretKey).customers.create({ email: 'm@example.com' })
    await fake.deliverWebhooks()
    expect(hook.received.map((r) => r.url)).toEqual(['https://retainkit.example/connect'])
    const event = platformStripe.webhooks.constructEvent(
      hook.received[0]?.payload ?? '',
      hook.received[0]?.signature ?? '',
      connectEndpoint.secret ?? '',
    )
    expect(event.account).toBe(merchant.id)
  })
})

describe('event payloads', () => {
  it('are not affected by the expansions of the response that caused them', async () => {
    const { stripe, fake, keys } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    await stripe.subscriptions.update(subscription.id, { metadata: { a: 'b' }, expand: ['customer'] })
    const update = fake.state(keys.id).events.find((e) => e.type === 'customer.subscription.updated')
    expect(typeof update?.data.object.customer).toBe('string')
    expect(update?.data.previous_attributes).toEqual({ metadata: {} })
  })

  it('skip updates that change nothing', async () => {
    const { stripe, fake, keys } = setup()
    const customer = await stripe.customers.create({ name: 'Same' })
    await stripe.customers.update(customer.id, { name: 'Same' })
    expect(fake.state(keys.id).events.map((e) => e.type)).toEqual(['customer.created'])
  })
})
