import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { createStripeClient } from './client'
import { createStripeFake, type StripeFake } from './fake'
import { seedPlatformBilling } from './seed-billing'
import { stripeError } from './test-support'

const NOW = 1_800_000_000
const DAY = 86_400

/** A fake whose webhook deliveries land in `received` (verified with the SDK, as a server would). */
async function platform(options: { webhooks?: boolean } = {}) {
  const received: Stripe.Event[] = []
  let secret = ''
  const fake: StripeFake = createStripeFake({
    now: () => NOW,
    webhooks: {
      autoDeliver: true,
      signingTime: () => Math.floor(Date.now() / 1000),
      fetch: async (_url, init) => {
        const header = new Headers(init.headers).get('stripe-signature') ?? ''
        received.push(Stripe.webhooks.constructEvent(String(init.body), header, secret))
        return new Response('{}', { status: 200 })
      },
    },
  })
  const billing = await seedPlatformBilling(fake, {
    webhookUrl: options.webhooks === false ? undefined : 'https://retainkit.example/api/billing/webhook',
  })
  secret = billing.webhook?.secret ?? ''
  const stripe = createStripeClient(fake, billing.secretKey)
  return { fake, billing, stripe, received }
}

/** Submits the hosted page's form as a browser would. */
async function submit(fake: StripeFake, url: string, fields: Record<string, string>) {
  return fake.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
}

async function checkout(stripe: Stripe, billing: Awaited<ReturnType<typeof platform>>['billing']) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer_email: 'owner@merchant.example',
    client_reference_id: 'acct-1',
    line_items: [{ price: billing.prices.monthly, quantity: 1 }, { price: billing.prices.overage }],
    subscription_data: { metadata: { account_id: 'acct-1' }, billing_mode: { type: 'flexible' } },
    success_url: 'https://retainkit.example/settings/?tab=billing&session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://retainkit.example/settings/?tab=billing',
  })
}

async function subscribe(
  fake: StripeFake,
  stripe: Stripe,
  billing: Awaited<ReturnType<typeof platform>>['billing'],
) {
  const session = await checkout(stripe, billing)
  const paid = await submit(fake, session.url ?? '', {
    action: 'pay',
    email: 'owner@merchant.example',
    card: '4242424242424242',
  })
  expect(paid.status).toBe(303)
  const done = await stripe.checkout.sessions.retrieve(session.id)
  return { session: done, subscription: await stripe.subscriptions.retrieve(done.subscription as string) }
}

describe('Billing Meters', () => {
  it('takes meter events once per identifier and sums them per customer', async () => {
    const { stripe, billing } = await platform({ webhooks: false })
    const customer = await stripe.customers.create({ email: 'm@example.com' })
    const send = (identifier: string, value = '1') =>
      stripe.billing.meterEvents.create({
        event_name: billing.meter.eventName,
        identifier,
        payload: { stripe_customer_id: customer.id, value },
      })
    await send('cs_a')
    await send('cs_b', '2')
    const duplicate = await stripeError(send('cs_a'))
    expect(duplicate.message).toBe('An event already exists with identifier cs_a.')
    const summaries = await stripe.billing.meters.listEventSummaries(billing.meter.id, {
      customer: customer.id,
      start_time: NOW - DAY,
      end_time: NOW + DAY,
    })
    expect(summaries.data[0]?.aggregated_value).toBe(3)
  })

  it('refuses events for an unknown meter, an old timestamp or an unknown customer', async () => {
    const { stripe, billing } = await platform({ webhooks: false })
    const customer = await stripe.customers.create({})
    const base = {
      event_name: billing.meter.eventName,
      payload: { stripe_customer_id: customer.id, value: '1' },
    }
    expect(
      (await stripeError(stripe.billing.meterEvents.create({ ...base, event_name: 'nope' }))).message,
    ).toMatch(/No active meter/)
    expect(
      (await stripeError(stripe.billing.meterEvents.create({ ...base, timestamp: NOW - 36 * DAY }))).param,
    ).toBe('timestamp')
    const unknown = await stripeError(
      stripe.billing.meterEvents.create({
        ...base,
        payload: { stripe_customer_id: 'cus_missing', value: '1' },
      }),
    )
    expect(unknown.statusCode).toBe(404)
  })

  it('requires a meter on metered prices (legacy usage records are gone)', async () => {
    const { stripe } = await platform({ webhooks: false })
    const error = await stripeError(
      stripe.prices.create({
        currency: 'usd',
        unit_amount: 100,
        product_data: { name: 'Usage' },
        recurring: { interval: 'month', usage_type: 'metered' },
      }),
    )
    expect(error.param).toBe('recurring[meter]')
  })
})

describe('Checkout Sessions', () => {
  it('checks line items as Stripe does', async () => {
    const { stripe, billing } = await platform({ webhooks: false })
    const base = { mode: 'subscription' as const, success_url: 'https://x.example/ok' }
    const metered = await stripeError(
      stripe.checkout.sessions.create({
        ...base,
        line_items: [{ price: billing.prices.overage, quantity: 1 }],
      }),
    )
    expect(metered.message).toMatch(/Quantity should not be specified where usage_type is `metered`/)
    const noQuantity = await stripeError(
      stripe.checkout.sessions.create({ ...base, line_items: [{ price: billing.prices.monthly }] }),
    )
    expect(noQuantity.param).toBe('line_items[0][quantity]')
    const mixed = await stripeError(
      stripe.checkout.sessions.create({
        ...base,
        line_items: [{ price: billing.prices.annual, quantity: 1 }, { price: billing.prices.overage }],
        subscription_data: { billing_mode: { type: 'classic' } },
      }),
    )
    expect(mixed.message).toMatch(/mismatch in interval/)
    const flexible = await stripe.checkout.sessions.create({
      ...base,
      line_items: [{ price: billing.prices.annual, quantity: 1 }, { price: billing.prices.overage }],
      subscription_data: { billing_mode: { type: 'flexible' } },
    })
    expect(flexible).toMatchObject({ status: 'open', amount_total: 96_000, expires_at: NOW + DAY })
    expect(flexible.url).toMatch(/\/c\/pay\/cs_test_/)
  })

  it('completes on its hosted page: customer, card, subscription, paid invoice, signed events', async () => {
    const { fake, stripe, billing, received } = await platform()
    const session = await checkout(stripe, billing)
    const page = await (await fake.fetch(session.url ?? '')).text()
    expect(page).toContain('Retainkit Pro')
    expect(page).toContain('$100.00 / month')
    const paid = await submit(fake, session.url ?? '', {
      action: 'pay',
      email: 'owner@merchant.example',
      card: '4242424242424242',
    })
    expect(paid.headers.get('location')).toBe(
      `https://retainkit.example/settings/?tab=billing&session=${session.id}`,
    )
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] })
    const sub = done.subscription as Stripe.Subscription
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'acct-1' })
    expect(sub).toMatchObject({
      status: 'active',
      metadata: { account_id: 'acct-1' },
      customer: done.customer,
    })
    expect(sub.items.data.map((item) => item.price.id)).toEqual([
      billing.prices.monthly,
      billing.prices.overage,
    ])
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string)
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 10_000 })
    await fake.deliverWebhooks()
    expect(received.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ])
  })

  it('refuses a declined card and changes nothing; an expired session cannot be paid', async () => {
    const { fake, stripe, billing } = await platform({ webhooks: false })
    const session = await checkout(stripe, billing)
    const declined = await submit(fake, session.url ?? '', {
      action: 'pay',
      email: 'a@b.example',
      card: '4000000000000341',
    })
    expect(declined.status).toBe(402)
    expect(await declined.text()).toContain('Your card was declined.')
    expect(fake.state(billing.account).customers).toHaveLength(0)
    fake.clock.advance(DAY + 1)
    const late = await submit(fake, session.url ?? '', {
      action: 'pay',
      email: 'a@b.example',
      card: '4242424242424242',
    })
    expect(late.status).toBe(410)
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired')
  })
})

describe('Checkout with subscription_data.trial_end', () => {
  it('starts the subscription trialing until then, with nothing charged now, and charges at its end', async () => {
    const { fake, stripe, billing } = await platform({ webhooks: false })
    const trialEnd = NOW + 12 * DAY
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'owner@merchant.example',
      line_items: [{ price: billing.prices.monthly, quantity: 1 }],
      subscription_data: { trial_end: trialEnd, billing_mode: { type: 'flexible' } },
      success_url: 'https://retainkit.example/done',
    })
    const paid = await submit(fake, session.url ?? '', {
      action: 'pay',
      email: 'owner@merchant.example',
      card: '4242424242424242',
    })
    expect(paid.status).toBe(303)
    const done = await stripe.checkout.sessions.retrieve(session.id)
    expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', invoice: null })
    const sub = await stripe.subscriptions.retrieve(done.subscription as string)
    expect(sub).toMatchObject({ status: 'trialing', trial_start: NOW, trial_end: trialEnd })
    expect(sub.items.data[0]?.current_period_end).toBe(trialEnd)
    fake.clock.advance(12 * DAY + 60)
    const after = await stripe.subscriptions.retrieve(sub.id)
    expect(after.status).toBe('active')
    const invoice = await stripe.invoices.retrieve(after.latest_invoice as string)
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 10_000,
      billing_reason: 'subscription_cycle',
    })
  })

  it('refuses a trial_end less than 48 hours away, or beside trial_period_days', async () => {
    const { stripe, billing } = await platform({ webhooks: false })
    const create = (subscription_data: Stripe.Checkout.SessionCreateParams.SubscriptionData) =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer_email: 'owner@merchant.example',
        line_items: [{ price: billing.prices.monthly, quantity: 1 }],
        subscription_data,
      })
    expect(await stripeError(create({ trial_end: NOW + 47 * 3600 }))).toMatchObject({
      statusCode: 400,
      param: 'subscription_data[trial_end]',
    })
    expect(await stripeError(create({ trial_end: NOW + 5 * DAY, trial_period_days: 5 }))).toMatchObject({
      statusCode: 400,
      param: 'subscription_data[trial_end]',
    })
  })
})

describe('Billing Portal', () => {
  it('needs saved portal settings, then cancels at the period end', async () => {
    const bare = createStripeFake({ now: () => NOW })
    const keys = bare.createAccount()
    const sdk = createStripeClient(bare, keys.secretKey)
    const customer = await sdk.customers.create({})
    expect((await stripeError(sdk.billingPortal.sessions.create({ customer: customer.id }))).message).toMatch(
      /customer portal settings/,
    )

    const { fake, stripe, billing, received } = await platform()
    const { subscription } = await subscribe(fake, stripe, billing)
    const portal = await stripe.billingPortal.sessions.create({
      customer: subscription.customer as string,
      return_url: 'https://retainkit.example/settings/?tab=billing',
    })
    expect(await (await fake.fetch(portal.url)).text()).toContain('Renews on')
    const canceled = await submit(fake, portal.url, { action: 'cancel', subscription: subscription.id })
    expect(canceled.status).toBe(303)
    const scheduled = await stripe.subscriptions.retrieve(subscription.id)
    const end = scheduled.items.data[0]?.current_period_end ?? 0
    expect(scheduled).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end })
    fake.clock.advanceTo(end)
    await fake.deliverWebhooks()
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled')
    expect(received.at(-1)?.type).toBe('customer.subscription.deleted')
  })

  it('a card whose charges fail: renewal fails, Stripe retries, then cancels the subscription', async () => {
    const { fake, stripe, billing, received } = await platform()
    const { subscription } = await subscribe(fake, stripe, billing)
    const portal = await stripe.billingPortal.sessions.create({ customer: subscription.customer as string })
    await submit(fake, portal.url, { action: 'card', card: '4000000000000341' })
    const renewal = subscription.items.data[0]?.current_period_end ?? 0
    fake.clock.advanceTo(renewal)
    await fake.deliverWebhooks()
    const failed = received.filter((event) => event.type === 'invoice.payment_failed')
    expect(failed).toHaveLength(1)
    const invoice = failed[0]?.data.object as Stripe.Invoice | undefined
    expect(invoice?.parent?.subscription_details?.subscription).toBe(subscription.id)
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due')
    fake.clock.advanceTo(renewal + 7 * DAY)
    await fake.deliverWebhooks()
    expect(received.filter((event) => event.type === 'invoice.payment_failed')).toHaveLength(4)
    const ended = await stripe.subscriptions.retrieve(subscription.id)
    expect(ended).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } })
  })

  it('a retry after the card was fixed pays the invoice and the subscription is active again', async () => {
    const { fake, stripe, billing } = await platform({ webhooks: false })
    const { subscription } = await subscribe(fake, stripe, billing)
    const portal = await stripe.billingPortal.sessions.create({ customer: subscription.customer as string })
    await submit(fake, portal.url, { action: 'card', card: '4000000000000341' })
    fake.clock.advanceTo(subscription.items.data[0]?.current_period_end ?? 0)
    await submit(fake, portal.url, { action: 'card', card: '4242424242424242' })
    fake.clock.advance(DAY)
    const sub = await stripe.subscriptions.retrieve(subscription.id)
    expect(sub.status).toBe('active')
    expect((await stripe.invoices.retrieve(sub.latest_invoice as string)).status).toBe('paid')
  })

  it('the renewal invoice bills the metered usage of the period that ended', async () => {
    const { fake, stripe, billing } = await platform({ webhooks: false })
    const { subscription } = await subscribe(fake, stripe, billing)
    for (const id of ['cs_1', 'cs_2', 'cs_3']) {
      await stripe.billing.meterEvents.create({
        event_name: billing.meter.eventName,
        identifier: id,
        payload: { stripe_customer_id: subscription.customer as string, value: '1' },
      })
    }
    fake.clock.advanceTo(subscription.items.data[0]?.current_period_end ?? 0)
    const sub = await stripe.subscriptions.retrieve(subscription.id)
    expect(await stripe.invoices.retrieve(sub.latest_invoice as string)).toMatchObject({
      billing_reason: 'subscription_cycle',
      total: 10_000 + 300,
      status: 'paid',
    })
  })
})
