import type { InvoiceLine, InvoiceRecord, PaymentMethodRecord } from '../billing-types'
import { resourceMissing } from '../errors'
import { newId } from '../ids'
import { paginate } from '../pagination'
import { p } from '../params'
import { renderRecord } from '../render'
import type { Route } from '../router'
import type { AccountState } from '../state'
import type { SubscriptionRecord } from '../types'
import { meterUsage } from './meters'
import type { Mutator } from './subscription-items'

/**
 * Invoices of subscriptions that pay by card: the first one when Checkout creates the subscription,
 * then one per renewal, charged to the subscription's card (else the customer's default). Whether a
 * charge succeeds follows Stripe's test cards: …0341 attaches fine but every charge fails, …0002 is
 * declined outright, anything else pays. A failed renewal leaves the invoice open and the
 * subscription `past_due`; Stripe retries (DUNNING_RETRY_DAYS after the first failure) and, when the
 * last retry fails too, cancels the subscription — the default "if all retries fail" setting.
 * Subscriptions whose customer has no card at all renew without invoices, as the fake always did.
 */

const DAY = 86_400
/** Days after the first failed attempt at which Stripe retries the charge. */
export const DUNNING_RETRY_DAYS = [1, 3, 7] as const

/** Test cards whose charges fail: …0341 (attached, charges fail) and …0002 (declined). */
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
    status_transitions: { finalized_at: ctx.now, paid_at: null },
    subtotal: total,
    total,
    hidden: { lines },
  }
  ctx.state.invoices.add(invoice)
  sub.latest_invoice = invoice.id
  ctx.emit('invoice.created', renderRecord(ctx.state, invoice))
  ctx.emit('invoice.finalized', renderRecord(ctx.state, invoice))
  attemptPayment(ctx, sub, invoice)
  return invoice
}

/** Charges the invoice once; the subscription follows (active when paid, past_due when not). */
export function attemptPayment(ctx: Mutator, sub: SubscriptionRecord, invoice: InvoiceRecord): void {
  const card = paymentMethodFor(ctx.state, sub)
  const before = renderRecord(ctx.state, sub)
  invoice.attempt_count += 1
  invoice.attempted = true
  if (invoice.amount_due === 0 || (card && !DECLINING_LAST4.has(card.card.last4))) {
    invoice.status = 'paid'
    invoice.amount_paid = invoice.amount_due
    invoice.amount_remaining = 0
    invoice.next_payment_attempt = null
    invoice.status_transitions.paid_at = ctx.now
    ctx.emit('invoice.paid', renderRecord(ctx.state, invoice))
    ctx.emit('invoice.payment_succeeded', renderRecord(ctx.state, invoice))
    if (sub.status === 'past_due' || sub.status === 'unpaid') {
      sub.status = 'active'
      ctx.emit('customer.subscription.updated', renderRecord(ctx.state, sub), before)
    }
    return
  }
  const firstFailure = invoice.created
  const retry = DUNNING_RETRY_DAYS[invoice.attempt_count - 1]
  invoice.next_payment_attempt = retry === undefined ? null : firstFailure + retry * DAY
  ctx.emit('invoice.payment_failed', renderRecord(ctx.state, invoice))
  if (sub.status === 'active' || sub.status === 'trialing') {
    sub.status = 'past_due'
    ctx.emit('customer.subscription.updated', renderRecord(ctx.state, sub), before)
  }
}

/** The open invoice Stripe will retry next for this subscription, if any. */
export function pendingRetry(state: AccountState, sub: SubscriptionRecord): InvoiceRecord | null {
  const invoice = sub.latest_invoice ? state.invoices.get(sub.latest_invoice) : undefined
  return invoice && invoice.status === 'open' && invoice.attempt_count > 0 ? invoice : null
}

export const invoiceRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    resource: 'invoices',
    params: {},
    handle: (ctx) => {
      const id = ctx.path.id as string
      const invoice = ctx.state.invoices.get(id)
      if (!invoice) throw resourceMissing('invoice', id)
      return renderRecord(ctx.state, invoice)
    },
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
