import { describe, expect, it } from 'vitest'
import { createStripeClient } from './client'
import { createStripeFake } from './fake'
import { seedMerchant } from './seed'

describe('live-mode accounts', () => {
  it('have live keys and serve objects marked livemode, nested ones included', async () => {
    const fake = createStripeFake({ now: () => 1_800_000_000 })
    const merchant = await seedMerchant(fake, { livemode: true })
    expect(merchant.keys.secret).toMatch(/^sk_live_/)
    expect(merchant.keys.publishable).toMatch(/^pk_live_/)
    const stripe = createStripeClient(fake, merchant.keys.secret)
    const sub = await stripe.subscriptions.retrieve(merchant.customers.activeMonthly.subscriptionId, {
      expand: ['customer'],
    })
    expect(sub.livemode).toBe(true)
    expect(sub.items.data[0]?.price.livemode).toBe(true)
    expect(typeof sub.customer === 'object' && !sub.customer.deleted && sub.customer.livemode).toBe(true)
    const events = await stripe.events.list({ limit: 1 })
    expect(events.data[0]?.livemode).toBe(true)
    expect(fake.state(merchant.account).subscriptions.every((s) => s.livemode === true)).toBe(true)
  })

  it('stay apart from test-mode accounts', async () => {
    const fake = createStripeFake({ now: () => 1_800_000_000 })
    const test = await seedMerchant(fake)
    expect(test.keys.secret).toMatch(/^sk_test_/)
    const sub = await createStripeClient(fake, test.keys.secret).subscriptions.retrieve(
      test.customers.activeMonthly.subscriptionId,
    )
    expect(sub.livemode).toBe(false)
    expect(() => fake.createAccount({ livemode: true, secretKey: 'sk_test_abc' })).toThrow(/sk_live_/)
  })
})
