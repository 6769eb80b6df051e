import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { setup, stripeError } from './test-support'

describe('coupons', () => {
  it('creates, retrieves, updates and deletes coupons', async () => {
    const { stripe, fake, keys } = setup()
    const percent = await stripe.coupons.create({
      id: 'SAVE20',
      percent_off: 20,
      duration: 'repeating',
      duration_in_months: 3,
      name: '20% off',
      max_redemptions: 10,
    })
    expect(percent).toMatchObject({
      id: 'SAVE20',
      object: 'coupon',
      percent_off: 20,
      amount_off: null,
      duration: 'repeating',
      duration_in_months: 3,
      max_redemptions: 10,
      times_redeemed: 0,
      valid: true,
      livemode: false,
    })
    const amount = await stripe.coupons.create({ amount_off: 500, currency: 'USD', duration: 'forever' })
    expect(amount).toMatchObject({ amount_off: 500, currency: 'usd', duration: 'forever', percent_off: null })
    expect(amount.id).toMatch(/^[A-Z0-9]{8}$/)
    const once = await stripe.coupons.create({ percent_off: 12.5 })
    expect(once).toMatchObject({ duration: 'once', percent_off: 12.5 })

    expect((await stripe.coupons.update('SAVE20', { name: 'Renamed' })).name).toBe('Renamed')
    expect((await stripe.coupons.retrieve('SAVE20')).name).toBe('Renamed')
    expect(await stripe.coupons.del('SAVE20')).toEqual({ id: 'SAVE20', object: 'coupon', deleted: true })
    expect((await stripeError(stripe.coupons.retrieve('SAVE20'))).message).toBe("No such coupon: 'SAVE20'")
    expect(fake.state(keys.id).events.map((e) => e.type)).toContain('coupon.created')
  })

  it('enforces the coupon rules', async () => {
    const { stripe } = setup()
    const cases: Array<[Stripe.CouponCreateParams, Partial<Stripe.errors.StripeError>]> = [
      [{ duration: 'once' }, { param: 'percent_off' }],
      [{ percent_off: 10, amount_off: 100, currency: 'usd' }, { param: 'amount_off' }],
      [{ amount_off: 100 }, { code: 'parameter_missing', param: 'currency' }],
      [
        { percent_off: 10, duration: 'repeating' },
        { code: 'parameter_missing', param: 'duration_in_months' },
      ],
      [{ percent_off: 10, duration: 'forever', duration_in_months: 2 }, { param: 'duration_in_months' }],
      [{ percent_off: 120 }, { param: 'percent_off' }],
      [{ percent_off: 10, duration: 'weekly' as 'once' }, { param: 'duration' }],
    ]
    for (const [params, expected] of cases) {
      expect(await stripeError(stripe.coupons.create(params))).toMatchObject({ statusCode: 400, ...expected })
    }
    await stripe.coupons.create({ id: 'DUP', percent_off: 5 })
    const duplicate = await stripeError(stripe.coupons.create({ id: 'DUP', percent_off: 5 }))
    expect(duplicate).toMatchObject({ code: 'resource_already_exists', message: 'Coupon already exists.' })
  })

  it('pages through 25 coupons with limit, starting_after, ending_before and has_more', async () => {
    const { stripe, fake } = setup()
    const ids: string[] = []
    for (let i = 0; i < 25; i++) {
      ids.push((await stripe.coupons.create({ id: `C${String(i).padStart(2, '0')}`, percent_off: 5 })).id)
      fake.clock.advance(1)
    }
    const newestFirst = [...ids].reverse()

    const first = await stripe.coupons.list({ limit: 10 })
    expect(first.data.map((c) => c.id)).toEqual(newestFirst.slice(0, 10))
    expect(first.has_more).toBe(true)
    const second = await stripe.coupons.list({ limit: 10, starting_after: first.data.at(-1)?.id })
    expect(second.data.map((c) => c.id)).toEqual(newestFirst.slice(10, 20))
    expect(second.has_more).toBe(true)
    const third = await stripe.coupons.list({ limit: 10, starting_after: second.data.at(-1)?.id })
    expect(third.data.map((c) => c.id)).toEqual(newestFirst.slice(20))
    expect(third.has_more).toBe(false)

    const back = await stripe.coupons.list({ limit: 5, ending_before: third.data[0]?.id })
    expect(back.data.map((c) => c.id)).toEqual(newestFirst.slice(15, 20))
    expect(back.has_more).toBe(true)

    expect((await stripe.coupons.list()).data).toHaveLength(10)
    const all: string[] = []
    for await (const coupon of stripe.coupons.list({ limit: 7 })) all.push(coupon.id)
    expect(all).toEqual(newestFirst)

    expect((await stripeError(stripe.coupons.list({ limit: 101 }))).param).toBe('limit')
    expect((await stripeError(stripe.coupons.list({ limit: 0 }))).param).toBe('limit')
    const badCursor = await stripeError(stripe.coupons.list({ starting_after: 'NOPE' }))
    expect(badCursor).toMatchObject({ statusCode: 404, param: 'starting_after' })
  })
})

describe('promotion codes', () => {
  it('creates codes under promotion[coupon] and lists them by code and active', async () => {
    const { stripe } = setup()
    await stripe.coupons.create({ id: 'WINBACK', percent_off: 50 })
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: 'WINBACK' },
      code: 'COMEBACK',
      max_redemptions: 5,
      metadata: { campaign: 'winback' },
    })
    expect(promo).toMatchObject({
      object: 'promotion_code',
      code: 'COMEBACK',
      active: true,
      promotion: { type: 'coupon', coupon: 'WINBACK' },
      times_redeemed: 0,
      max_redemptions: 5,
      metadata: { campaign: 'winback' },
    })
    expect(promo.id).toMatch(/^promo_/)
    const inactive = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: 'WINBACK' },
      code: 'OLDCODE',
      active: false,
    })
    expect((await stripe.promotionCodes.retrieve(promo.id)).code).toBe('COMEBACK')
    expect((await stripe.promotionCodes.list({ code: 'comeback' })).data.map((p) => p.id)).toEqual([promo.id])
    expect((await stripe.promotionCodes.list({ active: false })).data.map((p) => p.id)).toEqual([inactive.id])
    const expanded = await stripe.promotionCodes.retrieve(promo.id, { expand: ['promotion.coupon'] })
    expect((expanded.promotion.coupon as Stripe.Coupon).percent_off).toBe(50)
  })

  it('rejects the pre-2025 top-level coupon param and clashing codes', async () => {
    const { stripe } = setup()
    await stripe.coupons.create({ id: 'WINBACK', percent_off: 50 })
    const legacy = await stripeError(
      stripe.promotionCodes.create({
        coupon: 'WINBACK',
        code: 'X',
      } as unknown as Stripe.PromotionCodeCreateParams),
    )
    expect(legacy).toMatchObject({ code: 'parameter_unknown', param: 'coupon' })
    await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'WINBACK' }, code: 'SAME' })
    const clash = await stripeError(
      stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'WINBACK' }, code: 'SAME' }),
    )
    expect(clash.message).toContain('already exists')
    const missingCoupon = await stripeError(
      stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'NOPE' } }),
    )
    expect(missingCoupon).toMatchObject({ statusCode: 404, param: 'promotion[coupon]' })
  })
})
