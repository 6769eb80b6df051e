import type Stripe from 'stripe'
import { createStripeClient } from './client'
import { createStripeFake, type StripeFake, type StripeFakeOptions } from './fake'

/** Shared setup for the fake's own tests: a fresh fake, one merchant account and an SDK client. */
export function setup(options: StripeFakeOptions = {}): {
  fake: StripeFake
  stripe: Stripe
  keys: ReturnType<StripeFake['createAccount']>
} {
  const fake = createStripeFake({ now: () => 1_800_000_000, ...options })
  const keys = fake.createAccount({ businessName: 'Test Merchant' })
  return { fake, keys, stripe: createStripeClient(fake, keys.secretKey) }
}

/** Awaits a call that must fail and returns the SDK's error for assertions. */
export async function stripeError(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise
  } catch (error) {
    return error as Stripe.errors.StripeError
  }
  throw new Error('Expected the Stripe call to fail, but it succeeded')
}

/** A customer on a monthly price, the starting point of most subscription tests. */
export async function monthlySubscriber(
  stripe: Stripe,
  options: {
    amount?: number
    billingMode?: 'classic' | 'flexible'
    extra?: Partial<Stripe.SubscriptionCreateParams>
  } = {},
): Promise<{ customer: Stripe.Customer; price: Stripe.Price; subscription: Stripe.Subscription }> {
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: options.amount ?? 2900,
    recurring: { interval: 'month' },
    product_data: { name: 'Pro' },
  })
  const customer = await stripe.customers.create({ email: 'sub@example.com' })
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    billing_mode: { type: options.billingMode ?? 'classic' },
    ...options.extra,
  })
  return { customer, price, subscription }
}
