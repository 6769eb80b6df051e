import { createStripeClient } from './client'
import type { StripeFake } from './fake'

/**
 * The platform's own Stripe account, set up the way an operator sets up Retainkit's billing in the
 * Stripe Dashboard: the product "Retainkit Pro" at $100/month and $960/year ($80/month billed
 * annually), a Billing Meter for cancel sessions with a metered $1 price (the pricing page's
 * overage), the customer portal's settings, and — when a URL is given — a webhook endpoint for the
 * events Retainkit's billing follows. `env` holds the server's configuration for all of it.
 */
export interface PlatformBilling {
  account: string
  secretKey: string
  prices: { monthly: string; annual: string; overage: string }
  meter: { id: string; eventName: string }
  webhook: { id: string; secret: string; url: string } | null
  /** STRIPE_PLATFORM_SECRET_KEY, STRIPE_PRICE_PRO_*, STRIPE_METER_EVENT_NAME, STRIPE_WEBHOOK_SECRET. */
  env: Record<string, string>
}

export interface PlatformBillingOptions {
  /** Where Stripe delivers the platform's events (`…/api/billing/webhook`). */
  webhookUrl?: string
  businessName?: string
}

export const PLATFORM_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
] as const

export const PLATFORM_METER_EVENT_NAME = 'retainkit_cancel_sessions'

export async function seedPlatformBilling(
  fake: StripeFake,
  options: PlatformBillingOptions = {},
): Promise<PlatformBilling> {
  const logStart = fake.requests.length
  const keys = fake.createAccount({
    businessName: options.businessName ?? 'Retainkit',
    email: 'billing@retainkit.dev',
    restrictedKeys: [],
  })
  const stripe = createStripeClient(fake, keys.secretKey)
  const product = await stripe.products.create({ name: 'Retainkit Pro' })
  const monthly = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: 10_000,
    recurring: { interval: 'month' },
    nickname: 'Pro monthly',
  })
  const annual = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: 96_000,
    recurring: { interval: 'year' },
    nickname: 'Pro annual ($80/month)',
  })
  const meter = await stripe.billing.meters.create({
    display_name: 'Cancel sessions beyond 500 a month',
    event_name: PLATFORM_METER_EVENT_NAME,
    default_aggregation: { formula: 'sum' },
  })
  const overageProduct = await stripe.products.create({ name: 'Cancel sessions beyond 500' })
  const overage = await stripe.prices.create({
    product: overageProduct.id,
    currency: 'usd',
    unit_amount: 100,
    recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
    nickname: 'Overage per cancel session',
  })
  await stripe.billingPortal.configurations.create({
    business_profile: { headline: 'Retainkit billing' },
    features: {
      subscription_cancel: { enabled: true, mode: 'at_period_end' },
      payment_method_update: { enabled: true },
      invoice_history: { enabled: true },
    },
  })
  const endpoint = options.webhookUrl
    ? await stripe.webhookEndpoints.create({
        url: options.webhookUrl,
        enabled_events: [...PLATFORM_WEBHOOK_EVENTS],
        description: 'Retainkit billing',
      })
    : null
  fake.requests.splice(logStart)
  const webhook = endpoint?.secret ? { id: endpoint.id, secret: endpoint.secret, url: endpoint.url } : null
  return {
    account: keys.id,
    secretKey: keys.secretKey,
    prices: { monthly: monthly.id, annual: annual.id, overage: overage.id },
    meter: { id: meter.id, eventName: meter.event_name },
    webhook,
    env: {
      STRIPE_PLATFORM_SECRET_KEY: keys.secretKey,
      STRIPE_PRICE_PRO_MONTHLY: monthly.id,
      STRIPE_PRICE_PRO_ANNUAL: annual.id,
      STRIPE_PRICE_PRO_OVERAGE: overage.id,
      STRIPE_METER_EVENT_NAME: meter.event_name,
      // Without an endpoint there are no signed deliveries; a placeholder keeps the configuration whole.
      STRIPE_WEBHOOK_SECRET: webhook?.secret ?? 'whsec_no_endpoint',
    },
  }
}
