import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { createStripeClient } from './client'
import { monthlySubscriber, setup, stripeError } from './test-support'

describe('request log, state snapshots and reset', () => {
  it('logs every request with its account, params, status and fake-clock time', async () => {
    const { fake, stripe, keys } = setup()
    fake.clock.advance(5)
    await stripe.customers.create({ email: 'log@example.com', metadata: { a: '1' } })
    await stripeError(stripe.customers.retrieve('cus_missing'))
    await stripe.customers.list({ limit: 2 })
    expect(fake.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/v1/customers', 200],
      ['GET', '/v1/customers/cus_missing', 404],
      ['GET', '/v1/customers', 200],
    ])
    expect(fake.requests[0]).toMatchObject({
      accountId: keys.id,
      params: { email: 'log@example.com', metadata: { a: '1' } },
      replayed: false,
      at: 1_800_000_005,
      response: { object: 'customer', email: 'log@example.com' },
    })
    expect(fake.requests[0]?.idempotencyKey).toMatch(/^stripe-node-retry-/)
    expect(fake.requests[2]).toMatchObject({ params: { limit: '2' }, idempotencyKey: null })
    expect(fake.mutations().map((m) => m.path)).toEqual(['/v1/customers'])
  })

  it('filters mutations by account', async () => {
    const { fake, stripe, keys } = setup()
    const other = fake.createAccount()
    await stripe.products.create({ name: 'Mine' })
    await createStripeClient(fake, other.secretKey).products.create({ name: 'Theirs' })
    expect(fake.mutations({ accountId: keys.id })).toHaveLength(1)
    expect(fake.mutations({ accountId: other.id })[0]?.params).toEqual({ name: 'Theirs' })
  })

  it('returns deep copies from state() so tests cannot corrupt the fake', async () => {
    const { fake, stripe, keys } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    const snapshot = fake.state(keys.id)
    expect(snapshot.subscriptions[0]).toMatchObject({ id: subscription.id, items: { object: 'list' } })
    expect(snapshot.account).toMatchObject({ id: keys.id, object: 'account' })
    ;(snapshot.customers[0] as { email: string | null }).email = 'tampered@example.com'
    const fresh = (await stripe.customers.retrieve(snapshot.customers[0]?.id ?? '')) as Stripe.Customer
    expect(fresh.email).toBe('sub@example.com')
    expect(() => fake.state('acct_unknown')).toThrow(/Unknown fake account/)
  })

  it('forgets everything on reset()', async () => {
    const { fake, stripe, keys } = setup()
    await stripe.customers.create({})
    fake.reset()
    expect(fake.requests).toHaveLength(0)
    expect(() => fake.state(keys.id)).toThrow()
    expect((await stripeError(stripe.customers.list())).statusCode).toBe(401)
  })

  it('answers methods it does not serve with 404, like Stripe', async () => {
    const { fake, keys } = setup()
    const response = await fake.fetch('https://api.stripe.com/v1/customers', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${keys.secretKey}` },
      body: 'email=x',
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('request-id')).toMatch(/^req_/)
  })
})
