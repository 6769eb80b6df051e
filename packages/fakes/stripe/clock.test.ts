import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { monthlySubscriber, setup } from './test-support'

const NOW = 1_800_000_000
const DAY = 86_400
const at = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day, 8) / 1000

describe('the fake clock', () => {
  it('starts from the given base and only moves forward', () => {
    const { fake } = setup()
    expect(fake.clock.now()).toBe(NOW)
    expect(fake.clock.advance(90)).toBe(NOW + 90)
    expect(() => fake.clock.advanceTo(NOW)).toThrow(RangeError)
    expect(() => fake.clock.advance(-1)).toThrow(RangeError)
  })

  it('cancels a subscription at the end of its period when cancel_at_period_end is set', async () => {
    const { stripe, fake, keys } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    const periodEnd = (subscription.items.data[0] as Stripe.SubscriptionItem).current_period_end
    fake.clock.advance(DAY)
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })

    fake.clock.advanceTo(periodEnd - 1)
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
    fake.clock.advance(DAY)
    const ended = await stripe.subscriptions.retrieve(subscription.id)
    expect(ended).toMatchObject({
      status: 'canceled',
      ended_at: periodEnd,
      canceled_at: NOW + DAY,
      cancel_at: periodEnd,
      cancellation_details: { reason: 'cancellation_requested' },
    })
    // Still the last period: a canceled subscription does not renew.
    expect(ended.items.data[0]?.current_period_end).toBe(periodEnd)
    const deleted = fake.state(keys.id).events.find((e) => e.type === 'customer.subscription.deleted')
    expect(deleted).toMatchObject({ created: periodEnd, request: { id: null, idempotency_key: null } })
    expect(deleted?.data.object).toMatchObject({ id: subscription.id, status: 'canceled' })
  })

  it('ends a collection pause when resumes_at passes', async () => {
    const { stripe, fake, keys } = setup()
    const { subscription } = await monthlySubscriber(stripe)
    await stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: 'void', resumes_at: NOW + 7 * DAY },
    })
    fake.clock.advance(6 * DAY)
    expect((await stripe.subscriptions.retrieve(subscription.id)).pause_collection).not.toBeNull()
    fake.clock.advance(2 * DAY)
    expect((await stripe.subscriptions.retrieve(subscription.id)).pause_collection).toBeNull()
    const update = fake
      .state(keys.id)
      .events.find((e) => e.type === 'customer.subscription.updated' && e.created === NOW + 7 * DAY)
    expect(update?.data.previous_attributes).toEqual({
      pause_collection: { behavior: 'void', resumes_at: NOW + 7 * DAY },
    })
  })

  it('ends trials and starts the first paid period', async () => {
    const { stripe, fake } = setup()
    const { subscription } = await monthlySubscriber(stripe, { extra: { trial_period_days: 7 } })
    expect(subscription.status).toBe('trialing')
    fake.clock.advance(8 * DAY)
    const active = await stripe.subscriptions.retrieve(subscription.id)
    expect(active.status).toBe('active')
    expect(active.items.data[0]).toMatchObject({
      current_period_start: NOW + 7 * DAY,
      current_period_end: at(2027, 2, 22),
    })
  })

  it('rolls item periods over month by month, ending coupons as their duration says', async () => {
    const { stripe, fake, keys } = setup()
    await stripe.coupons.create({ id: 'TWO', percent_off: 10, duration: 'repeating', duration_in_months: 2 })
    await stripe.coupons.create({ id: 'ONCE', percent_off: 50, duration: 'once' })
    await stripe.coupons.create({ id: 'ALWAYS', percent_off: 5, duration: 'forever' })
    const { subscription } = await monthlySubscriber(stripe, {
      extra: { discounts: [{ coupon: 'TWO' }, { coupon: 'ONCE' }, { coupon: 'ALWAYS' }] },
    })
    const coupons = async () => {
      const sub = await stripe.subscriptions.retrieve(subscription.id, { expand: ['discounts'] })
      return (sub.discounts as Stripe.Discount[]).map((d) => d.source.coupon)
    }
    expect(await coupons()).toEqual(['TWO', 'ONCE', 'ALWAYS'])

    fake.clock.advanceTo(at(2027, 2, 15))
    let sub = await stripe.subscriptions.retrieve(subscription.id)
    expect(sub.items.data[0]).toMatchObject({
      current_period_start: at(2027, 2, 15),
      current_period_end: at(2027, 3, 15),
    })
    expect(await coupons()).toEqual(['TWO', 'ALWAYS'])

    fake.clock.advanceTo(at(2027, 5, 1))
    sub = await stripe.subscriptions.retrieve(subscription.id)
    expect(sub.items.data[0]).toMatchObject({
      current_period_start: at(2027, 4, 15),
      current_period_end: at(2027, 5, 15),
    })
    expect(await coupons()).toEqual(['ALWAYS'])
    const types = fake.state(keys.id).events.map((e) => e.type)
    expect(types.filter((t) => t === 'customer.discount.deleted')).toHaveLength(2)
    expect(types.filter((t) => t === 'customer.subscription.updated').length).toBeGreaterThanOrEqual(3)
  })

  it('renews on the anchor day, clamped to shorter months without drifting', async () => {
    const { stripe, fake } = setup({ now: () => at(2027, 1, 31) })
    const { subscription } = await monthlySubscriber(stripe)
    expect(subscription.items.data[0]?.current_period_end).toBe(at(2027, 2, 28))
    fake.clock.advanceTo(at(2027, 3, 1))
    let sub = await stripe.subscriptions.retrieve(subscription.id)
    expect(sub.items.data[0]).toMatchObject({
      current_period_start: at(2027, 2, 28),
      current_period_end: at(2027, 3, 31),
    })
    fake.clock.advanceTo(at(2027, 4, 1))
    sub = await stripe.subscriptions.retrieve(subscription.id)
    expect(sub.items.data[0]).toMatchObject({
      current_period_start: at(2027, 3, 31),
      current_period_end: at(2027, 4, 30),
    })
  })

  it('does not renew a subscription paused through the pause endpoint', async () => {
    const { stripe, fake } = setup()
    const { subscription } = await monthlySubscriber(stripe, { billingMode: 'flexible' })
    await stripe.subscriptions.pause(subscription.id)
    fake.clock.advance(90 * DAY)
    const sub = await stripe.subscriptions.retrieve(subscription.id)
    expect(sub.status).toBe('paused')
    expect(sub.items.data[0]?.current_period_start).toBe(NOW)
  })
})
