import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { startHttpsReceiver } from '../../../test/support/https-receiver'
import { verifyRetainkitSignature } from '../../../test/support/webhook-recipe'
import type { AppDeps } from '../../deps'
import { deliverDueWebhooks } from '../webhooks-out/deliver'
import { cardUpdateToken } from './links'
import {
  campaignsOf,
  DAY,
  failingSubscriber,
  moveTo,
  pass,
  payCalls,
  type RecoveryMerchant,
  recoveryMerchant,
  type Subscriber,
} from './testing'

/**
 * Issue 30's whole-product acceptance, on the Stripe fake's clock, through the real app (HTTP in
 * process), the mail outbox, the hosted Billing Portal page and a real HTTPS webhook receiver; on PGlite
 * (`server`) and PostgreSQL (`server-pg`).
 */

let t: TestContext
let receiver: Awaited<ReturnType<typeof startHttpsReceiver>>
let merchant: RecoveryMerchant
let endpointSecret: string
let kept: Subscriber
let lost: Subscriber
const HOUR = 3_600

beforeAll(async () => {
  t = await createTestContext({ config: { webhooksAllowLoopback: true } })
  receiver = await startHttpsReceiver()
  merchant = await recoveryMerchant(t)
  await merchant.stripe.billingPortal.configurations.create({
    features: { payment_method_update: { enabled: true }, invoice_history: { enabled: true } },
  })
  const res = await t.request(`/api/webhooks/${merchant.accountId}`, {
    token: merchant.token,
    body: {
      url: `${receiver.url}/hooks/retainkit`,
      events: ['payment.failed', 'payment.recovered', 'payment.lost'],
    },
  })
  expect(res.status).toBe(201)
  endpointSecret = ((await res.json()) as { data: { secret: string } }).data.secret
  kept = await failingSubscriber(t, merchant, {
    declineCode: 'insufficient_funds',
    email: 'kept@example.com',
  })
  lost = await failingSubscriber(t, merchant, { declineCode: 'stolen_card', email: 'lost@example.com' })
}, 60_000)
afterAll(async () => {
  await receiver?.close()
  await t?.close()
})

const start = () => Math.max(kept.renewal, lost.renewal)
const campaignOf = async (customerId: string) =>
  (await campaignsOf(t, merchant.accountId)).find((campaign) => campaign.customer_id === customerId)
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
})

describe('payment recovery, end to end', () => {
  it("the renewal fails and Stripe's retries fail; Retainkit's schedule retries after them", async () => {
    await moveTo(t, start())
    const first = await campaignOf(kept.customerId)
    expect(first).toMatchObject({ state: 'failed', decline_code: 'insufficient_funds' })
    for (const day of [1, 3, 7]) {
      await moveTo(t, start() + day * DAY + HOUR)
      await pass(t)
      expect(payCalls(t, first?.invoice_id as string), `day ${day}`).toHaveLength(0)
    }
    expect(await campaignOf(kept.customerId)).toMatchObject({
      stripe_attempts: 4,
      stripe_next_attempt_at: null,
    })
    await moveTo(t, start() + 8 * DAY + 2 * HOUR)
    await pass(t)
    expect(payCalls(t, first?.invoice_id as string)).toHaveLength(1)
    expect(await campaignOf(kept.customerId)).toMatchObject({ state: 'retrying', our_attempts: 1 })
  })

  it("the failure mail's link opens the portal's card update for that customer only; tampered or expired, no portal", async () => {
    const [failed] = await t.readOutbox('kept@example.com')
    expect(failed?.subject).toBe('Your payment to Acme Cloud failed')
    const link = new URL(failed?.link as string)
    const sessions = () => t.stripe.state(merchant.stripeAccount).portalSessions
    const tampered = `${link.pathname.slice(0, -4)}${link.pathname.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`
    expect((await t.request(tampered, { apiKey: null, ...form({ action: 'update' }) })).status).toBe(400)
    const expired = cardUpdateToken(
      t.deps,
      {
        accountId: merchant.accountId,
        customerId: kept.customerId,
        mode: 'test',
        invoiceId: null,
        channel: 'email',
      },
      new Date(t.clock.now().getTime() - 1000),
    )
    const late = await t.request(`/update-payment/${expired}`, {
      apiKey: null,
      ...form({ action: 'update' }),
    })
    expect(late.status).toBe(410)
    expect(await late.text()).toContain('This link has expired')
    expect(sessions()).toHaveLength(0)

    const opened = await t.request(link.pathname, { apiKey: null, ...form({ action: 'update' }) })
    expect(opened.status).toBe(303)
    const portal = opened.headers.get('location') as string
    expect(sessions()).toHaveLength(1)
    expect(sessions()[0]).toMatchObject({
      customer: kept.customerId,
      flow: { type: 'payment_method_update' },
    })
    const page = await (await t.stripe.fetch(portal)).text()
    expect(page).toContain('kept@example.com')
    expect(page).not.toContain('lost@example.com')
    // A new card is attached in the portal; it returns to the merchant's site.
    const updated = await t.stripe.fetch(portal, form({ action: 'card', card: '4242424242424242' }))
    expect(updated.status).toBe(303)
    expect(updated.headers.get('location')).toBe('https://merchant.example/')
  })

  it('the next retry pays: recovered by the e-mail link, on the dashboard with its amount; payment.recovered signed', async () => {
    const campaign = await campaignOf(kept.customerId)
    await moveTo(t, start() + 10 * DAY + 2 * HOUR)
    await pass(t)
    expect(payCalls(t, campaign?.invoice_id as string)).toHaveLength(2)
    expect(await campaignOf(kept.customerId)).toMatchObject({
      state: 'recovered',
      outcome: 'email_link',
      link_channel: 'email',
    })
    expect((await merchant.stripe.subscriptions.retrieve(kept.subscriptionId)).status).toBe('active')
    const receipt = (await t.readOutbox('kept@example.com')).at(-1)
    expect(receipt?.subject).toBe('Payment received: thank you')

    const owner = await t.signIn(merchant.ownerEmail)
    const report = await t.request(`/api/recovery/${merchant.accountId}/report?mode=test`, {
      token: owner.token,
    })
    const { data } = (await report.json()) as {
      data: {
        recovered: { count: number; amount: unknown[] }
        by_channel: Array<{ channel: string; recovered: number; amount: unknown[] }>
      }
    }
    expect(data.recovered).toMatchObject({ count: 1, amount: [{ amount: 4900, currency: 'eur' }] })
    expect(data.by_channel.find((row) => row.channel === 'email_link')).toMatchObject({
      recovered: 1,
      amount: [{ amount: 4900, currency: 'eur' }],
    })

    const deps: AppDeps = { ...t.deps, webhookExtraCa: receiver.ca }
    await deliverDueWebhooks(deps)
    const recovered = receiver.received.find(
      (request) => JSON.parse(request.rawBody).type === 'payment.recovered',
    )
    expect(recovered).toBeDefined()
    const header = String(recovered?.headers['retainkit-signature'])
    const now = Math.floor(t.clock.now().getTime() / 1000)
    expect(verifyRetainkitSignature(recovered?.rawBody ?? '', header, endpointSecret, now)).toBe(true)
    expect(JSON.parse(recovered?.rawBody ?? '{}').data).toMatchObject({
      customer_id: kept.customerId,
      outcome: 'email_link',
      amount_due: { amount: 4900, currency: 'eur' },
    })
  })

  it('the hard decline: no retry, three mails, lost at the end of the grace', async () => {
    const campaign = await campaignOf(lost.customerId)
    for (const day of [14, 19, 20]) {
      await moveTo(t, start() + day * DAY + 2 * HOUR)
      await pass(t)
    }
    expect((await campaignOf(lost.customerId))?.state).toBe('retrying')
    await moveTo(t, start() + 21 * DAY + 2 * HOUR)
    await pass(t)
    expect(payCalls(t, campaign?.invoice_id as string)).toHaveLength(0)
    expect(await campaignOf(lost.customerId)).toMatchObject({ state: 'lost', outcome: 'grace_ended' })
    const mails = await t.readOutbox('lost@example.com')
    expect(mails).toHaveLength(3)
    expect(mails.map((mail) => mail.subject.replace(/ on .*$/, ''))).toEqual([
      'Your payment to Acme Cloud failed',
      'Reminder: your payment to Acme Cloud is still due',
      'Final notice: your Acme Cloud subscription ends',
    ])
    const owner = await t.signIn(merchant.ownerEmail)
    const report = await t.request(`/api/recovery/${merchant.accountId}/report?mode=test`, {
      token: owner.token,
    })
    const { data } = (await report.json()) as { data: { lost: { count: number }; recovery_rate: number } }
    expect(data.lost.count).toBe(1)
    expect(data.recovery_rate).toBe(50)
    await deliverDueWebhooks({ ...t.deps, webhookExtraCa: receiver.ca })
    const types = receiver.received.map((request) => JSON.parse(request.rawBody).type).sort()
    expect(types).toEqual(['payment.failed', 'payment.failed', 'payment.lost', 'payment.recovered'])
  })
})
