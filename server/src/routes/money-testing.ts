import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import { expect } from 'vitest'
import type { TestContext } from '../../test/support/harness'
import type { AppDeps } from '../deps'
import { deliverDueWebhooks } from '../services/webhooks-out/deliver'
import { type OpenedSession, startSession, tokenFor, type WidgetAccount } from './widget/testing'

/** What the money acceptance scenario does with the Stripe fake, our webhooks and the owner's reads. */

/** A recurring price in `currency` on a product of its own. */
export async function priceIn(
  t: TestContext,
  m: SeededMerchant,
  currency: string,
  unitAmount: number,
  interval: 'month' | 'year',
): Promise<string> {
  const stripe = createStripeClient(t.stripe, m.keys.secret)
  const product = await stripe.products.create({ name: `Club ${currency.toUpperCase()} ${interval}` })
  const created = await stripe.prices.create({
    product: product.id,
    currency,
    unit_amount: unitAmount,
    recurring: { interval },
  })
  return created.id
}

/** A subscriber paying by a card whose next charges Stripe declines (the renewal will fail), in a session. */
export async function openWithFailingCard(
  t: TestContext,
  account: WidgetAccount & { merchant: SeededMerchant },
  priceId: string,
): Promise<OpenedSession> {
  const m = account.merchant
  const stripe = createStripeClient(t.stripe, m.keys.secret)
  const customer = await stripe.customers.create({
    email: 'late.payer@example.com',
    payment_method: 'pm_card_visa',
    invoice_settings: { default_payment_method: 'pm_card_visa' },
  })
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: priceId }],
    billing_mode: { type: 'classic' },
  })
  t.stripe.cards.program(m.account, customer.invoice_settings.default_payment_method as string, {
    declineCode: 'insufficient_funds',
    failures: null,
  })
  const subscriber = { customerId: customer.id, subscriptionId: subscription.id }
  const token = await tokenFor(t, account, subscriber)
  const { status, body } = await startSession(t, token)
  expect(status).toBe(201)
  return { token, sessionId: body.sessionId, ...subscriber }
}

/** The Stripe events the fake has queued, each applied by our endpoint. */
export async function deliverStripe(t: TestContext): Promise<void> {
  for (const delivery of await t.stripe.deliverWebhooks())
    expect(delivery, `${delivery.type} delivery`).toMatchObject({ ok: true })
}

/** Our outgoing webhooks, captured: `take()` delivers what is due and answers every body sent. */
export function capturedWebhooks(t: TestContext) {
  const received: Array<{ type: string; data: Record<string, unknown> }> = []
  const deps = {
    ...t.deps,
    webhookFetch: async (_url: string, init: RequestInit) => {
      received.push(JSON.parse(String(init.body)) as { type: string; data: Record<string, unknown> })
      return new Response('ok')
    },
  } as AppDeps
  return {
    async take() {
      received.length = 0
      await deliverDueWebhooks(deps)
      return [...received]
    },
  }
}

/** The account owner's address (to sign in afresh as the clock moves by weeks). */
export async function ownerEmail(t: TestContext, accountId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('users.email')
    .where('memberships.account_id', '=', accountId)
    .where('memberships.role', '=', 'owner')
    .executeTakeFirstOrThrow()
  return row.email
}

/** Moves both clocks to the next 10th of a 31-day month at noon UTC (monthly renewals 31 days on). */
export function toTenthOfLongMonth(t: TestContext): Date {
  let at = new Date(t.clock.now())
  do {
    at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 10, 12))
  } while (new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate() !== 31)
  t.clock.set(at)
  t.stripe.clock.advanceTo(at.getTime() / 1000)
  return at
}
