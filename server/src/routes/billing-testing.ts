import { createStripeClient } from '@retainkit/fakes/stripe'
import type { BillingStatus } from '@retainkit/shared/billing'
import Stripe from 'stripe'
import { expect } from 'vitest'
import type { TestContext } from '../../test/support/harness'

/** Shared set-up for the billing suites (not a test file itself). */

/** The server's clock and the Stripe fake's, moved together (trial ends, renewals, grace periods). */
export function alignClocks(t: TestContext): void {
  t.clock.set(new Date(Math.max(t.clock.now().getTime(), t.stripe.clock.now() * 1000)))
  t.stripe.clock.advanceTo(Math.floor(t.clock.now().getTime() / 1000))
}

export function advanceBoth(t: TestContext, seconds: number): void {
  t.clock.advance(seconds * 1000)
  t.stripe.clock.advanceTo(Math.floor(t.clock.now().getTime() / 1000))
}

export function platformStripe(t: TestContext): Stripe {
  if (!t.billing) throw new Error('createTestContext({billing: true}) is needed')
  return createStripeClient(t.stripe, t.billing.secretKey)
}

/** A new account created the way a merchant gets one: sign-up's bootstrap (with its trial). */
export async function signUp(t: TestContext): Promise<{ accountId: string; token: string; email: string }> {
  const owner = await t.signIn()
  const res = await t.request('/api/session?action=bootstrap', { method: 'POST', token: owner.token })
  expect(res.status).toBe(200)
  const { data } = (await res.json()) as { data: { active_account_id: string } }
  return { accountId: data.active_account_id, token: owner.token, email: owner.email }
}

/** The billing status as the owner reads it (signed in afresh: tests move the clock by months). */
export async function status(
  t: TestContext,
  merchant: { accountId: string; email: string },
): Promise<BillingStatus> {
  const { token } = await t.signIn(merchant.email)
  const res = await t.request(`/api/billing/status/${merchant.accountId}`, { token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: BillingStatus }).data
}

export async function checkoutUrl(
  t: TestContext,
  accountId: string,
  token: string,
  interval: 'month' | 'year' = 'month',
): Promise<string> {
  const res = await t.request(`/api/billing/checkout/${accountId}`, { token, body: { interval } })
  expect(res.status).toBe(201)
  return ((await res.json()) as { data: { url: string } }).data.url
}

/** Submits a hosted page's form (Checkout, Portal) as a browser would. */
export function submitPage(t: TestContext, url: string, fields: Record<string, string>): Promise<Response> {
  return t.stripe.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
}

/** Checkout paid on its hosted page with a card that works; returns the new subscription's id. */
export async function payCheckout(t: TestContext, url: string, card = '4242424242424242'): Promise<string> {
  const paid = await submitPage(t, url, { action: 'pay', card, email: 'billing@merchant.example' })
  expect(paid.status).toBe(303)
  const id = new URL(url).pathname.split('/').at(-1) ?? ''
  const session = await platformStripe(t).checkout.sessions.retrieve(id)
  return session.subscription as string
}

/** Delivers every queued webhook to the app; each must be accepted. */
export async function deliver(t: TestContext): Promise<void> {
  for (const delivery of await t.stripe.deliverWebhooks()) {
    expect(delivery, `${delivery.type} delivery`).toMatchObject({ ok: true })
  }
}

/** Posts a payload to the webhook route signed as Stripe would (or with another secret). */
export function postEvent(
  t: TestContext,
  payload: string,
  secret = t.billing?.webhook?.secret ?? '',
): Promise<Response> {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  })
  return t.request('/api/billing/webhook', {
    apiKey: null,
    rawBody: payload,
    headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
  })
}

/** The platform account's stored events (newest first), as Stripe would have sent them. */
export function platformEvents(t: TestContext): ReturnType<TestContext['stripe']['state']>['events'] {
  if (!t.billing) throw new Error('createTestContext({billing: true}) is needed')
  return t.stripe.state(t.billing.account).events
}
