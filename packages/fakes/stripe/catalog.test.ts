import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { setup, stripeError } from './test-support'

describe('customers', () => {
  it('creates, retrieves, updates, lists by email and deletes', async () => {
    const { stripe, fake, keys } = setup()
    const created = await stripe.customers.create({
      email: 'mn@example.com',
      name: 'Min Nesota',
      metadata: { tier: 'gold' },
      address: { country: 'US', state: 'MN', city: 'Duluth' },
    })
    expect(created).toMatchObject({
      object: 'customer',
      livemode: false,
      created: 1_800_000_000,
      address: { country: 'US', state: 'MN', city: 'Duluth', line1: null },
      metadata: { tier: 'gold' },
    })
    expect(created.id).toMatch(/^cus_/)
    await stripe.customers.create({ email: 'other@example.com' })

    const updated = await stripe.customers.update(created.id, {
      name: 'Renamed',
      metadata: { tier: '', extra: 'yes' },
      address: { state: 'WI' },
    })
    expect(updated.name).toBe('Renamed')
    expect(updated.metadata).toEqual({ extra: 'yes' })
    expect(updated.address).toMatchObject({ country: 'US', state: 'WI', city: 'Duluth' })
    expect((await stripe.customers.retrieve(created.id)).id).toBe(created.id)

    const byEmail = await stripe.customers.list({ email: 'mn@example.com' })
    expect(byEmail.data.map((c) => c.id)).toEqual([created.id])
    expect(byEmail).toMatchObject({ object: 'list', has_more: false, url: '/v1/customers' })

    const deleted = await stripe.customers.del(created.id)
    expect(deleted).toEqual({ id: created.id, object: 'customer', deleted: true })
    // Stripe keeps answering for a deleted customer, flagged as deleted.
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ id: created.id, deleted: true })
    expect((await stripe.customers.list()).data).toHaveLength(1)
    expect(fake.state(keys.id).events.map((e) => e.type)).toEqual([
      'customer.deleted',
      'customer.updated',
      'customer.created',
      'customer.created',
    ])
  })

  it('reports unknown ids and unknown params the way Stripe does', async () => {
    const { stripe } = setup()
    const missing = await stripeError(stripe.customers.retrieve('cus_x'))
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' })
    expect(missing.message).toBe("No such customer: 'cus_x'")
    const unknown = await stripeError(
      stripe.customers.create({ favourite_colour: 'blue' } as Stripe.CustomerCreateParams),
    )
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'favourite_colour' })
    expect(unknown.message).toBe('Received unknown parameter: favourite_colour')
    const nested = await stripeError(
      stripe.customers.create({ address: { country: 'US', planet: 'Earth' } } as Stripe.CustomerCreateParams),
    )
    expect(nested.param).toBe('address[planet]')
  })
})

describe('products and prices', () => {
  it('creates products and lists them by active', async () => {
    const { stripe } = setup()
    const pro = await stripe.products.create({ name: 'Pro', metadata: { plan: 'pro' } })
    const legacy = await stripe.products.create({ name: 'Legacy', active: false })
    expect(pro).toMatchObject({ object: 'product', active: true, name: 'Pro', metadata: { plan: 'pro' } })
    expect(pro.id).toMatch(/^prod_/)
    expect((await stripe.products.retrieve(pro.id)).name).toBe('Pro')
    expect((await stripe.products.list({ active: true })).data.map((p) => p.id)).toEqual([pro.id])
    expect((await stripe.products.list({ active: false })).data.map((p) => p.id)).toEqual([legacy.id])
    const missing = await stripeError(stripe.products.create({} as Stripe.ProductCreateParams))
    expect(missing).toMatchObject({ code: 'parameter_missing', param: 'name' })
  })

  it('creates recurring prices with product or product_data and filters lists', async () => {
    const { stripe } = setup()
    const product = await stripe.products.create({ name: 'Pro' })
    const monthly = await stripe.prices.create({
      product: product.id,
      unit_amount: 2900,
      currency: 'usd',
      recurring: { interval: 'month' },
      nickname: 'Pro monthly',
      lookup_key: 'pro_monthly',
    })
    expect(monthly).toMatchObject({
      object: 'price',
      type: 'recurring',
      unit_amount: 2900,
      currency: 'usd',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      nickname: 'Pro monthly',
      lookup_key: 'pro_monthly',
      product: product.id,
      active: true,
    })
    expect(monthly.unit_amount_decimal?.toString()).toBe('2900')
    const quarterly = await stripe.prices.create({
      product_data: { name: 'Team' },
      unit_amount: 9900,
      currency: 'usd',
      recurring: { interval: 'month', interval_count: 3 },
    })
    expect(quarterly.product).toMatch(/^prod_/)
    const oneTime = await stripe.prices.create({ product: product.id, unit_amount: 500, currency: 'usd' })
    expect(oneTime).toMatchObject({ type: 'one_time', recurring: null })
    await stripe.prices.update(quarterly.id, { active: false })

    expect((await stripe.prices.list({ active: true })).data.map((p) => p.id)).toEqual([
      oneTime.id,
      monthly.id,
    ])
    expect(
      (await stripe.prices.list({ product: product.id, type: 'recurring' })).data.map((p) => p.id),
    ).toEqual([monthly.id])
    expect((await stripe.prices.list({ lookup_keys: ['pro_monthly'] })).data).toHaveLength(1)

    const expanded = await stripe.prices.list({ active: true, expand: ['data.product'] })
    expect(((expanded.data[0] as Stripe.Price).product as Stripe.Product).name).toBe('Pro')
    const retrieved = await stripe.prices.retrieve(monthly.id, { expand: ['product'] })
    expect((retrieved.product as Stripe.Product).object).toBe('product')
  })

  it('validates price params', async () => {
    const { stripe } = setup()
    const product = await stripe.products.create({ name: 'Pro' })
    const noProduct = await stripeError(stripe.prices.create({ currency: 'usd', unit_amount: 1 }))
    expect(noProduct).toMatchObject({ code: 'parameter_missing', param: 'product' })
    const badInterval = await stripeError(
      stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 1,
        recurring: { interval: 'fortnight' as 'week' },
      }),
    )
    expect(badInterval.param).toBe('recurring[interval]')
    expect(badInterval.message).toBe('Invalid recurring[interval]: must be one of day, week, month, or year')
    await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 1, lookup_key: 'taken' })
    const clash = await stripeError(
      stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 2, lookup_key: 'taken' }),
    )
    expect(clash.message).toContain('already uses that lookup key')
    const badExpand = await stripeError(stripe.prices.retrieve('price_missing'))
    expect(badExpand.message).toBe("No such price: 'price_missing'")
  })

  it('rejects expansions of fields that are not expandable', async () => {
    const { stripe } = setup()
    const price = await stripe.prices.create({ product_data: { name: 'P' }, currency: 'usd', unit_amount: 1 })
    const error = await stripeError(stripe.prices.retrieve(price.id, { expand: ['currency'] }))
    expect(error.message).toBe('This property cannot be expanded (currency).')
  })
})
