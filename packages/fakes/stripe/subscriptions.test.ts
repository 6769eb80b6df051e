import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { monthlySubscriber, setup, stripeError } from './test-support'

const NOW = 1_800_000_000

describe('subscriptions: create, retrieve, list', () => {
  it('creates a subscription whose periods live on its items', async () => {
    const { stripe } = setup()
    const { subscription, price, customer } = await monthlySubscriber(stripe, {
      extra: { metadata: { source: 'test' } },
    })
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      currency: 'usd',
      start_date: NOW,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      pause_collection: null,
      discounts: [],
      billing_mode: { type: 'classic' },
      latest_invoice: null,
      metadata: { source: 'test' },
      livemode: false,
    })
    expect(subscription.id).toMatch(/^sub_/)
    // In this API version the period fields exist only on items.
    expect(subscription).not.toHaveProperty('current_period_end')
    const item = subscription.items.data[0] as Stripe.SubscriptionItem
    expect(item.id).toMatch(/^si_/)
    expect(item).toMatchObject({
      quantity: 1,
      current_period_start: NOW,
      price: { id: price.id, object: 'price' },
    })
    // One calendar month later (NOW is 2027-01-15T08:00Z), not a fixed 30 days.
    expect(item.current_period_end).toBe(Date.UTC(2027, 1, 15, 8) / 1000)
  })

  it('defaults to flexible billing mode and supports trials', async () => {
    const { stripe } = setup()
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 1000,
      recurring: { interval: 'year' },
      product_data: { name: 'Annual' },
    })
    const customer = await stripe.customers.create({})
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 3 }],
      trial_period_days: 14,
    })
    expect(sub.billing_mode.type).toBe('flexible')
    expect(sub).toMatchObject({ status: 'trialing', trial_start: NOW, trial_end: NOW + 14 * 86_400 })
    expect(sub.items.data[0]).toMatchObject({ quantity: 3, current_period_end: NOW + 14 * 86_400 })
  })

  it('rejects the removed coupon param, missing params and bad prices', async () => {
    const { stripe } = setup()
    const { customer, price } = await monthlySubscriber(stripe)
    await stripe.coupons.create({ id: 'TEN', percent_off: 10 })
    const removed = await stripeError(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        coupon: 'TEN',
      } as Stripe.SubscriptionCreateParams),
    )
    expect(removed).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'coupon' })
    expect(removed.message).toBe('Received unknown parameter: coupon')
    const noCustomer = await stripeError(stripe.subscriptions.create({ items: [{ price: price.id }] }))
    expect(noCustomer).toMatchObject({ code: 'parameter_missing', param: 'customer' })
    const noItems = await stripeError(stripe.subscriptions.create({ customer: customer.id }))
    expect(noItems).toMatchObject({ code: 'parameter_missing', param: 'items' })
    const ghost = await stripeError(
      stripe.subscriptions.create({ customer: 'cus_ghost', items: [{ price: price.id }] }),
    )
    expect(ghost).toMatchObject({
      statusCode: 404,
      message: "No such customer: 'cus_ghost'",
      param: 'customer',
    })
    const oneTime = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 100,
      product_data: { name: 'Setup' },
    })
    const notRecurring = await stripeError(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: oneTime.id }] }),
    )
    expect(notRecurring.message).toContain('only accepts prices with `type=recurring`')
    const euro = await stripe.prices.create({
      currency: 'eur',
      unit_amount: 100,
      recurring: { interval: 'month' },
      product_data: { name: 'EU' },
    })
    const mixed = await stripeError(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }, { price: euro.id }],
      }),
    )
    expect(mixed.message).toContain('Found mismatch in currency field')
    const invalidQuantity = await stripeError(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id, quantity: 'two' as unknown as number }],
      }),
    )
    expect(invalidQuantity).toMatchObject({ code: 'parameter_invalid_integer', param: 'items[0][quantity]' })
  })

  it('lists by customer, price and status, hiding canceled ones by default', async () => {
    const { stripe } = setup()
    const first = await monthlySubscriber(stripe)
    const second = await monthlySubscriber(stripe)
    await stripe.subscriptions.cancel(second.subscription.id)
    const ids = async (params: Stripe.SubscriptionListParams) =>
      (await stripe.subscriptions.list(params)).data.map((s) => s.id)
    expect(await ids({})).toEqual([first.subscription.id])
    expect(await ids({ status: 'all' })).toEqual([second.subscription.id, first.subscription.id])
    expect(await ids({ status: 'canceled' })).toEqual([second.subscription.id])
    expect(await ids({ customer: first.customer.id, status: 'all' })).toEqual([first.subscription.id])
    expect(await ids({ price: second.price.id, status: 'all' })).toEqual([second.subscription.id])
  })

  it('expands customer, discounts and items.data.price.product', async () => {
    const { stripe } = setup()
    await stripe.coupons.create({ id: 'TEN', percent_off: 10 })
    const { subscription } = await monthlySubscriber(stripe, { extra: { discounts: [{ coupon: 'TEN' }] } })
    const expanded = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['customer', 'discounts', 'items.data.price.product'],
    })
    expect((expanded.customer as Stripe.Customer).email).toBe('sub@example.com')
    const discount = expanded.discounts[0] as Stripe.Discount
    expect(discount).toMatchObject({
      object: 'discount',
      source: { type: 'coupon', coupon: 'TEN' },
      start: NOW,
      end: null,
    })
    expect(discount.id).toMatch(/^di_/)
    expect(((expanded.items.data[0] as Stripe.SubscriptionItem).price.product as Stripe.Product).name).toBe(
      'Pro',
    )
    const deep = await stripe.subscriptions.retrieve(subscription.id, { expand: ['discounts.source.coupon'] })
    expect(((deep.discounts[0] as Stripe.Discount).source.coupon as Stripe.Coupon).percent_off).toBe(10)
    const listed = await stripe.subscriptions.list({ expand: ['data.customer'] })
    expect(((listed.data[0] as Stripe.Subscription).customer as Stripe.Customer).object).toBe('customer')
  })
})

describe('subscriptions: cancel', () => {
  it('cancels immediately with cancellation details and refuses to cancel twice', async () => {
    const { stripe, fake, keys } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    fake.clock.advance(3600)
    const canceled = await stripe.subscriptions.cancel(subscription.id, {
      cancellation_details: { comment: 'Too pricey', feedback: 'too_expensive' },
    })
    expect(canceled).toMatchObject({
      status: 'canceled',
      canceled_at: NOW + 3600,
      ended_at: NOW + 3600,
      cancellation_details: {
        comment: 'Too pricey',
        feedback: 'too_expensive',
        reason: 'cancellation_requested',
      },
    })
    // Stripe treats a canceled subscription as gone for another cancel.
    const again = await stripeError(stripe.subscriptions.cancel(subscription.id))
    expect(again).toMatchObject({ statusCode: 404, code: 'resource_missing' })
    expect(again.message).toBe(`No such subscription: '${subscription.id}'`)
    const badFeedback = await stripeError(
      stripe.subscriptions.cancel(subscription.id, {
        cancellation_details: { feedback: 'bored' as 'other' },
      }),
    )
    expect(badFeedback.param).toBe('cancellation_details[feedback]')
    expect(fake.state(keys.id).events[0]?.type).toBe('customer.subscription.deleted')
  })

  it('lets a canceled subscription change only its metadata and cancellation details', async () => {
    const { stripe } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    await stripe.subscriptions.cancel(subscription.id)
    const blocked = await stripeError(
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }),
    )
    expect(blocked).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' })
    expect(blocked.message).toBe(
      'A canceled subscription can only update its cancellation_details and metadata.',
    )
    const allowed = await stripe.subscriptions.update(subscription.id, {
      metadata: { churn: 'price' },
      cancellation_details: { comment: 'Exit survey' },
    })
    expect(allowed.metadata).toEqual({ churn: 'price' })
    expect(allowed.cancellation_details?.comment).toBe('Exit survey')
  })

  it('schedules and unschedules a cancellation at period end', async () => {
    const { stripe } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    const periodEnd = subscription.items.data[0]?.current_period_end
    const scheduled = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
      cancellation_details: { feedback: 'missing_features' },
    })
    expect(scheduled).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      canceled_at: NOW,
      cancellation_details: { feedback: 'missing_features', reason: 'cancellation_requested' },
    })
    const kept = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false })
    expect(kept).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null })
  })

  it('cancels the subscriptions of a deleted customer', async () => {
    const { stripe } = setup()
    const { subscription, customer } = await monthlySubscriber(stripe)
    await stripe.customers.del(customer.id)
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled')
  })
})
