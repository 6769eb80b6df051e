import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { syncMerchantSubscriptions } from '../merchant-events/sync'
import { runRecoveryPass } from './pass'
import {
  campaignsOf,
  DAY,
  deliver,
  failingSubscriber,
  moveTo,
  payCalls,
  queuedWebhooks,
  recoveryMerchant,
} from './testing'

/**
 * Issue 30's concurrency acceptance, on PGlite (`server`) and PostgreSQL (`server-pg`): twenty
 * deliveries of the same `invoice.payment_failed` and a reconcile at the same moment make one campaign;
 * passes running at once send one `invoices.pay` per scheduled attempt.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const HOUR = 3_600

function signed(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  })
}

describe('payment recovery under concurrency', () => {
  it('20 parallel deliveries of one invoice.payment_failed and a reconcile: one campaign, one payment.failed', async () => {
    const merchant = await recoveryMerchant(t)
    const created = await t.request(`/api/webhooks/${merchant.accountId}`, {
      token: merchant.token,
      body: { url: 'https://hooks.merchant.example/retainkit', events: ['payment.failed'] },
    })
    expect(created.status).toBe(201)
    const sub = await failingSubscriber(t, merchant, { declineCode: 'insufficient_funds' })
    await deliver(t)
    // The renewal fails on Stripe; its events wait in Stripe's queue.
    t.stripe.clock.advanceTo(sub.renewal)
    t.clock.set(new Date(sub.renewal * 1000))
    const state = t.stripe.state(merchant.stripeAccount)
    const event = state.events.find((e) => e.type === 'invoice.payment_failed')
    const secret = state.webhookEndpoints[0]?.secret as string
    const payload = JSON.stringify(event)
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        t.request(`/api/stripe/webhooks/${merchant.accountId}`, {
          rawBody: payload,
          apiKey: null,
          headers: { 'stripe-signature': signed(payload, secret), 'content-type': 'application/json' },
        }),
      ),
      syncMerchantSubscriptions(t.deps, merchant.accountId).then(() => new Response(null, { status: 200 })),
    ])
    expect(answers.map((res) => res.status)).toEqual(Array(21).fill(200))
    // Stripe's own deliveries come later still.
    await deliver(t)
    const campaigns = await campaignsOf(t, merchant.accountId)
    expect(campaigns).toHaveLength(1)
    expect(campaigns[0]).toMatchObject({ customer_id: sub.customerId, stripe_attempts: 1 })
    const webhooks = await queuedWebhooks(t, merchant.accountId)
    expect(webhooks.map((row) => row.event_type)).toEqual(['payment.failed'])
    // Deliveries and the reconcile open the campaign; none of them charges (Stripe still retries).
    expect(payCalls(t, campaigns[0]?.invoice_id as string)).toHaveLength(0)
  })

  it('passes running at once: one invoices.pay per scheduled attempt, the attempt recorded once', async () => {
    const merchant = await recoveryMerchant(t)
    const sub = await failingSubscriber(t, merchant, { declineCode: 'insufficient_funds' })
    await moveTo(t, sub.renewal + 7 * DAY)
    const [campaign] = await campaignsOf(t, merchant.accountId)
    const invoiceId = campaign?.invoice_id as string
    const pays = () =>
      t.stripe.requests.filter(
        (entry) => entry.method === 'POST' && entry.path === `/v1/invoices/${invoiceId}/pay`,
      )
    for (const [step, day] of [
      [1, 8],
      [2, 10],
      [3, 14],
    ] as const) {
      await moveTo(t, sub.renewal + day * DAY + HOUR)
      const results = await Promise.all(Array.from({ length: 6 }, () => runRecoveryPass(t.deps)))
      expect(results.reduce((sum, result) => sum + result.failed, 0)).toBe(0)
      expect(pays(), `retry ${step}`).toHaveLength(step)
    }
    // Each attempt sent its own idempotency key, derived from the invoice and the attempt's number.
    const keys = pays().map((entry) => entry.idempotencyKey)
    expect(new Set(keys).size).toBe(3)
    const attempts = await t.database.db
      .selectFrom('recovery_attempts')
      .select(['attempt', 'result', 'decline_code'])
      .where('campaign_id', '=', campaign?.id as string)
      .orderBy('attempt')
      .execute()
    expect(attempts).toEqual([
      { attempt: 1, result: 'declined', decline_code: 'insufficient_funds' },
      { attempt: 2, result: 'declined', decline_code: 'insufficient_funds' },
      { attempt: 3, result: 'declined', decline_code: 'insufficient_funds' },
    ])
  })
})
