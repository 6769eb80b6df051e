import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { createStripeClient } from './client'
import { createStripeFake } from './fake'
import { seedMerchant } from './seed'
import { stripeError } from './test-support'

const NOW = 1_800_000_000

async function seeded() {
  const fake = createStripeFake({ now: () => NOW })
  const merchant = await seedMerchant(fake)
  const stripe = createStripeClient(fake, merchant.keys.secret)
  const sub = (key: keyof typeof merchant.customers) =>
    stripe.subscriptions.retrieve(merchant.customers[key].subscriptionId, {
      expand: ['customer', 'discounts'],
    })
  return { fake, merchant, stripe, sub }
}

describe('seedMerchant', () => {
  it('creates the catalogue with the expected prices', async () => {
    const { merchant, stripe } = await seeded()
    expect(merchant.keys.secret).toMatch(/^sk_test_/)
    expect(merchant.keys.publishable).toMatch(/^pk_test_/)
    expect(merchant.keys.restricted).toMatch(/^rk_test_/)
    const prices = await stripe.prices.list({ limit: 100, expand: ['data.product'] })
    const summary = prices.data.map((p) => [
      (p.product as Stripe.Product).name,
      p.unit_amount,
      p.recurring?.interval,
      p.lookup_key,
    ])
    expect(summary).toEqual([
      ['Team', 9900, 'month', 'team_monthly'],
      ['Basic', 1499, 'month', 'basic_monthly'],
      ['Pro', 29000, 'year', 'pro_annual'],
      ['Pro', 2900, 'month', 'pro_monthly'],
    ])
    expect((await stripe.prices.retrieve(merchant.prices.proAnnual)).unit_amount).toBe(29000)
    expect((await stripe.coupons.retrieve(merchant.coupons.save20)).percent_off).toBe(20)
    expect((await stripe.promotionCodes.retrieve(merchant.promotionCodes.comeback.id)).code).toBe('COMEBACK')
    expect((await stripe.accounts.retrieveCurrent()).settings?.dashboard.display_name).toBe('Acme Cloud')
  })

  it('has one subscriber per scenario', async () => {
    const { sub, merchant } = await seeded()
    expect(await sub('activeMonthly')).toMatchObject({
      status: 'active',
      pause_collection: null,
      cancel_at_period_end: false,
    })
    expect((await sub('activeAnnual')).items.data[0]?.price.id).toBe(merchant.prices.proAnnual)
    const discounted = await sub('discounted')
    expect((discounted.discounts[0] as Stripe.Discount).source.coupon).toBe('SAVE20')
    expect(await sub('paused')).toMatchObject({
      status: 'active',
      pause_collection: { behavior: 'void', resumes_at: NOW + 30 * 86_400 },
    })
    const leaving = await sub('scheduledCancel')
    expect(leaving).toMatchObject({ status: 'active', cancel_at_period_end: true })
    expect(leaving.cancel_at).toBe(leaving.items.data[0]?.current_period_end)
    expect(await sub('churned')).toMatchObject({
      status: 'canceled',
      cancellation_details: { feedback: 'too_expensive' },
    })
    expect((await sub('trialing')).status).toBe('trialing')
    const minnesota = await sub('minnesota')
    expect((minnesota.customer as Stripe.Customer).address).toMatchObject({ country: 'US', state: 'MN' })
    expect(minnesota.billing_mode.type).toBe('classic')
  })

  it('leaves a clean request log and a merchant the pause endpoint refuses (classic billing)', async () => {
    const { fake, merchant, stripe } = await seeded()
    expect(fake.requests).toHaveLength(0)
    const error = await stripeError(
      stripe.subscriptions.pause(merchant.customers.activeMonthly.subscriptionId),
    )
    expect(error.message).toContain('classic')
    expect(fake.mutations()).toHaveLength(0)
  })

  it('can seed several merchants side by side, with chosen keys', async () => {
    const fake = createStripeFake()
    const a = await seedMerchant(fake, { secretKey: 'sk_test_merchantA', billingMode: 'flexible' })
    const b = await seedMerchant(fake, { businessName: 'Other Co' })
    expect(a.keys.secret).toBe('sk_test_merchantA')
    expect(a.account).not.toBe(b.account)
    const stripeB = createStripeClient(fake, b.keys.secret)
    const error = await stripeError(stripeB.customers.retrieve(a.customers.activeMonthly.customerId))
    expect(error.statusCode).toBe(404)
    const flexible = await createStripeClient(fake, a.keys.secret).subscriptions.pause(
      a.customers.activeMonthly.subscriptionId,
    )
    expect(flexible.status).toBe('paused')
  })
})
