import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { monthlySubscriber, setup, stripeError } from './test-support'

const NOW = 1_800_000_000

async function monthlyPrice(stripe: Stripe, amount: number, currency = 'usd'): Promise<Stripe.Price> {
  return stripe.prices.create({
    currency,
    unit_amount: amount,
    recurring: { interval: 'month' },
    product_data: { name: `Plan ${amount}` },
  })
}

describe('subscription updates', () => {
  it('rejects coupon on update, as this API version removed it', async () => {
    const { stripe, fake } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    await stripe.coupons.create({ id: 'TEN', percent_off: 10 })
    const before = fake.mutations().length
    const error = await stripeError(
      stripe.subscriptions.update(subscription.id, { coupon: 'TEN' } as Stripe.SubscriptionUpdateParams),
    )
    expect(error).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'coupon' })
    expect(error.raw).toMatchObject({
      type: 'invalid_request_error',
      message: 'Received unknown parameter: coupon',
    })
    expect(fake.mutations()).toHaveLength(before)
  })

  it('applies discounts from coupons and promotion codes, then clears them with an empty string', async () => {
    const { stripe, fake, keys } = setup()
    const { subscription, customer } = await monthlySubscriber(stripe)
    await stripe.coupons.create({
      id: 'THREE',
      percent_off: 25,
      duration: 'repeating',
      duration_in_months: 3,
    })
    await stripe.coupons.create({ id: 'FIVEOFF', amount_off: 500, currency: 'usd', duration: 'forever' })
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: 'FIVEOFF' },
      code: 'FIVE',
    })

    const updated = await stripe.subscriptions.update(subscription.id, {
      discounts: [{ coupon: 'THREE' }, { promotion_code: promo.id }],
      expand: ['discounts'],
    })
    const [three, five] = updated.discounts as Stripe.Discount[]
    expect(three).toMatchObject({
      source: { coupon: 'THREE' },
      customer: customer.id,
      subscription: subscription.id,
    })
    expect(three?.end).toBe(Date.UTC(2027, 3, 15, 8) / 1000)
    expect(five).toMatchObject({ source: { coupon: 'FIVEOFF' }, promotion_code: promo.id, end: null })
    expect((await stripe.coupons.retrieve('THREE')).times_redeemed).toBe(1)
    expect((await stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1)

    const kept = await stripe.subscriptions.update(subscription.id, {
      discounts: [{ discount: three?.id ?? '' }],
    })
    expect(kept.discounts).toEqual([three?.id])
    const cleared = await stripe.subscriptions.update(subscription.id, { discounts: '' })
    expect(cleared.discounts).toEqual([])
    const types = fake.state(keys.id).events.map((e) => e.type)
    expect(types.filter((t) => t === 'customer.discount.created')).toHaveLength(2)
    expect(types.filter((t) => t === 'customer.discount.deleted')).toHaveLength(2)
  })

  it('refuses exhausted coupons and currency-mismatched amount coupons without changing anything', async () => {
    const { stripe, fake } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    await stripe.coupons.create({ id: 'ONEUSE', percent_off: 10, max_redemptions: 1 })
    await stripe.coupons.create({ id: 'EURO', amount_off: 100, currency: 'eur' })
    await stripe.subscriptions.update(subscription.id, { discounts: [{ coupon: 'ONEUSE' }] })
    const other = await monthlySubscriber(stripe)
    const exhausted = await stripeError(
      stripe.subscriptions.update(other.subscription.id, { discounts: [{ coupon: 'ONEUSE' }] }),
    )
    expect(exhausted).toMatchObject({ code: 'coupon_expired', param: 'discounts[0][coupon]' })
    const mutationsBefore = fake.mutations().length
    const euro = await stripeError(
      stripe.subscriptions.update(other.subscription.id, {
        discounts: [{ coupon: 'EURO' }],
        metadata: { a: 'b' },
      }),
    )
    expect(euro.param).toBe('discounts[0][coupon]')
    expect((await stripe.subscriptions.retrieve(other.subscription.id)).metadata).toEqual({})
    expect(fake.mutations()).toHaveLength(mutationsBefore)
  })

  it('swaps prices with prorations and keeps the period', async () => {
    const { stripe, fake, keys } = setup()
    const { subscription } = await monthlySubscriber(stripe, { amount: 3000 })
    const team = await monthlyPrice(stripe, 9000)
    const item = subscription.items.data[0] as Stripe.SubscriptionItem
    const half = Math.floor((item.current_period_end - item.current_period_start) / 2)
    fake.clock.advance(half)
    const swapped = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: team.id }],
      proration_behavior: 'create_prorations',
    })
    const swappedItem = swapped.items.data[0] as Stripe.SubscriptionItem
    expect(swappedItem).toMatchObject({ id: item.id, price: { id: team.id }, quantity: 1 })
    expect(swappedItem.current_period_end).toBe(item.current_period_end)
    expect(swapped.metadata).toEqual({})
    const lines = fake.state(keys.id).invoiceItems
    expect(lines.map((l) => l.amount).sort((a, b) => a - b)).toEqual([-1500, 4500])
    expect(lines.every((l) => l.proration && l.invoice === null && l.subscription === subscription.id)).toBe(
      true,
    )
    const pending = await fake.fetch(`https://api.stripe.com/v1/invoiceitems?pending=true`, {
      headers: { Authorization: `Bearer ${keys.secretKey}` },
    })
    expect(((await pending.json()) as { data: unknown[] }).data).toHaveLength(2)

    const basic = await monthlyPrice(stripe, 1000)
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: basic.id }],
      proration_behavior: 'none',
    })
    expect(fake.state(keys.id).invoiceItems).toHaveLength(2)
  })

  it('restarts the period when the interval changes (monthly to annual)', async () => {
    const { stripe, fake } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    const annual = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 29000,
      recurring: { interval: 'year' },
      product_data: { name: 'Pro annual' },
    })
    fake.clock.advance(86_400)
    const item = subscription.items.data[0] as Stripe.SubscriptionItem
    const switched = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: annual.id }],
    })
    expect(switched.items.data[0]).toMatchObject({
      current_period_start: NOW + 86_400,
      current_period_end: Date.UTC(2028, 0, 16, 8) / 1000,
    })
  })

  it('refuses inactive prices, other currencies and an empty item list', async () => {
    const { stripe } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    const item = subscription.items.data[0] as Stripe.SubscriptionItem
    const retired = await monthlyPrice(stripe, 500)
    await stripe.prices.update(retired.id, { active: false })
    const inactive = await stripeError(
      stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: retired.id }] }),
    )
    expect(inactive).toMatchObject({ param: 'items[0][price]' })
    expect(inactive.message).toContain('inactive')
    const euro = await monthlyPrice(stripe, 500, 'eur')
    const currency = await stripeError(
      stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: euro.id }] }),
    )
    expect(currency.message).toContain('mismatch in currency')
    const empty = await stripeError(
      stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, deleted: true }] }),
    )
    expect(empty.param).toBe('items')
    const unknownItem = await stripeError(
      stripe.subscriptions.update(subscription.id, { items: [{ id: 'si_nope', quantity: 2 }] }),
    )
    expect(unknownItem).toMatchObject({ statusCode: 404, param: 'items[0][id]' })
    const badBehavior = await stripeError(
      stripe.subscriptions.update(subscription.id, { proration_behavior: 'sometimes' as 'none' }),
    )
    expect(badBehavior.message).toBe(
      'Invalid proration_behavior: must be one of always_invoice, create_prorations, or none',
    )
  })

  it('sets and clears pause_collection', async () => {
    const { stripe } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    const paused = await stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: 'keep_as_draft', resumes_at: NOW + 86_400 },
    })
    expect(paused).toMatchObject({
      status: 'active',
      pause_collection: { behavior: 'keep_as_draft', resumes_at: NOW + 86_400 },
    })
    const badBehavior = await stripeError(
      stripe.subscriptions.update(subscription.id, { pause_collection: { behavior: 'freeze' as 'void' } }),
    )
    expect(badBehavior.param).toBe('pause_collection[behavior]')
    const resumed = await stripe.subscriptions.update(subscription.id, { pause_collection: '' })
    expect(resumed.pause_collection).toBeNull()
  })
})

describe('trial_end on update', () => {
  it('moves a trial end forward, refuses one in the past, and ends the trial with now', async () => {
    const { stripe, fake } = setup()
    const price = await monthlyPrice(stripe, 900)
    const customer = await stripe.customers.create({})
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 7,
    })
    const extended = await stripe.subscriptions.update(sub.id, {
      trial_end: NOW + 21 * 86_400,
      proration_behavior: 'none',
    })
    expect(extended).toMatchObject({ status: 'trialing', trial_start: NOW, trial_end: NOW + 21 * 86_400 })
    expect(extended.items.data[0]?.current_period_end).toBe(NOW + 21 * 86_400)

    const before = fake.mutations().length
    const past = await stripeError(stripe.subscriptions.update(sub.id, { trial_end: NOW - 60 }))
    expect(past).toMatchObject({ statusCode: 400, param: 'trial_end' })
    expect(past.message).toBe('Invalid timestamp: must be an integer Unix timestamp in the future.')
    expect(fake.mutations()).toHaveLength(before)

    const ended = await stripe.subscriptions.update(sub.id, { trial_end: 'now' })
    expect(ended).toMatchObject({ status: 'active', trial_end: NOW })
  })
})

describe('pause, resume and migrate endpoints', () => {
  it('refuses to pause a classic billing mode subscription', async () => {
    const { stripe, fake } = setup()
    const { subscription } = await monthlySubscriber(stripe, { billingMode: 'classic' })
    const before = fake.mutations().length
    const error = await stripeError(stripe.subscriptions.pause(subscription.id))
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', param: 'billing_mode' })
    expect(error.message).toContain('`classic` billing mode')
    expect(fake.mutations()).toHaveLength(before)
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
  })

  it('pauses a flexible subscription and resumes only a paused one', async () => {
    const { stripe, fake, keys } = setup()
    const { subscription } = await monthlySubscriber(stripe, { billingMode: 'flexible' })
    const notPaused = await stripeError(stripe.subscriptions.resume(subscription.id))
    expect(notPaused.message).toContain('Only subscriptions with `status=paused` can be resumed')
    const paused = await stripe.subscriptions.pause(subscription.id, { type: 'subscription' })
    expect(paused).toMatchObject({
      status: 'paused',
      status_details: {
        paused: { type: 'subscription', transitioned_at: NOW, subscription: { type: 'pause_requested' } },
      },
    })
    expect((await stripeError(stripe.subscriptions.pause(subscription.id))).message).toContain(
      'already paused',
    )
    fake.clock.advance(10 * 86_400)
    const resumed = await stripe.subscriptions.resume(subscription.id, {
      billing_cycle_anchor: { type: 'now' },
    })
    expect(resumed.status).toBe('active')
    expect(resumed.items.data[0]?.current_period_start).toBe(NOW + 10 * 86_400)
    const types = fake.state(keys.id).events.map((e) => e.type)
    expect(types).toContain('customer.subscription.paused')
    expect(types).toContain('customer.subscription.resumed')
  })

  it('migrates classic to flexible, after which pause works', async () => {
    const { stripe } = setup()
    const { subscription } = await monthlySubscriber(stripe, { billingMode: 'classic' })
    const migrated = await stripe.subscriptions.migrate(subscription.id, {
      billing_mode: { type: 'flexible' },
    })
    expect(migrated.billing_mode).toMatchObject({ type: 'flexible', updated_at: NOW })
    expect((await stripe.subscriptions.pause(subscription.id)).status).toBe('paused')
  })
})
