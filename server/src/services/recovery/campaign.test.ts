import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { syncMerchantSubscriptions } from '../merchant-events/sync'
import { setEarlyAccess } from './settings'
import {
  campaignsOf,
  DAY,
  failingSubscriber,
  moveTo,
  pass,
  payCalls,
  queuedWebhooks,
  type RecoveryMerchant,
  recoveryMerchant,
} from './testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const HOUR = 3_600

async function endpoint(merchant: RecoveryMerchant) {
  const res = await t.request(`/api/webhooks/${merchant.accountId}`, {
    token: merchant.token,
    body: {
      url: 'https://hooks.merchant.example/retainkit',
      events: ['payment.failed', 'payment.recovered', 'payment.lost'],
    },
  })
  expect(res.status).toBe(201)
}

describe('a campaign per failed invoice', () => {
  it("waits for Stripe's retries, then retries on its own schedule and recovers the payment", async () => {
    const merchant = await recoveryMerchant(t)
    await endpoint(merchant)
    // Stripe's four attempts (the renewal and its three retries) and Retainkit's first retry fail.
    const sub = await failingSubscriber(t, merchant, { declineCode: 'insufficient_funds', failures: 5 })
    await moveTo(t, sub.renewal)
    const [opened] = await campaignsOf(t, merchant.accountId)
    expect(opened).toMatchObject({
      state: 'failed',
      customer_id: sub.customerId,
      subscription_id: sub.subscriptionId,
      mode: 'test',
      amount: 4900,
      currency: 'eur',
      mrr: 4900,
      plan_name: 'Pro',
      decline_code: 'insufficient_funds',
      hard_decline: false,
      failed_payment_method: sub.cardId,
      stripe_attempts: 1,
      anchor_at: null,
    })
    expect(opened?.stripe_next_attempt_at?.getTime()).toBe((sub.renewal + DAY) * 1000)
    const invoiceId = opened?.invoice_id as string

    // While Stripe has an attempt to come, Retainkit never retries on top.
    await moveTo(t, sub.renewal + 6 * DAY)
    await pass(t)
    expect(payCalls(t, invoiceId)).toHaveLength(0)
    const [retrying] = await campaignsOf(t, merchant.accountId)
    expect(retrying).toMatchObject({ state: 'retrying', stripe_attempts: 3, anchor_at: null })

    // Stripe's last attempt fails: Retainkit's schedule starts there.
    await moveTo(t, sub.renewal + 7 * DAY)
    const [anchored] = await campaignsOf(t, merchant.accountId)
    expect(anchored?.stripe_attempts).toBe(4)
    expect(anchored?.stripe_next_attempt_at).toBeNull()
    expect(anchored?.anchor_at?.getTime()).toBe((sub.renewal + 7 * DAY) * 1000)

    await moveTo(t, sub.renewal + 8 * DAY + HOUR)
    await pass(t)
    expect(payCalls(t, invoiceId)).toHaveLength(1)
    const [declined] = await campaignsOf(t, merchant.accountId)
    expect(declined).toMatchObject({ state: 'retrying', our_attempts: 1, decline_code: 'insufficient_funds' })
    // A second pass at the same moment does nothing more.
    await pass(t)
    expect(payCalls(t, invoiceId)).toHaveLength(1)

    await moveTo(t, sub.renewal + 10 * DAY + HOUR)
    await pass(t)
    expect(payCalls(t, invoiceId)).toHaveLength(2)
    const [recovered] = await campaignsOf(t, merchant.accountId)
    expect(recovered).toMatchObject({
      state: 'recovered',
      outcome: 'our_retry',
      our_attempts: 2,
      recovered_attempt: 6,
    })
    expect((await merchant.stripe.subscriptions.retrieve(sub.subscriptionId)).status).toBe('active')
    const events = (await queuedWebhooks(t, merchant.accountId)).map((row) => row.event_type)
    expect(events).toEqual(['payment.failed', 'payment.recovered'])
    // The subscriber heard of the failure, a reminder (three days after it), and got a receipt.
    const mails = await t.readOutbox('ana@example.com')
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your payment to Acme Cloud failed',
      'Reminder: your payment to Acme Cloud is still due',
      'Payment received: thank you',
    ])
    expect(mails[0]?.from.name).toBe('Acme Cloud')
    expect(mails[0]?.text).toContain('€49.00 for Pro')
    expect(mails[2]?.text).toContain('We received your payment of €49.00 for Pro')
    const body = JSON.parse((await queuedWebhooks(t, merchant.accountId))[1]?.payload ?? '{}')
    expect(body.data).toMatchObject({
      invoice_id: invoiceId,
      amount_due: { amount: 4900, currency: 'eur' },
      outcome: 'our_retry',
      state: 'recovered',
    })
  })

  it('a hard decline gets no retry and is lost at the end of the grace, the subscription cancelled', async () => {
    const merchant = await recoveryMerchant(t)
    await endpoint(merchant)
    const sub = await failingSubscriber(t, merchant, {
      declineCode: 'stolen_card',
      email: 'lost@example.com',
    })
    await moveTo(t, sub.renewal + 7 * DAY)
    const [campaign] = await campaignsOf(t, merchant.accountId)
    expect(campaign).toMatchObject({ hard_decline: true, decline_code: 'stolen_card' })
    for (const day of [8, 10, 14, 20]) {
      await moveTo(t, sub.renewal + day * DAY + HOUR)
      await pass(t)
    }
    expect(payCalls(t, campaign?.invoice_id as string)).toHaveLength(0)
    expect((await campaignsOf(t, merchant.accountId))[0]?.state).toBe('retrying')
    // Schedule from day 7: the last step at day 14, then 7 days' grace.
    await moveTo(t, sub.renewal + 21 * DAY + HOUR)
    await pass(t)
    expect((await campaignsOf(t, merchant.accountId))[0]).toMatchObject({
      state: 'lost',
      outcome: 'grace_ended',
    })
    expect(await merchant.stripe.subscriptions.retrieve(sub.subscriptionId)).toMatchObject({
      status: 'canceled',
    })
    expect((await queuedWebhooks(t, merchant.accountId)).map((row) => row.event_type)).toEqual([
      'payment.failed',
      'payment.lost',
    ])
    // No retry, three mails: the failure, the reminder, the final notice naming the end.
    const mails = await t.readOutbox('lost@example.com')
    expect(mails.map((mail) => mail.subject.replace(/ on .*$/, ''))).toEqual([
      'Your payment to Acme Cloud failed',
      'Reminder: your payment to Acme Cloud is still due',
      'Final notice: your Acme Cloud subscription ends',
    ])
  })

  it('resolved elsewhere: paid out of band, or voided; lost when Stripe cancels for non-payment', async () => {
    const merchant = await recoveryMerchant(t, { stripe: { billing: { afterRetries: 'cancel' } } })
    const paid = await failingSubscriber(t, merchant, {
      declineCode: 'insufficient_funds',
      email: 'a@example.com',
    })
    const voided = await failingSubscriber(t, merchant, {
      declineCode: 'insufficient_funds',
      email: 'b@example.com',
    })
    const cancelled = await failingSubscriber(t, merchant, {
      declineCode: 'do_not_honor',
      email: 'c@example.com',
    })
    await moveTo(t, Math.max(paid.renewal, voided.renewal, cancelled.renewal))
    const byCustomer = async (customerId: string) =>
      (await campaignsOf(t, merchant.accountId)).find((c) => c.customer_id === customerId)
    await merchant.stripe.invoices.pay((await byCustomer(paid.customerId))?.invoice_id as string, {
      paid_out_of_band: true,
    })
    await merchant.stripe.invoices.voidInvoice((await byCustomer(voided.customerId))?.invoice_id as string)
    await moveTo(t, cancelled.renewal + 7 * DAY)
    expect(await byCustomer(paid.customerId)).toMatchObject({ state: 'resolved', outcome: 'paid_elsewhere' })
    expect(await byCustomer(voided.customerId)).toMatchObject({ state: 'resolved', outcome: 'voided' })
    expect(await byCustomer(cancelled.customerId)).toMatchObject({
      state: 'lost',
      outcome: 'canceled_for_nonpayment',
    })
  })

  it('nothing happens for an account without early access; the reconcile picks up what a webhook missed', async () => {
    const merchant = await recoveryMerchant(t)
    await setEarlyAccess(t.database.db, merchant.accountId, false, t.clock.now())
    const sub = await failingSubscriber(t, merchant, { declineCode: 'insufficient_funds' })
    await moveTo(t, sub.renewal)
    expect(await campaignsOf(t, merchant.accountId)).toHaveLength(0)
    // Granted again: the next failure opens the campaign, here found by the reconcile before any
    // delivery (an OAuth-connected account, or an endpoint that was down); the deliveries then change
    // nothing.
    await setEarlyAccess(t.database.db, merchant.accountId, true, t.clock.now())
    t.stripe.clock.advanceTo(sub.renewal + DAY)
    t.clock.set(new Date((sub.renewal + DAY) * 1000))
    await syncMerchantSubscriptions(t.deps, merchant.accountId)
    const [found] = await campaignsOf(t, merchant.accountId)
    expect(found).toMatchObject({ state: 'retrying', stripe_attempts: 2 })
    await t.stripe.deliverWebhooks()
    expect(await campaignsOf(t, merchant.accountId)).toEqual([{ ...found }])
  })
})
