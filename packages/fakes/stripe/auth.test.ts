import { describe, expect, it } from 'vitest'
import { createStripeClient } from './client'
import { createStripeFake } from './fake'
import { stripeError } from './test-support'

function twoMerchants() {
  const fake = createStripeFake()
  const a = fake.createAccount({ businessName: 'Merchant A' })
  const b = fake.createAccount({ businessName: 'Merchant B' })
  return {
    fake,
    a,
    b,
    stripeA: createStripeClient(fake, a.secretKey),
    stripeB: createStripeClient(fake, b.secretKey),
  }
}

describe('API keys', () => {
  it('issues Stripe-shaped test keys and accepts custom ones', () => {
    const fake = createStripeFake()
    const keys = fake.createAccount({ id: 'acct_custom', secretKey: 'sk_test_custom123', country: 'GB' })
    expect(keys).toMatchObject({ id: 'acct_custom', secretKey: 'sk_test_custom123' })
    expect(keys.publishableKey).toMatch(/^pk_test_[A-Za-z0-9]+$/)
    expect(keys.restrictedKey).toMatch(/^rk_test_[A-Za-z0-9]+$/)
    expect(() => fake.createAccount({ id: 'acct_custom' })).toThrow(/already exists/)
    expect(() => fake.createAccount({ secretKey: 'pk_test_wrong' })).toThrow(/must start with sk_test_/)
  })

  it('rejects an unknown key with 401 and a masked key in the message', async () => {
    const fake = createStripeFake()
    fake.createAccount()
    const error = await stripeError(createStripeClient(fake, 'sk_test_doesnotexist1234').customers.list())
    expect(error.type).toBe('StripeAuthenticationError')
    expect(error.statusCode).toBe(401)
    expect(error.message).toBe('Invalid API Key provided: sk_test_****1234')
    expect(error.raw).toMatchObject({ type: 'invalid_request_error' })
  })

  it('answers a missing Authorization header with 401', async () => {
    const fake = createStripeFake()
    const response = await fake.fetch('https://api.stripe.com/v1/customers')
    expect(response.status).toBe(401)
    const body = (await response.json()) as { error: { type: string; message: string } }
    expect(body.error.type).toBe('invalid_request_error')
    expect(body.error.message).toMatch(/You did not provide an API key/)
  })

  it('accepts the key as HTTP Basic user name, as curl -u does', async () => {
    const fake = createStripeFake()
    const keys = fake.createAccount({ businessName: 'Basic Co' })
    const basic = Buffer.from(`${keys.secretKey}:`).toString('base64')
    const response = await fake.fetch('https://api.stripe.com/v1/account', {
      headers: { Authorization: `Basic ${basic}` },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ id: keys.id, business_profile: { name: 'Basic Co' } })
  })

  it('refuses publishable keys on secret endpoints', async () => {
    const fake = createStripeFake()
    const keys = fake.createAccount()
    const error = await stripeError(
      createStripeClient(fake, keys.publishableKey).customers.create({ email: 'x@y.z' }),
    )
    expect(error.statusCode).toBe(401)
    expect(error.message).toMatch(/cannot be made with a publishable API key/)
    expect(fake.mutations()).toHaveLength(0)
  })

  it('lets restricted keys do what their permissions allow, and nothing more', async () => {
    const fake = createStripeFake()
    const keys = fake.createAccount({
      restrictedKeys: [{ permissions: { customers: 'read', subscriptions: 'none' } }],
    })
    const owner = createStripeClient(fake, keys.secretKey)
    const restricted = createStripeClient(fake, keys.restrictedKey ?? '')
    const customer = await owner.customers.create({ email: 'r@example.com' })
    expect((await restricted.customers.retrieve(customer.id)).id).toBe(customer.id)
    expect((await restricted.products.create({ name: 'Allowed by default' })).name).toBe('Allowed by default')
    const write = await stripeError(restricted.customers.update(customer.id, { name: 'Nope' }))
    expect(write.statusCode).toBe(403)
    expect(write.type).toBe('StripePermissionError')
    expect(write.message).toContain("'rak_customer_write'")
    const read = await stripeError(restricted.subscriptions.list())
    expect(read.message).toContain("'rak_subscription_read'")
  })
})

describe('multi-tenancy', () => {
  it("keeps each account's objects to itself", async () => {
    const { fake, a, stripeA, stripeB } = twoMerchants()
    const customer = await stripeA.customers.create({ email: 'only-a@example.com' })
    const error = await stripeError(stripeB.customers.retrieve(customer.id))
    expect(error.statusCode).toBe(404)
    expect(error.code).toBe('resource_missing')
    expect(error.message).toBe(`No such customer: '${customer.id}'`)
    expect((await stripeB.customers.list()).data).toHaveLength(0)
    expect((await stripeA.customers.list()).data.map((c) => c.id)).toEqual([customer.id])
    expect(fake.state(a.id).customers).toHaveLength(1)
  })

  it("cannot use another account's price on a subscription", async () => {
    const { stripeA, stripeB } = twoMerchants()
    const price = await stripeA.prices.create({
      currency: 'usd',
      unit_amount: 500,
      recurring: { interval: 'month' },
      product_data: { name: 'A only' },
    })
    const customer = await stripeB.customers.create({})
    const error = await stripeError(
      stripeB.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] }),
    )
    expect(error.statusCode).toBe(404)
    expect(error.param).toBe('items[0][price]')
  })

  it('retrieves each account with its own business name', async () => {
    const { a, b, stripeA, stripeB } = twoMerchants()
    const [accountA, accountB] = await Promise.all([
      stripeA.accounts.retrieveCurrent(),
      stripeB.accounts.retrieveCurrent(),
    ])
    expect(accountA).toMatchObject({
      id: a.id,
      object: 'account',
      country: 'US',
      default_currency: 'usd',
      charges_enabled: true,
      business_profile: { name: 'Merchant A' },
      settings: { dashboard: { display_name: 'Merchant A' } },
    })
    expect(accountB.id).toBe(b.id)
    const balance = await stripeA.balance.retrieve()
    expect(balance).toMatchObject({
      object: 'balance',
      livemode: false,
      available: [{ amount: 0, currency: 'usd' }],
    })
  })

  it('honours Stripe-Account only for a platform and its connected accounts', async () => {
    const fake = createStripeFake()
    const platform = fake.createAccount({ businessName: 'Platform' })
    const connected = fake.createAccount({ businessName: 'Connected', platformAccountId: platform.id })
    const stranger = fake.createAccount({ businessName: 'Stranger' })
    const viaPlatform = createStripeClient(fake, platform.secretKey, { stripeAccount: connected.id })
    const customer = await viaPlatform.customers.create({ email: 'c@example.com' })
    expect(fake.state(connected.id).customers.map((c) => c.id)).toEqual([customer.id])
    expect(fake.state(platform.id).customers).toHaveLength(0)
    expect(fake.requests.at(-1)?.accountId).toBe(connected.id)

    const refused = await stripeError(
      createStripeClient(fake, stranger.secretKey, { stripeAccount: connected.id }).customers.list(),
    )
    expect(refused.statusCode).toBe(403)
    expect(refused.message).toContain(`does not have access to account '${connected.id}'`)
  })
})
