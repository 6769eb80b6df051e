import type Stripe from 'stripe'
import { createStripeClient } from './client'
import type { StripeFake } from './fake'

export interface SeedOptions {
  accountId?: string
  businessName?: string
  country?: string
  secretKey?: string
  publishableKey?: string
  restrictedKey?: string
  /**
   * Billing mode of the seeded subscriptions. Defaults to `classic`, like most existing merchants'
   * subscriptions (new API subscriptions default to `flexible`), so the pause endpoint refuses them.
   */
  billingMode?: 'classic' | 'flexible'
  /** A live-mode merchant (`sk_live_…` keys, objects with `livemode: true`). */
  livemode?: boolean
  /** Seeding goes through the API; its requests are dropped from `fake.requests` unless this is true. */
  keepRequestLog?: boolean
}

export interface SeededSubscriber {
  customerId: string
  subscriptionId: string
}

export interface SeededMerchant {
  account: string
  keys: { secret: string; publishable: string; restricted: string }
  clientId: string
  products: { pro: string; basic: string; team: string }
  prices: { proMonthly: string; proAnnual: string; basicMonthly: string; teamMonthly: string }
  coupons: { save20: string; winback50: string }
  promotionCodes: { comeback: { id: string; code: string } }
  customers: {
    activeMonthly: SeededSubscriber
    activeAnnual: SeededSubscriber
    discounted: SeededSubscriber
    paused: SeededSubscriber
    scheduledCancel: SeededSubscriber
    churned: SeededSubscriber
    trialing: SeededSubscriber
    /** Lives in Minnesota (address state MN): for jurisdiction rules on offers. */
    minnesota: SeededSubscriber
  }
}

const DAY = 86_400

/**
 * A merchant with a catalogue ('Pro' $29/month or $290/year, 'Basic' $14.99/month, 'Team' $99/month),
 * coupons, a promotion code and one subscriber per scenario Retainkit handles. Everything is created
 * through the fake's API with the real SDK, so the objects are exactly what Stripe calls would give.
 */
export async function seedMerchant(fake: StripeFake, options: SeedOptions = {}): Promise<SeededMerchant> {
  const logStart = fake.requests.length
  const keys = fake.createAccount({
    id: options.accountId,
    businessName: options.businessName ?? 'Acme Cloud',
    country: options.country ?? 'US',
    secretKey: options.secretKey,
    publishableKey: options.publishableKey,
    restrictedKeys: options.restrictedKey ? [options.restrictedKey] : undefined,
    email: 'billing@acme.example',
    livemode: options.livemode,
  })
  const stripe = createStripeClient(fake, keys.secretKey)
  const mode = options.billingMode ?? 'classic'

  const product = (name: string, description: string) => stripe.products.create({ name, description })
  const [pro, basic, team] = [
    await product('Pro', 'Everything, for growing teams'),
    await product('Basic', 'The essentials'),
    await product('Team', 'For whole departments'),
  ]
  const monthly = (productId: string, amount: number, nickname: string, lookupKey: string) =>
    stripe.prices.create({
      product: productId,
      unit_amount: amount,
      currency: 'usd',
      recurring: { interval: 'month' },
      nickname,
      lookup_key: lookupKey,
    })
  const proMonthly = await monthly(pro.id, 2900, 'Pro monthly', 'pro_monthly')
  const proAnnual = await stripe.prices.create({
    product: pro.id,
    unit_amount: 29000,
    currency: 'usd',
    recurring: { interval: 'year' },
    nickname: 'Pro annual',
    lookup_key: 'pro_annual',
  })
  const basicMonthly = await monthly(basic.id, 1499, 'Basic monthly', 'basic_monthly')
  const teamMonthly = await monthly(team.id, 9900, 'Team monthly', 'team_monthly')

  const save20 = await stripe.coupons.create({
    id: 'SAVE20',
    name: '20% off for 3 months',
    percent_off: 20,
    duration: 'repeating',
    duration_in_months: 3,
  })
  const winback50 = await stripe.coupons.create({
    id: 'WINBACK50',
    name: '50% off your first month back',
    percent_off: 50,
  })
  const comeback = await stripe.promotionCodes.create({
    promotion: { type: 'coupon', coupon: winback50.id },
    code: 'COMEBACK',
  })

  const subscriber = async (
    name: string,
    email: string,
    price: Stripe.Price,
    extra: Partial<Stripe.SubscriptionCreateParams> = {},
    address?: Stripe.AddressParam,
  ): Promise<SeededSubscriber> => {
    const customer = await stripe.customers.create({ name, email, ...(address ? { address } : {}) })
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      billing_mode: { type: mode },
      ...extra,
    })
    return { customerId: customer.id, subscriptionId: subscription.id }
  }

  const now = fake.clock.now()
  const customers: SeededMerchant['customers'] = {
    activeMonthly: await subscriber('Avery Monthly', 'avery@example.com', proMonthly),
    activeAnnual: await subscriber('Blake Annual', 'blake@example.com', proAnnual),
    discounted: await subscriber('Casey Discount', 'casey@example.com', basicMonthly, {
      discounts: [{ coupon: save20.id }],
    }),
    paused: await subscriber('Devon Paused', 'devon@example.com', proMonthly),
    scheduledCancel: await subscriber('Emery Leaving', 'emery@example.com', teamMonthly, {
      cancel_at_period_end: true,
    }),
    churned: await subscriber('Finley Churned', 'finley@example.com', proMonthly),
    trialing: await subscriber('Gray Trial', 'gray@example.com', proMonthly, { trial_period_days: 14 }),
    minnesota: await subscriber(
      'Harper Minnesota',
      'harper@example.com',
      proMonthly,
      {},
      {
        line1: '100 Nicollet Mall',
        city: 'Minneapolis',
        state: 'MN',
        postal_code: '55401',
        country: 'US',
      },
    ),
  }
  await stripe.subscriptions.update(customers.paused.subscriptionId, {
    pause_collection: { behavior: 'void', resumes_at: now + 30 * DAY },
  })
  await stripe.subscriptions.cancel(customers.churned.subscriptionId, {
    cancellation_details: { feedback: 'too_expensive', comment: 'Found something cheaper' },
  })

  if (!options.keepRequestLog) fake.requests.splice(logStart)
  return {
    account: keys.id,
    keys: { secret: keys.secretKey, publishable: keys.publishableKey, restricted: keys.restrictedKey ?? '' },
    clientId: keys.clientId,
    products: { pro: pro.id, basic: basic.id, team: team.id },
    prices: {
      proMonthly: proMonthly.id,
      proAnnual: proAnnual.id,
      basicMonthly: basicMonthly.id,
      teamMonthly: teamMonthly.id,
    },
    coupons: { save20: save20.id, winback50: winback50.id },
    promotionCodes: { comeback: { id: comeback.id, code: comeback.code } },
    customers,
  }
}
