import { createStripeClient } from '@retainkit/fakes/stripe'
import { setEarlyAccess } from '@retainkit/server/testing'
import { DEFAULT_RECOVERY_SETTINGS } from '@retainkit/shared/recovery'
import { expect } from 'vitest'
import type { Product, Subscriber } from './product'

/** Saves the account's payment recovery settings (switched on) over the defaults, through the console API. */
export async function saveRecoverySettings(product: Product, patch: object = {}): Promise<void> {
  const res = await product.account.consoleApi(`/api/recovery/${product.account.accountId}`, {
    method: 'PUT',
    body: { ...DEFAULT_RECOVERY_SETTINGS, enabled: true, ...patch },
  })
  expect(res.status).toBe(200)
}

/**
 * The account granted payment recovery and switched on, and one subscriber paying by card whose
 * renewal fails (insufficient funds) with its events delivered: what the browser suites of the
 * on-site prompt and the card-update page start from.
 */
export async function pastDueSubscriber(product: Product): Promise<Subscriber> {
  const { account, stripe } = product
  stripe.configureFailedPayments(account.merchant.account, { afterRetries: 'unpaid' })
  await setEarlyAccess(product.deps.db, account.accountId, true, new Date())
  await saveRecoverySettings(product)
  const sdk = createStripeClient(stripe, account.merchant.keys.secret)
  // The merchant saved their Billing Portal settings in Stripe once (the card update needs them).
  await sdk.billingPortal.configurations.create({ features: { payment_method_update: { enabled: true } } })
  const customer = await sdk.customers.create({
    email: 'late@example.com',
    payment_method: 'pm_card_visa',
    invoice_settings: { default_payment_method: 'pm_card_visa' },
  })
  const subscription = await sdk.subscriptions.create({
    customer: customer.id,
    items: [{ price: account.merchant.prices.proMonthly }],
  })
  stripe.cards.program(account.merchant.account, customer.invoice_settings.default_payment_method as string, {
    declineCode: 'insufficient_funds',
  })
  stripe.clock.advanceTo(subscription.items.data[0]?.current_period_end ?? 0)
  for (const delivery of await stripe.deliverWebhooks()) expect(delivery.ok, delivery.type).toBe(true)
  return { customerId: customer.id, subscriptionId: subscription.id }
}
