import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { createStripeClient } from './client'
import { createStripeFake, type StripeFake } from './fake'
import { stripeError } from './test-support'

// 2027-01-15T08:00:00Z
const NOW = 1_800_000_000
const DAY = 86_400

async function merchant(billing: Parameters<StripeFake['createAccount']>[0] = {}) {
  const fake = createStripeFake({ now: () => NOW })
  const keys = fake.createAccount({ businessName: 'Recovery Co', ...billing })
  const stripe = createStripeClient(fake, keys.secretKey)
  const price = await stripe.prices.create({
    currency: 'eur',
    unit_amount: 4_900,
    recurring: { interval: 'month' },
    product_data: { name: 'Pro' },
  })
  return { fake, keys, stripe, price }
}

/** A customer paying by card (a Stripe test payment method) on a monthly price. */
async function subscriber(stripe: Stripe, price: Stripe.Price, paymentMethod = 'pm_card_visa') {
  const customer = await stripe.customers.create({
    email: 'ana@example.com',
    payment_method: paymentMethod,
    invoice_settings: { default_payment_method: paymentMethod },
  })
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
  })
  return { customer, subscription }
}

const renewalOf = (sub: Stripe.Subscription): number => sub.items.data[0]?.current_period_end ?? 0

function eventsOf(fake: StripeFake, account: string, type: string) {
  return fake
    .state(account)
    .events.filter((event) => event.type === type)
    .reverse()
}

/** The invoice with its payment's intent expanded: where a server reads the decline code. */
async function declineOf(stripe: Stripe, invoiceId: string) {
  const invoice = await stripe.invoices.retrieve(invoiceId, {
    expand: ['payments.data.payment.payment_intent'],
  })
  const intent = invoice.payments?.data[0]?.payment.payment_intent as Stripe.PaymentIntent
  return { invoice, intent }
}

describe('test payment methods', () => {
  it('attaches the test ids as new payment methods of the customer, and declines the declining ones', async () => {
    const { stripe } = await merchant()
    const customer = await stripe.customers.create({
      payment_method: 'pm_card_visa',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    })
    const id = customer.invoice_settings.default_payment_method as string
    expect(id).toMatch(/^pm_1/)
    const card = await stripe.paymentMethods.retrieve(id)
    expect(card).toMatchObject({
      customer: customer.id,
      type: 'card',
      card: { brand: 'visa', last4: '4242' },
    })
    expect(card).not.toHaveProperty('hidden')

    const declined = await stripeError(
      stripe.paymentMethods.attach('pm_card_chargeDeclinedInsufficientFunds', { customer: customer.id }),
    )
    expect(declined).toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    })
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    })
    const listed = await stripe.customers.listPaymentMethods(customer.id)
    expect(listed.data.map((method) => method.id)).toEqual([failing.id, id])
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toHaveLength(2)

    const other = await stripe.customers.create({})
    const notTheirs = await stripeError(
      stripe.customers.update(other.id, { invoice_settings: { default_payment_method: id } }),
    )
    expect(notTheirs.message).toMatch(/must be attached to the customer/)
    expect(notTheirs.param).toBe('invoice_settings[default_payment_method]')
  })

  it('updates the expiry month and year, refusing a past one', async () => {
    const { stripe } = await merchant()
    const customer = await stripe.customers.create({ payment_method: 'pm_card_visa' })
    const [card] = (await stripe.customers.listPaymentMethods(customer.id)).data
    const updated = await stripe.paymentMethods.update(card?.id ?? '', {
      card: { exp_month: 2, exp_year: 2027 },
    })
    expect(updated.card).toMatchObject({ exp_month: 2, exp_year: 2027 })
    const past = await stripeError(stripe.paymentMethods.update(card?.id ?? '', { card: { exp_year: 2026 } }))
    expect(past).toMatchObject({ param: 'card[exp_year]', code: 'invalid_expiry_year' })
  })
})

describe('failed renewals and retries', () => {
  it("retries on the account's schedule, then marks the subscription unpaid; invoices.pay collects it once", async () => {
    const { fake, keys, stripe, price } = await merchant({ billing: { afterRetries: 'unpaid' } })
    const { customer, subscription } = await subscriber(stripe, price)
    expect((await stripe.invoices.retrieve(subscription.latest_invoice as string)).status).toBe('paid')
    const card = customer.invoice_settings.default_payment_method as string
    fake.cards.program(keys.id, card, { declineCode: 'insufficient_funds', failures: 5 })

    const renewal = renewalOf(subscription)
    fake.clock.advanceTo(renewal)
    const sub = await stripe.subscriptions.retrieve(subscription.id)
    expect(sub.status).toBe('past_due')
    const invoiceId = sub.latest_invoice as string
    const first = await declineOf(stripe, invoiceId)
    expect(first.invoice).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: renewal + DAY,
    })
    expect(first.intent).toMatchObject({
      status: 'requires_payment_method',
      payment_method: card,
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
    })
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      delinquent: true,
    })

    fake.clock.advanceTo(renewal + DAY)
    expect(await stripe.invoices.retrieve(invoiceId)).toMatchObject({
      attempt_count: 2,
      next_payment_attempt: renewal + 3 * DAY,
    })
    fake.clock.advanceTo(renewal + 7 * DAY)
    expect(await stripe.invoices.retrieve(invoiceId)).toMatchObject({
      attempt_count: 4,
      next_payment_attempt: null,
    })
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('unpaid')
    expect(eventsOf(fake, keys.id, 'invoice.payment_failed')).toHaveLength(4)

    const key = `retry_${invoiceId}_1`
    const declined = await stripeError(stripe.invoices.pay(invoiceId, {}, { idempotencyKey: key }))
    expect(declined).toMatchObject({ statusCode: 402, decline_code: 'insufficient_funds' })
    const replayed = await stripeError(stripe.invoices.pay(invoiceId, {}, { idempotencyKey: key }))
    expect(replayed.decline_code).toBe('insufficient_funds')
    // The replay charged nothing: one manual attempt counted, one more failure event.
    expect((await stripe.invoices.retrieve(invoiceId)).attempt_count).toBe(5)
    expect(eventsOf(fake, keys.id, 'invoice.payment_failed')).toHaveLength(5)

    const paid = await stripe.invoices.pay(invoiceId, {}, { idempotencyKey: `retry_${invoiceId}_2` })
    expect(paid).toMatchObject({ status: 'paid', attempt_count: 6, amount_paid: 4_900 })
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
    const paidEvent = eventsOf(fake, keys.id, 'invoice.paid').at(-1)
    expect(paidEvent?.request.idempotency_key).toBe(`retry_${invoiceId}_2`)
    expect((await stripeError(stripe.invoices.pay(invoiceId))).message).toBe('Invoice is already paid')
  })

  it('with retries off and "leave past due", the first failure is the last: no next attempt, still past due', async () => {
    const { fake, keys, stripe, price } = await merchant({
      billing: { retryDays: [], afterRetries: 'past_due' },
    })
    const { customer, subscription } = await subscriber(stripe, price)
    fake.cards.program(keys.id, customer.invoice_settings.default_payment_method as string, {
      declineCode: 'stolen_card',
    })
    fake.clock.advanceTo(renewalOf(subscription) + 30 * DAY - 1)
    const sub = await stripe.subscriptions.retrieve(subscription.id)
    expect(sub.status).toBe('past_due')
    const { invoice, intent } = await declineOf(stripe, sub.latest_invoice as string)
    expect(invoice).toMatchObject({ attempt_count: 1, next_payment_attempt: null })
    expect(intent.last_payment_error?.decline_code).toBe('stolen_card')
  })

  it('a card that needs authentication: payment_failed and payment_action_required, the intent requires_action', async () => {
    const { fake, keys, stripe, price } = await merchant()
    const { customer, subscription } = await subscriber(stripe, price)
    const strong = await stripe.paymentMethods.attach('pm_card_authenticationRequired', {
      customer: customer.id,
    })
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: strong.id } })
    fake.clock.advanceTo(renewalOf(subscription))
    const invoiceId = (await stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string
    expect(eventsOf(fake, keys.id, 'invoice.payment_action_required').map((e) => e.data.object.id)).toEqual([
      invoiceId,
    ])
    expect(eventsOf(fake, keys.id, 'invoice.payment_failed')).toHaveLength(1)
    const { intent } = await declineOf(stripe, invoiceId)
    expect(intent).toMatchObject({
      status: 'requires_action',
      last_payment_error: { code: 'authentication_required', decline_code: 'authentication_required' },
    })
    expect((await stripe.paymentIntents.retrieve(intent.id)).id).toBe(intent.id)
    const payments = await stripe.invoicePayments.list({ invoice: invoiceId })
    expect(payments.data[0]).toMatchObject({ is_default: true, status: 'open' })
  })

  it('a card expiring: customer.source.expiring on the first of its last month, then expired_card after it', async () => {
    const { fake, keys, stripe, price } = await merchant()
    const { customer, subscription } = await subscriber(stripe, price)
    const card = customer.invoice_settings.default_payment_method as string
    await stripe.paymentMethods.update(card, { card: { exp_month: 2, exp_year: 2027 } })
    fake.clock.advanceTo(Date.UTC(2027, 1, 1) / 1000 - 1)
    expect(eventsOf(fake, keys.id, 'customer.source.expiring')).toHaveLength(0)
    fake.clock.advance(1)
    const [notice] = eventsOf(fake, keys.id, 'customer.source.expiring')
    expect(notice?.data.object).toMatchObject({
      object: 'card',
      id: card,
      customer: customer.id,
      exp_month: 2,
      exp_year: 2027,
      last4: '4242',
    })
    // The February renewal is inside the card's last month; March's is after it.
    fake.clock.advanceTo(Date.UTC(2027, 2, 16) / 1000)
    expect(eventsOf(fake, keys.id, 'customer.source.expiring')).toHaveLength(1)
    const sub = await stripe.subscriptions.retrieve(subscription.id)
    const { intent } = await declineOf(stripe, sub.latest_invoice as string)
    expect(intent.last_payment_error).toMatchObject({ code: 'expired_card', decline_code: 'expired_card' })
    expect(eventsOf(fake, keys.id, 'invoice.paid')).toHaveLength(2)
  })

  it('voiding the open invoice settles the subscription and cancels its intent; a void invoice cannot be paid', async () => {
    const { fake, keys, stripe, price } = await merchant({ billing: { afterRetries: 'unpaid' } })
    const { customer, subscription } = await subscriber(stripe, price)
    fake.cards.program(keys.id, customer.invoice_settings.default_payment_method as string, {
      declineCode: 'generic_decline',
    })
    fake.clock.advanceTo(renewalOf(subscription) + 8 * DAY)
    const invoiceId = (await stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('unpaid')
    const voided = await stripe.invoices.voidInvoice(invoiceId)
    expect(voided).toMatchObject({ status: 'void', next_payment_attempt: null })
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
    const { intent } = await declineOf(stripe, invoiceId)
    expect(intent.status).toBe('canceled')
    expect(eventsOf(fake, keys.id, 'invoice.voided')).toHaveLength(1)
    expect((await stripeError(stripe.invoices.pay(invoiceId))).message).toMatch(/only pay an open invoice/)
  })
})

describe('Billing Portal flows', () => {
  async function portalMerchant() {
    const setup = await merchant({ billing: { afterRetries: 'unpaid' } })
    await setup.stripe.billingPortal.configurations.create({
      features: { invoice_history: { enabled: true } },
    })
    return setup
  }

  it('a payment_method_update deep link shows only the card, then returns to the merchant; the next retry pays', async () => {
    const { fake, keys, stripe, price } = await portalMerchant()
    const { customer, subscription } = await subscriber(stripe, price)
    await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id })
    const failing = (await stripe.customers.listPaymentMethods(customer.id)).data[0]?.id as string
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: failing } })
    fake.clock.advanceTo(renewalOf(subscription))
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'https://merchant.example/account',
      flow_data: {
        type: 'payment_method_update',
        after_completion: { type: 'redirect', redirect: { return_url: 'https://merchant.example/thanks' } },
      },
    })
    expect(session.flow).toMatchObject({
      type: 'payment_method_update',
      after_completion: { type: 'redirect', redirect: { return_url: 'https://merchant.example/thanks' } },
      subscription_cancel: null,
    })
    const page = await (await fake.fetch(session.url)).text()
    expect(page).toContain('Update payment method')
    expect(page).toContain('Visa •••• 0341')
    expect(page).not.toContain('Current plan')
    const done = await fake.fetch(session.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'card', card: '4242424242424242' }).toString(),
      redirect: 'manual',
    })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('https://merchant.example/thanks')
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due')
    fake.clock.advance(DAY)
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
    expect(eventsOf(fake, keys.id, 'invoice.paid').at(-1)?.request.id).toBeNull()
  })

  it('checks flow_data as Stripe does', async () => {
    const { stripe, price } = await portalMerchant()
    const { customer } = await subscriber(stripe, price)
    const other = await subscriber(stripe, price)
    const base = { customer: customer.id }
    const noRedirect = await stripeError(
      stripe.billingPortal.sessions.create({
        ...base,
        flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect' } },
      }),
    )
    expect(noRedirect.message).toBe('Missing required param: flow_data[after_completion][redirect].')
    const wrongType = await stripeError(
      stripe.billingPortal.sessions.create({
        ...base,
        flow_data: { type: 'nope' as 'payment_method_update' },
      }),
    )
    expect(wrongType.param).toBe('flow_data[type]')
    const notTheirs = await stripeError(
      stripe.billingPortal.sessions.create({
        ...base,
        flow_data: {
          type: 'subscription_cancel',
          subscription_cancel: { subscription: other.subscription.id },
        },
      }),
    )
    expect(notTheirs.statusCode).toBe(404)
    const confirm = await stripe.billingPortal.sessions.create({
      ...base,
      flow_data: {
        type: 'payment_method_update',
        after_completion: { type: 'hosted_confirmation', hosted_confirmation: { custom_message: 'Thanks!' } },
      },
    })
    expect(confirm.flow?.after_completion.hosted_confirmation).toEqual({ custom_message: 'Thanks!' })
  })
})
