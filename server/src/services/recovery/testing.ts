import { createStripeClient, type StripeFake } from '@retainkit/fakes/stripe'
import { DEFAULT_RECOVERY_SETTINGS, type RecoverySettings } from '@retainkit/shared/recovery'
import type Stripe from 'stripe'
import { expect } from 'vitest'
import type { TestContext } from '../../../test/support/harness'
import { backfilled, saveKeys } from '../../routes/stripe/test-support'
import { runRecoveryPass } from './pass'
import { saveRecoverySettings, setEarlyAccess } from './settings'
import { asCampaign } from './store'

/** Shared set-up for payment recovery's suites (not a test file itself). */

export const DAY = 86_400

export interface RecoveryMerchant {
  accountId: string
  token: string
  ownerEmail: string
  stripeAccount: string
  /** The merchant's Stripe secret key (for suites that check it never leaks). */
  secretKey: string
  stripe: Stripe
  price: Stripe.Price
}

/**
 * A Pro account granted early access, its own Stripe account connected with keys (the endpoint
 * registered, the backfill done) and payment recovery switched on. The Stripe account marks a
 * subscription `unpaid` after its last retry (so Retainkit's retries have something to collect).
 */
export async function recoveryMerchant(
  t: TestContext,
  options: { settings?: Partial<RecoverySettings>; stripe?: Parameters<StripeFake['createAccount']>[0] } = {},
): Promise<RecoveryMerchant> {
  // The fake Stripe runs on from real time; the app's manual clock starts with it, both moved on to
  // the next 10:00 UTC: retries wait for the subscriber's daytime (9 to 18 in the default zone, UTC),
  // so the schedule the tests expect must not depend on the hour they happen to run at.
  const now = Math.max(t.clock.now().getTime(), t.stripe.clock.now() * 1000)
  const day = new Date(now)
  let morning = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 10)
  if (morning < now) morning += 86_400_000
  t.clock.set(new Date(morning))
  t.stripe.clock.advanceTo(Math.max(morning / 1000, t.stripe.clock.now()))
  const { accountId, owner } = await t.createAccount({ tier: 'pro', name: 'Acme Cloud' })
  const keys = t.stripe.createAccount({
    businessName: 'Acme Cloud',
    billing: { afterRetries: 'unpaid' },
    ...options.stripe,
  })
  expect(
    (await saveKeys(t, accountId, owner.token, { secret: keys.secretKey, publishable: keys.publishableKey }))
      .status,
  ).toBe(200)
  await backfilled(t, accountId)
  await setEarlyAccess(t.database.db, accountId, true, t.clock.now())
  await saveRecoverySettings(
    t.database.db,
    accountId,
    { ...DEFAULT_RECOVERY_SETTINGS, enabled: true, ...options.settings },
    owner.userId,
    t.clock.now(),
  )
  const stripe = createStripeClient(t.stripe, keys.secretKey)
  const price = await stripe.prices.create({
    currency: 'eur',
    unit_amount: 4_900,
    recurring: { interval: 'month' },
    product_data: { name: 'Pro' },
  })
  return {
    accountId,
    token: owner.token,
    ownerEmail: owner.email,
    stripeAccount: keys.id,
    secretKey: keys.secretKey,
    stripe,
    price,
  }
}

export interface Subscriber {
  customerId: string
  subscriptionId: string
  cardId: string
  renewal: number
}

/** A subscriber paying by card whose charges, from the renewal on, are declined with `declineCode`. */
export async function failingSubscriber(
  t: TestContext,
  merchant: RecoveryMerchant,
  options: {
    declineCode: string
    failures?: number | null
    email?: string
    locale?: string
    country?: string
  },
): Promise<Subscriber> {
  const customer = await merchant.stripe.customers.create({
    email: options.email ?? 'ana@example.com',
    preferred_locales: options.locale ? [options.locale] : [],
    address: options.country ? { country: options.country } : undefined,
    payment_method: 'pm_card_visa',
    invoice_settings: { default_payment_method: 'pm_card_visa' },
  })
  const subscription = await merchant.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: merchant.price.id }],
  })
  const cardId = customer.invoice_settings.default_payment_method as string
  // Programmed once the first invoice is paid: from the renewal on.
  t.stripe.cards.program(merchant.stripeAccount, cardId, {
    declineCode: options.declineCode,
    failures: options.failures ?? null,
  })
  return {
    customerId: customer.id,
    subscriptionId: subscription.id,
    cardId,
    renewal: subscription.items.data[0]?.current_period_end ?? 0,
  }
}

/** Delivers the fake's queued webhooks to the app; every one must be taken. */
export async function deliver(t: TestContext): Promise<void> {
  for (const delivery of await t.stripe.deliverWebhooks()) {
    expect(delivery, `${delivery.type} delivery`).toMatchObject({ ok: true })
  }
}

/**
 * Both clocks to `unix` (the fake's renewals and retries happen on the way), then the events; the
 * mail worker runs before and after, as a process's would have by then.
 */
export async function moveTo(t: TestContext, unix: number): Promise<void> {
  await t.readOutbox()
  const target = Math.max(unix, Math.ceil(t.clock.now().getTime() / 1000))
  t.clock.set(new Date(target * 1000))
  t.stripe.clock.advanceTo(Math.max(target, t.stripe.clock.now()))
  await deliver(t)
  await t.readOutbox()
}

/** One evaluation pass, and the mail worker after it. */
export async function pass(t: TestContext) {
  const result = await runRecoveryPass(t.deps)
  await t.readOutbox()
  return result
}

export async function campaignsOf(t: TestContext, accountId: string) {
  const rows = await t.database.db
    .selectFrom('recovery_campaigns')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute()
  return rows.map(asCampaign)
}

/** `invoices.pay` calls the app made for this invoice (Retainkit's retries), as Stripe saw them. */
export function payCalls(t: TestContext, invoiceId: string) {
  return t.stripe.requests.filter(
    (entry) => entry.method === 'POST' && entry.path === `/v1/invoices/${invoiceId}/pay` && !entry.replayed,
  )
}

export async function queuedWebhooks(t: TestContext, accountId: string) {
  return t.database.db
    .selectFrom('webhook_deliveries')
    .select(['event_id', 'event_type', 'payload'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute()
}
