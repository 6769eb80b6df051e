import { describe, expect, it } from 'vitest'
import { createStripeClient } from './client'
import { monthlySubscriber, setup, stripeError } from './test-support'

describe('idempotency', () => {
  it('replays the stored response for the same key and params, and mutates once', async () => {
    const { stripe, fake, keys } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    const start = fake.mutations().length
    const call = () =>
      stripe.subscriptions.update(
        subscription.id,
        { cancel_at_period_end: true, metadata: { flow: 'cancel' } },
        { idempotencyKey: 'cancel-flow-1' },
      )
    const first = await call()
    fake.clock.advance(60)
    const second = await call()
    expect(second).toEqual(first)
    expect(second.lastResponse.idempotencyKey).toBe('cancel-flow-1')

    const writes = fake.mutations().slice(start)
    expect(writes).toHaveLength(1)
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscription.id}`,
      idempotencyKey: 'cancel-flow-1',
    })
    expect(fake.requests.filter((r) => r.idempotencyKey === 'cancel-flow-1').map((r) => r.replayed)).toEqual([
      false,
      true,
    ])
    // The replay emitted no second event.
    const updates = fake.state(keys.id).events.filter((e) => e.type === 'customer.subscription.updated')
    expect(updates).toHaveLength(1)
  })

  it('marks replays with the Idempotent-Replayed header', async () => {
    const { fake, keys } = setup()
    const send = () =>
      fake.fetch('https://api.stripe.com/v1/customers', {
        method: 'POST',
        headers: { Authorization: `Bearer ${keys.secretKey}`, 'Idempotency-Key': 'raw-1' },
        body: 'email=raw%40example.com',
      })
    const first = await send()
    const second = await send()
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await second.text()).toBe(await first.text())
  })

  it('replays creates without creating a second object', async () => {
    const { stripe, fake, keys } = setup()
    const a = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'create-1' })
    const b = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'create-1' })
    expect(b.id).toBe(a.id)
    expect(fake.state(keys.id).customers).toHaveLength(1)
  })

  it('refuses the same key with different params, or on another endpoint', async () => {
    const { stripe, fake } = setup()
    await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'key-1' })
    const changed = await stripeError(
      stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'key-1' }),
    )
    expect(changed.type).toBe('StripeIdempotencyError')
    expect(changed.statusCode).toBe(400)
    expect(changed.raw).toMatchObject({ type: 'idempotency_error' })
    expect(changed.message).toContain('can only be used with the same parameters')
    const elsewhere = await stripeError(stripe.products.create({ name: 'X' }, { idempotencyKey: 'key-1' }))
    expect(elsewhere.type).toBe('StripeIdempotencyError')
    expect(elsewhere.message).toContain('same endpoint')
    expect(fake.mutations()).toHaveLength(1)
  })

  it('replays a stored error too, but not a request that failed validation', async () => {
    const { stripe } = setup()
    const missing = await stripeError(
      stripe.customers.update('cus_missing', { name: 'X' }, { idempotencyKey: 'err-1' }),
    )
    expect(missing.statusCode).toBe(404)
    const replayed = await stripeError(
      stripe.customers.update('cus_missing', { name: 'X' }, { idempotencyKey: 'err-1' }),
    )
    expect(replayed.statusCode).toBe(404)
    expect(replayed.headers?.['idempotent-replayed']).toBe('true')

    // Invalid params never start executing, so the key stays free for a corrected retry.
    const invalid = await stripeError(
      stripe.coupons.create(
        { percent_off: 10, duration: 'sometimes' as 'once' },
        { idempotencyKey: 'fix-me' },
      ),
    )
    expect(invalid.statusCode).toBe(400)
    const corrected = await stripe.coupons.create(
      { percent_off: 10, duration: 'once' },
      { idempotencyKey: 'fix-me' },
    )
    expect(corrected.duration).toBe('once')
  })

  it('scopes keys to the account', async () => {
    const { stripe, fake } = setup()
    const other = fake.createAccount()
    const otherStripe = createStripeClient(fake, other.secretKey)
    const mine = await stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'shared' })
    const theirs = await otherStripe.customers.create(
      { email: 'x@example.com' },
      { idempotencyKey: 'shared' },
    )
    expect(theirs.id).not.toBe(mine.id)
  })

  it('rolls back a write that fails part-way', async () => {
    const { stripe, fake, keys } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    await stripe.coupons.create({ id: 'GOOD', percent_off: 10 })
    // The first discount is valid, the second is not: nothing of the request may stick.
    const error = await stripeError(
      stripe.subscriptions.update(subscription.id, {
        metadata: { step: 'two' },
        discounts: [{ coupon: 'GOOD' }, { coupon: 'MISSING' }],
      }),
    )
    expect(error.statusCode).toBe(404)
    const after = await stripe.subscriptions.retrieve(subscription.id)
    expect(after.metadata).toEqual({})
    expect(after.discounts).toEqual([])
    expect((await stripe.coupons.retrieve('GOOD')).times_redeemed).toBe(0)
    expect(fake.state(keys.id).discounts).toHaveLength(0)
  })
})
