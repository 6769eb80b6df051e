import type { InvoiceLine, InvoiceRecord, PaymentMethodRecord } from '../billing-types'
import { invalidRequest, resourceMissing } from '../errors'
import { newId } from '../ids'
import { paginate } from '../pagination'
import { accepted, p } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import type { AccountState } from '../state'
import type { SubscriptionRecord } from '../types'
import { type ChargeOutcome, cancelInvoiceIntent, chargeInvoice } from './charges'
import { meterUsage } from './meters'
import { customerPaymentMethod, declinedError } from './payment-methods'
import type { Mutator } from './subscription-items'

/**
 * Invoices of subscriptions that pay by card: the first one when Checkout creates the subscription,
 * then one per renewal, charged to the subscription's card (else the customer's default) through its
 * PaymentIntent (charges.ts: Stripe's test cards, expired cards, programmed cards). A failed renewal
 * leaves the invoice open and the subscription `past_due`; Stripe retries on the account's schedule
 * (`failedPayments.retryDays` after the first failure) and, when the last retry fails too, does what
 * the account's settings say (cancel, mark `unpaid`, or leave `past_due`). `invoices.pay` charges an
 * open invoice at once. Subscriptions whose customer has no card at all renew without invoices.
 */

const DAY = 86_400

/** Last four digits of the hosted pages' test cards whose charges fail (…0341 attaches, …0002 not). */
export const DECLINING_LAST4: ReadonlySet<string> = new Set(['0341', '0002'])

export function paymentMethodFor(state: AccountState, sub: SubscriptionRecord): PaymentMethodRecord | null {
  const id =
    sub.default_payment_method ??
    state.customers.get(sub.customer)?.invoice_settings.default_payment_method ??
    null
  return id ? (state.paymentMethods.get(id) ?? null) : null
}

/** Lines of an invoice: licensed items at their quantity; metered ones at the usage a meter reported. */
function linesFor(
  state: AccountState,
  sub: SubscriptionRecord,
  period: (item: SubscriptionRecord['items'][number]) => { start: number; end: number },
  usagePeriod: ((item: SubscriptionRecord['items'][number]) => { start: number; end: number }) | null,
): InvoiceLine[] {
  const lines: InvoiceLine[] = []
  for (const item of sub.items) {
    const price = state.prices.get(item.price)
    if (!price) continue
    const product = state.products.get(price.product)?.name ?? price.product
    if (price.recurring?.usage_type === 'metered') {
      const meter = price.recurring.meter ? state.meters.get(price.recurring.meter) : undefined
      if (!meter || !usagePeriod) continue
      const used = usagePeriod(item)
      const quantity = meterUsage(state, meter, sub.customer, used.start, used.end)
      lines.push({
        price: price.id,
        quantity,
        amount: Math.round(quantity * price.unit_amount),
        period: used,
        description: `${quantity} × ${product} (at $${(price.unit_amount / 100).toFixed(2)} / unit)`,
      })
    } else {
      lines.push({
        price: price.id,
        quantity: item.quantity,
        amount: price.unit_amount * item.quantity,
        period: period(item),
        description: `${item.quantity} × ${product}`,
      })
    }
  }
  return lines
}

/**
 * Creates and charges an invoice for `sub`: at creation (metered items bill nothing yet) or at a
 * renewal (`previous` maps each item to the period that just ended, whose metered usage is billed).
 * An `unpaid` subscription's invoices are finalized but not charged, as on Stripe.
 */
export function invoiceSubscription(
  ctx: Mutator,
  sub: SubscriptionRecord,
  reason: InvoiceRecord['billing_reason'],
  previous: Map<string, { start: number; end: number }> | null,
): InvoiceRecord | null {
  const card = paymentMethodFor(ctx.state, sub)
  if (!card) return null
  const lines = linesFor(
    ctx.state,
    sub,
    (item) => ({ start: item.current_period_start, end: item.current_period_end }),
    previous ? (item) => previous.get(item.id) ?? { start: 0, end: 0 } : null,
  )
  const total = lines.reduce((sum, line) => sum + line.amount, 0)
  const invoice: InvoiceRecord = {
    id: newId('in'),
    object: 'invoice',
    amount_due: total,
    amount_paid: 0,
    amount_remaining: total,
    attempt_count: 0,
    attempted: false,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: ctx.now,
    currency: sub.currency,
    customer: sub.customer,
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
      type: 'subscription_details',
    },
    period_end: ctx.now,
    period_start: ctx.now,
    status: 'open',
    status_transitions: {
      finalized_at: ctx.now,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: total,
    total,
    hidden: { lines, paymentIntent: null, automaticAttempts: 0 },
  }
  ctx.state.invoices.add(invoice)
  sub.latest_invoice = invoice.id
  ctx.emit('invoice.created', renderRecord(ctx.state, invoice))
  ctx.emit('invoice.finalized', renderRecord(ctx.state, invoice))
  if (sub.status !== 'unpaid') attemptPayment(ctx, sub, invoice)
  return invoice
}

/** The subscription of a subscription invoice, if it still exists. */
export function subscriptionOf(state: AccountState, invoice: InvoiceRecord): SubscriptionRecord | undefined {
  return state.subscriptions.get(invoice.parent.subscription_details.subscription)
}

/** The invoice is settled (paid, void, uncollectible): a past-due subscription whose latest it was is active. */
function settleSubscription(ctx: Mutator, invoice: InvoiceRecord): void {
  const sub = subscriptionOf(ctx.state, invoice)
  if (!sub || sub.latest_invoice !== invoice.id) return
  if (sub.status !== 'past_due' && sub.status !== 'unpaid') return
  const before = renderRecord(ctx.state, sub)
  sub.status = 'active'
  ctx.emit('customer.subscription.updated', renderRecord(ctx.state, sub), before)
}

function setDelinquent(ctx: Mutator, customerId: string, delinquent: boolean): void {
  const customer = ctx.state.customers.get(customerId)
  if (!customer || customer.delinquent === delinquent) return
  const before = renderRecord(ctx.state, customer)
  customer.delinquent = delinquent
  ctx.emit('customer.updated', renderRecord(ctx.state, customer), before)
}

/**
 * One attempt to collect `invoice` from `card` (Stripe's own when `automatic`, else `invoices.pay`).
 * Paid: the invoice and its subscription settle. Failed: the attempt is counted, Stripe's next
 * automatic attempt scheduled (a manual attempt leaves that schedule as it was), the subscription
 * `past_due`, `invoice.payment_failed` sent (and `invoice.payment_action_required` when the card
 * needs authentication).
 */
export function chargeAttempt(
  ctx: Mutator,
  invoice: InvoiceRecord,
  card: PaymentMethodRecord,
  automatic: boolean,
): ChargeOutcome {
  const outcome = chargeInvoice(ctx, invoice, card)
  invoice.attempt_count += 1
  invoice.attempted = true
  if (automatic) invoice.hidden.automaticAttempts += 1
  if (outcome.kind === 'paid') {
    invoice.status = 'paid'
    invoice.amount_paid = invoice.amount_due
    invoice.amount_remaining = 0
    invoice.next_payment_attempt = null
    invoice.status_transitions.paid_at = ctx.now
    ctx.emit('invoice.paid', renderRecord(ctx.state, invoice))
    ctx.emit('invoice.payment_succeeded', renderRecord(ctx.state, invoice))
    setDelinquent(ctx, invoice.customer, false)
    settleSubscription(ctx, invoice)
    return outcome
  }
  recordFailure(ctx, invoice, automatic, outcome.kind === 'requires_action')
  return outcome
}

/** A failed attempt: Stripe's next automatic one scheduled, the events, the subscription past due. */
function recordFailure(ctx: Mutator, invoice: InvoiceRecord, automatic: boolean, needsAction: boolean): void {
  if (automatic) {
    const retry = ctx.state.failedPayments.retryDays[invoice.hidden.automaticAttempts - 1]
    invoice.next_payment_attempt = retry === undefined ? null : invoice.created + retry * DAY
  }
  ctx.emit('invoice.payment_failed', renderRecord(ctx.state, invoice))
  if (needsAction) ctx.emit('invoice.payment_action_required', renderRecord(ctx.state, invoice))
  setDelinquent(ctx, invoice.customer, true)
  const sub = subscriptionOf(ctx.state, invoice)
  if (sub && invoice.billing_reason === 'subscription_create') {
    // A first payment that fails leaves the subscription incomplete; Stripe does not retry it.
    invoice.next_payment_attempt = null
    if (sub.status !== 'active') return
    const before = renderRecord(ctx.state, sub)
    sub.status = 'incomplete'
    ctx.emit('customer.subscription.updated', renderRecord(ctx.state, sub), before)
    return
  }
  if (sub && (sub.status === 'active' || sub.status === 'trialing')) {
    const before = renderRecord(ctx.state, sub)
    sub.status = 'past_due'
    ctx.emit('customer.subscription.updated', renderRecord(ctx.state, sub), before)
  }
  if (sub && automatic && invoice.next_payment_attempt === null) afterLastRetry(ctx, sub)
}

/** The last of Stripe's retries failed: what the account's "if all retries fail" setting says. */
function afterLastRetry(ctx: Mutator, sub: SubscriptionRecord): void {
  const behaviour = ctx.state.failedPayments.afterRetries
  if (behaviour === 'past_due') return
  const before = renderRecord(ctx.state, sub)
  if (behaviour === 'unpaid') {
    sub.status = 'unpaid'
    ctx.emit('customer.subscription.updated', renderRecord(ctx.state, sub), before)
    return
  }
  sub.status = 'canceled'
  sub.ended_at = ctx.now
  sub.canceled_at = ctx.now
  sub.cancellation_details.reason = 'payment_failed'
  sub.status_details = undefined
  ctx.emit('customer.subscription.deleted', renderRecord(ctx.state, sub), before)
}

/** Stripe's automatic attempt (a renewal, or a retry on its schedule). */
export function attemptPayment(ctx: Mutator, sub: SubscriptionRecord, invoice: InvoiceRecord): void {
  const card = paymentMethodFor(ctx.state, sub)
  if (invoice.amount_due === 0) {
    invoice.status = 'paid'
    invoice.attempted = true
    invoice.status_transitions.paid_at = ctx.now
    ctx.emit('invoice.paid', renderRecord(ctx.state, invoice))
    ctx.emit('invoice.payment_succeeded', renderRecord(ctx.state, invoice))
    return
  }
  if (card) {
    chargeAttempt(ctx, invoice, card, true)
    return
  }
  // The card was removed since: the attempt fails without a charge.
  invoice.attempt_count += 1
  invoice.attempted = true
  invoice.hidden.automaticAttempts += 1
  recordFailure(ctx, invoice, true, false)
}

/** The open invoice Stripe will retry next for this subscription, if any. */
export function pendingRetry(state: AccountState, sub: SubscriptionRecord): InvoiceRecord | null {
  const invoice = sub.latest_invoice ? state.invoices.get(sub.latest_invoice) : undefined
  return invoice && invoice.status === 'open' && invoice.attempt_count > 0 ? invoice : null
}

function requireInvoice(ctx: RouteContext): InvoiceRecord {
  const id = ctx.path.id as string
  const invoice = ctx.state.invoices.get(id)
  if (!invoice) throw resourceMissing('invoice', id)
  return invoice
}

/** `POST /v1/invoices/:id/pay`: one attempt now; a decline answers 402 and keeps the attempt. */
function payInvoice(ctx: RouteContext): Record<string, unknown> {
  const invoice = requireInvoice(ctx)
  const params = ctx.params as { paid_out_of_band?: boolean; payment_method?: string; forgive?: boolean }
  if (invoice.status === 'paid')
    throw invalidRequest('Invoice is already paid', { code: 'invoice_already_paid' })
  if (invoice.status !== 'open') {
    throw invalidRequest(`You can only pay an open invoice. This invoice is ${invoice.status}.`, {
      code: 'invoice_not_open',
    })
  }
  if (params.paid_out_of_band) {
    invoice.status = 'paid'
    invoice.next_payment_attempt = null
    invoice.status_transitions.paid_at = ctx.now
    ctx.emit('invoice.paid', renderRecord(ctx.state, invoice))
    settleSubscription(ctx, invoice)
    return renderRecord(ctx.state, invoice)
  }
  const sub = subscriptionOf(ctx.state, invoice)
  const card =
    params.payment_method !== undefined
      ? customerPaymentMethod(ctx.state, invoice.customer, params.payment_method, 'payment_method')
      : sub
        ? paymentMethodFor(ctx.state, sub)
        : null
  if (!card) {
    throw invalidRequest(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      { code: 'invoice_no_customer_payment_method' },
    )
  }
  const outcome = chargeAttempt(ctx, invoice, card, false)
  if (outcome.kind === 'paid') return renderRecord(ctx.state, invoice)
  throw declinedError(
    outcome.error,
    { payment_intent: renderRecord(ctx.state, outcome.intent), payment_method: outcome.error.payment_method },
    true,
  )
}

/** Void or mark uncollectible: no more attempts, the intent canceled, the subscription settled. */
function closeInvoice(ctx: RouteContext, to: 'void' | 'uncollectible'): Record<string, unknown> {
  const invoice = requireInvoice(ctx)
  const allowed = to === 'void' ? ['open', 'uncollectible'] : ['open']
  if (!allowed.includes(invoice.status)) {
    throw invalidRequest(
      to === 'void'
        ? `You can only void open or uncollectible invoices. This invoice is ${invoice.status}.`
        : `You can only mark open invoices as uncollectible. This invoice is ${invoice.status}.`,
    )
  }
  invoice.status = to
  invoice.next_payment_attempt = null
  if (to === 'void') invoice.status_transitions.voided_at = ctx.now
  else invoice.status_transitions.marked_uncollectible_at = ctx.now
  cancelInvoiceIntent(ctx, invoice)
  const out = renderRecord(ctx.state, invoice)
  ctx.emit(to === 'void' ? 'invoice.voided' : 'invoice.marked_uncollectible', out)
  settleSubscription(ctx, invoice)
  return out
}

export const invoiceRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    resource: 'invoices',
    params: {},
    handle: (ctx) => renderRecord(ctx.state, requireInvoice(ctx)),
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/pay',
    resource: 'invoices',
    params: {
      forgive: p.boolean(),
      off_session: p.boolean(),
      paid_out_of_band: p.boolean(),
      payment_method: p.string(),
      ...accepted('mandate', 'source'),
    },
    handle: payInvoice,
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/void',
    resource: 'invoices',
    params: {},
    handle: (ctx) => closeInvoice(ctx, 'void'),
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/mark_uncollectible',
    resource: 'invoices',
    params: {},
    handle: (ctx) => closeInvoice(ctx, 'uncollectible'),
  },
  {
    method: 'GET',
    path: '/v1/invoices',
    resource: 'invoices',
    list: true,
    params: {
      customer: p.string(),
      subscription: p.string(),
      status: p.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
      collection_method: p.enum(['charge_automatically', 'send_invoice']),
      ...accepted('created', 'due_date', 'customer_account'),
    },
    handle: (ctx) => {
      const q = ctx.params as { customer?: string; subscription?: string; status?: string }
      const all = ctx.state.invoices
        .list()
        .filter((invoice) => q.customer === undefined || invoice.customer === q.customer)
        .filter(
          (invoice) =>
            q.subscription === undefined ||
            invoice.parent.subscription_details.subscription === q.subscription,
        )
        .filter((invoice) => q.status === undefined || invoice.status === q.status)
      const page = paginate(all, ctx.params, '/v1/invoices', 'invoice')
      return { ...page, data: page.data.map((invoice) => renderRecord(ctx.state, invoice)) }
    },
  },
]
