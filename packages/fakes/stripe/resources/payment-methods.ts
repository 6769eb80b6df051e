import type { ChargeBehaviour, PaymentMethodRecord } from '../billing-types'
import { FakeStripeError, invalidRequest, missingParameter, resourceMissing } from '../errors'
import { newId, randomToken } from '../ids'
import { paginate } from '../pagination'
import { accepted, mergeMetadata, p } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import type { AccountState } from '../state'
import type { CustomerRecord } from '../types'
import { requireCustomer } from './customer-lookup'
import type { Mutator } from './subscription-items'

/**
 * Card payment methods. Servers never see card numbers: they attach Stripe's test payment methods
 * (`pm_card_visa`, `pm_card_chargeCustomerFail`, …), which Stripe turns into a new `pm_…` of the
 * customer, and read or update what is stored (`card.exp_month`/`exp_year` are updatable). What a
 * charge to a card does follows Stripe's test cards (docs.stripe.com/testing): the declining cards
 * cannot be attached (the attach is declined), …0341 attaches and every charge fails, …3184 needs
 * authentication on every charge. A card past its expiry month is declined `expired_card`.
 */

export const DECLINES: Readonly<Record<string, { code: string; message: string }>> = {
  generic_decline: { code: 'card_declined', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', message: 'Your card has insufficient funds.' },
  lost_card: { code: 'card_declined', message: 'Your card was declined.' },
  stolen_card: { code: 'card_declined', message: 'Your card was declined.' },
  fraudulent: { code: 'card_declined', message: 'Your card was declined.' },
  do_not_honor: { code: 'card_declined', message: 'Your card was declined.' },
  card_velocity_exceeded: {
    code: 'card_declined',
    message:
      'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.',
  },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
  processing_error: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  authentication_required: {
    code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
}

export function declineBehaviour(declineCode: string): ChargeBehaviour {
  const known = DECLINES[declineCode] ?? { code: 'card_declined', message: 'Your card was declined.' }
  return { kind: 'decline', code: known.code, declineCode, message: known.message }
}

interface TestCard {
  number: string
  brand: PaymentMethodRecord['card']['brand']
  funding: 'credit' | 'debit'
  /** What charges do once attached; `attach` set: the attach itself is declined with that code. */
  behaviour: ChargeBehaviour
  attach?: string
}

const succeed: ChargeBehaviour = { kind: 'succeed' }
const card = (number: string, extra: Partial<TestCard> = {}): TestCard => ({
  number,
  brand: 'visa',
  funding: 'credit',
  behaviour: succeed,
  ...extra,
})

/** Cards Stripe declines outright: at attach, and at any charge (a hosted page that skips the attach). */
const declining = (number: string, declineCode: string): TestCard =>
  card(number, { attach: declineCode, behaviour: declineBehaviour(declineCode) })

/** Stripe's test payment methods, by the id a server passes. */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: card('4242424242424242'),
  pm_card_visa_debit: card('4000056655665556', { funding: 'debit' }),
  pm_card_mastercard: card('5555555555554444', { brand: 'mastercard' }),
  pm_card_amex: card('378282246310005', { brand: 'amex' }),
  pm_card_chargeCustomerFail: card('4000000000000341', { behaviour: declineBehaviour('generic_decline') }),
  pm_card_authenticationRequired: card('4000002760003184', { behaviour: { kind: 'authenticate' } }),
  pm_card_chargeDeclined: declining('4000000000000002', 'generic_decline'),
  pm_card_chargeDeclinedInsufficientFunds: declining('4000000000009995', 'insufficient_funds'),
  pm_card_chargeDeclinedLostCard: declining('4000000000009987', 'lost_card'),
  pm_card_chargeDeclinedStolenCard: declining('4000000000009979', 'stolen_card'),
  pm_card_chargeDeclinedExpiredCard: declining('4000000000000069', 'expired_card'),
}

/** The test card a number stands for (the hosted pages take numbers); unknown numbers pay. */
export function testCardForNumber(number: string): TestCard {
  return Object.values(TEST_PAYMENT_METHODS).find((test) => test.number === number) ?? card(number)
}

/** A declined attach or charge of a card, as Stripe answers it (402, `card_error`). */
export function declinedError(
  decline: { code: string; decline_code?: string; message: string },
  extra: { payment_intent?: Record<string, unknown>; payment_method?: Record<string, unknown> | null } = {},
  keepChanges = false,
): FakeStripeError {
  return new FakeStripeError(
    402,
    {
      type: 'card_error',
      code: decline.code,
      ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
      message: decline.message,
      ...extra,
    },
    keepChanges,
  )
}

/** A new card payment method of `customer`, made from a test card, with its `payment_method.attached`. */
export function createCard(ctx: Mutator, customer: CustomerRecord, test: TestCard): PaymentMethodRecord {
  if (test.attach) {
    const known = DECLINES[test.attach] ?? { code: 'card_declined', message: 'Your card was declined.' }
    throw declinedError({ ...known, decline_code: test.attach })
  }
  const year = new Date(ctx.now * 1000).getUTCFullYear()
  const method: PaymentMethodRecord = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: customer.email, name: customer.name, phone: null, tax_id: null },
    card: {
      brand: test.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: test.brand,
      exp_month: 12,
      exp_year: year + 3,
      fingerprint: randomToken(16),
      funding: test.funding,
      generated_from: null,
      last4: test.number.slice(-4),
      networks: { available: [test.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: ctx.now,
    customer: customer.id,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
    hidden: { behaviour: test.behaviour, program: null, expiringSent: null },
  }
  ctx.state.paymentMethods.add(method)
  ctx.emit('payment_method.attached', renderRecord(ctx.state, method))
  return method
}

/** Attaches a test payment method (`pm_card_…`) to `customer`: the new `pm_…` it becomes. */
export function attachTestPaymentMethod(
  ctx: Mutator,
  customer: CustomerRecord,
  id: string,
  param = 'payment_method',
): PaymentMethodRecord {
  const test = TEST_PAYMENT_METHODS[id]
  if (test) return createCard(ctx, customer, test)
  const existing = ctx.state.paymentMethods.get(id)
  if (!existing) throw resourceMissing('PaymentMethod', id, param)
  if (existing.customer !== null && existing.customer !== customer.id) {
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer. To use this PaymentMethod, detach it first.',
      { param },
    )
  }
  existing.customer = customer.id
  ctx.emit('payment_method.attached', renderRecord(ctx.state, existing))
  return existing
}

/** A payment method the customer owns, for `default_payment_method` params. */
export function customerPaymentMethod(
  state: AccountState,
  customerId: string,
  id: string,
  param: string,
): PaymentMethodRecord {
  const method = state.paymentMethods.get(id)
  if (!method) throw resourceMissing('PaymentMethod', id, param)
  if (method.customer !== customerId) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      { param },
    )
  }
  return method
}

function requireMethod(ctx: RouteContext): PaymentMethodRecord {
  const id = ctx.path.id as string
  const method = ctx.state.paymentMethods.get(id)
  if (!method) throw resourceMissing('PaymentMethod', id)
  return method
}

function updateCard(ctx: RouteContext, method: PaymentMethodRecord): void {
  const given = ctx.params.card as { exp_month?: number; exp_year?: number } | undefined
  if (!given) return
  const month = given.exp_month ?? method.card.exp_month
  const year = given.exp_year ?? method.card.exp_year
  const now = new Date(ctx.now * 1000)
  if (month < 1 || month > 12) {
    throw invalidRequest("Your card's expiration month is invalid.", {
      param: 'card[exp_month]',
      code: 'invalid_expiry_month',
    })
  }
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth()
  if (year * 12 + month - 1 < thisMonth) {
    throw invalidRequest("Your card's expiration year is invalid.", {
      param: 'card[exp_year]',
      code: 'invalid_expiry_year',
    })
  }
  method.card.exp_month = month
  method.card.exp_year = year
  method.hidden.expiringSent = null
}

function listFor(ctx: RouteContext, customer: string, path: string): Record<string, unknown> {
  const all = ctx.state.paymentMethods.list().filter((method) => method.customer === customer)
  const page = paginate(all, ctx.params, path, 'payment_method')
  return { ...page, data: page.data.map((method) => renderRecord(ctx.state, method)) }
}

const cardType = p.enum(['card', 'acss_debit', 'sepa_debit', 'us_bank_account', 'link', 'paypal'])

export const paymentMethodRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    resource: 'payment_methods',
    params: {},
    handle: (ctx) => renderRecord(ctx.state, requireMethod(ctx)),
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id',
    resource: 'payment_methods',
    params: {
      card: p.object({ exp_month: p.integer(), exp_year: p.integer(), ...accepted('networks') }),
      metadata: p.metadata(),
      ...accepted('allow_redisplay', 'billing_details', 'us_bank_account'),
    },
    handle: (ctx) => {
      const method = requireMethod(ctx)
      const before = renderRecord(ctx.state, method)
      updateCard(ctx, method)
      method.metadata = mergeMetadata(
        method.metadata,
        ctx.params.metadata as Record<string, string | null> | undefined,
      )
      const after = renderRecord(ctx.state, method)
      ctx.emit('payment_method.updated', after, before)
      return after
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/attach',
    resource: 'payment_methods',
    params: { customer: p.string(), ...accepted('customer_account') },
    handle: (ctx) => {
      const customerId = ctx.params.customer as string | undefined
      if (customerId === undefined) throw missingParameter('customer')
      const customer = requireCustomer(ctx, customerId, 'customer')
      return renderRecord(ctx.state, attachTestPaymentMethod(ctx, customer, ctx.path.id as string, 'id'))
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/detach',
    resource: 'payment_methods',
    params: {},
    handle: (ctx) => {
      const method = requireMethod(ctx)
      if (method.customer === null) {
        throw invalidRequest(`The payment method ${method.id} is not attached to a customer.`)
      }
      const customer = ctx.state.customers.get(method.customer)
      if (customer?.invoice_settings.default_payment_method === method.id) {
        customer.invoice_settings.default_payment_method = null
      }
      method.customer = null
      const out = renderRecord(ctx.state, method)
      ctx.emit('payment_method.detached', out)
      return out
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods',
    resource: 'payment_methods',
    list: true,
    params: { customer: p.string(), type: cardType, ...accepted('allow_redisplay', 'customer_account') },
    handle: (ctx) => {
      const customer = ctx.params.customer as string | undefined
      if (customer === undefined) throw missingParameter('customer')
      return listFor(ctx, customer, '/v1/payment_methods')
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id/payment_methods',
    resource: 'customers',
    list: true,
    params: { type: cardType, ...accepted('allow_redisplay') },
    handle: (ctx) => {
      const customer = requireCustomer(ctx, ctx.path.id as string)
      return listFor(ctx, customer.id, `/v1/customers/${customer.id}/payment_methods`)
    },
  },
]
