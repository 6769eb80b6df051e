import type {
  ChargeBehaviour,
  InvoicePaymentRecord,
  InvoiceRecord,
  PaymentError,
  PaymentIntentRecord,
  PaymentMethodRecord,
} from '../billing-types'
import { resourceMissing } from '../errors'
import { newId, randomToken } from '../ids'
import { paginate } from '../pagination'
import { p } from '../params'
import { renderRecord } from '../render'
import type { Route } from '../router'
import type { AccountState } from '../state'
import { declineBehaviour } from './payment-methods'
import type { Mutator } from './subscription-items'

/**
 * Charging an invoice: one PaymentIntent per invoice (created at its first attempt and reused by every
 * retry, as Stripe does), listed as the invoice's default `invoice_payment`. A declined attempt leaves
 * the intent in `requires_payment_method` with `last_payment_error` (code and decline code); a card
 * that needs authentication leaves it in `requires_action`. Stripe's API reaches them as
 * `GET /v1/payment_intents/:id` and `GET /v1/invoice_payments?invoice=` (or the invoice expanded
 * with `payments.data.payment.payment_intent`).
 */

export type ChargeOutcome =
  | { kind: 'paid'; intent: PaymentIntentRecord }
  | { kind: 'declined' | 'requires_action'; intent: PaymentIntentRecord; error: PaymentError }

/** The end of a card's expiry month (unix seconds): charges after it are declined `expired_card`. */
export function cardExpiresAt(card: PaymentMethodRecord['card']): number {
  return Date.UTC(card.exp_year, card.exp_month, 1) / 1000
}

/** What this charge does: an expired card, a programmed card, else the test card's own behaviour. */
function behaviourNow(now: number, method: PaymentMethodRecord): ChargeBehaviour {
  if (now >= cardExpiresAt(method.card)) return declineBehaviour('expired_card')
  const program = method.hidden.program
  if (!program) return method.hidden.behaviour
  program.charges += 1
  const failing =
    program.charges > program.afterSuccesses &&
    (program.failures === null || program.charges <= program.afterSuccesses + program.failures)
  return failing ? declineBehaviour(program.declineCode) : { kind: 'succeed' }
}

function intentFor(ctx: Mutator, invoice: InvoiceRecord): PaymentIntentRecord {
  const existing = invoice.hidden.paymentIntent
    ? ctx.state.paymentIntents.get(invoice.hidden.paymentIntent)
    : null
  if (existing) return existing
  const id = newId('pi')
  const intent: PaymentIntentRecord = {
    id,
    object: 'payment_intent',
    amount: invoice.amount_due,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomToken(24)}`,
    confirmation_method: 'automatic',
    created: ctx.now,
    currency: invoice.currency,
    customer: invoice.customer,
    description: 'Subscription update',
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_types: ['card'],
    setup_future_usage: null,
    status: 'requires_payment_method',
  }
  ctx.state.paymentIntents.add(intent)
  const payment: InvoicePaymentRecord = {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: invoice.amount_due,
    created: ctx.now,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: id, type: 'payment_intent' },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  }
  ctx.state.invoicePayments.add(payment)
  invoice.hidden.paymentIntent = id
  ctx.emit('payment_intent.created', renderRecord(ctx.state, intent))
  return intent
}

function paymentOf(ctx: Mutator, intent: PaymentIntentRecord): InvoicePaymentRecord | undefined {
  return ctx.state.invoicePayments.values().find((payment) => payment.payment.payment_intent === intent.id)
}

/** One attempt to charge `method` for `invoice`; the caller updates the invoice and subscription. */
export function chargeInvoice(
  ctx: Mutator,
  invoice: InvoiceRecord,
  method: PaymentMethodRecord,
): ChargeOutcome {
  const intent = intentFor(ctx, invoice)
  const behaviour = behaviourNow(ctx.now, method)
  intent.payment_method = method.id
  intent.latest_charge = newId('ch')
  if (behaviour.kind === 'succeed') {
    intent.status = 'succeeded'
    intent.amount_received = intent.amount
    intent.last_payment_error = null
    intent.next_action = null
    const payment = paymentOf(ctx, intent)
    if (payment) {
      payment.status = 'paid'
      payment.amount_paid = intent.amount
      payment.status_transitions.paid_at = ctx.now
    }
    ctx.emit('payment_intent.succeeded', renderRecord(ctx.state, intent))
    return { kind: 'paid', intent }
  }
  const decline = behaviour.kind === 'authenticate' ? declineBehaviour('authentication_required') : behaviour
  if (decline.kind !== 'decline') throw new Error('Fake invariant: a declined charge has a decline code')
  const error: PaymentError = {
    type: 'card_error',
    code: decline.code,
    ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
    doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
    message: decline.message,
    payment_method: renderRecord(ctx.state, method),
    payment_method_type: 'card',
  }
  intent.last_payment_error = error
  if (behaviour.kind === 'authenticate') {
    intent.status = 'requires_action'
    intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} }
    ctx.emit('payment_intent.requires_action', renderRecord(ctx.state, intent))
    return { kind: 'requires_action', intent, error }
  }
  intent.status = 'requires_payment_method'
  intent.next_action = null
  ctx.emit('payment_intent.payment_failed', renderRecord(ctx.state, intent))
  return { kind: 'declined', intent, error }
}

/** A voided (or uncollectible) invoice's intent is canceled; its invoice payment too. */
export function cancelInvoiceIntent(ctx: Mutator, invoice: InvoiceRecord): void {
  const intent = invoice.hidden.paymentIntent
    ? ctx.state.paymentIntents.get(invoice.hidden.paymentIntent)
    : null
  if (!intent || intent.status === 'succeeded' || intent.status === 'canceled') return
  intent.status = 'canceled'
  intent.canceled_at = ctx.now
  intent.cancellation_reason = 'void_invoice'
  const payment = paymentOf(ctx, intent)
  if (payment) {
    payment.status = 'canceled'
    payment.status_transitions.canceled_at = ctx.now
  }
  ctx.emit('payment_intent.canceled', renderRecord(ctx.state, intent))
}

export const paymentIntentRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    resource: 'payment_intents',
    params: { client_secret: p.string() },
    handle: (ctx) => {
      const id = ctx.path.id as string
      const intent = ctx.state.paymentIntents.get(id)
      if (!intent) throw resourceMissing('payment_intent', id)
      return renderRecord(ctx.state, intent)
    },
  },
  {
    method: 'GET',
    path: '/v1/invoice_payments/:id',
    resource: 'invoices',
    params: {},
    handle: (ctx) => {
      const id = ctx.path.id as string
      const payment = ctx.state.invoicePayments.get(id)
      if (!payment) throw resourceMissing('invoice payment', id)
      return renderRecord(ctx.state, payment)
    },
  },
  {
    method: 'GET',
    path: '/v1/invoice_payments',
    resource: 'invoices',
    list: true,
    params: {
      invoice: p.string(),
      status: p.enum(['canceled', 'open', 'paid']),
      payment: p.object({ payment_intent: p.string(), payment_record: p.string(), type: p.string() }),
      created: p.any(),
    },
    handle: (ctx) => {
      const q = ctx.params as { invoice?: string; status?: string; payment?: { payment_intent?: string } }
      const all = ctx.state.invoicePayments
        .list()
        .filter((payment) => q.invoice === undefined || payment.invoice === q.invoice)
        .filter((payment) => q.status === undefined || payment.status === q.status)
        .filter(
          (payment) =>
            q.payment?.payment_intent === undefined ||
            payment.payment.payment_intent === q.payment.payment_intent,
        )
      const page = paginate(all, ctx.params, '/v1/invoice_payments', 'invoice_payment')
      return { ...page, data: page.data.map((payment) => renderRecord(ctx.state, payment)) }
    },
  },
]

/** The invoice's `payments` list, which Stripe includes only when asked (`expand[]=payments`). */
export function invoicePaymentsList(ctx: Pick<Mutator, 'state'>, invoiceId: string): Record<string, unknown> {
  const data = ctx.state.invoicePayments
    .list()
    .filter((payment) => payment.invoice === invoiceId)
    .map((payment) => renderRecord(ctx.state, payment))
  return {
    object: 'list',
    data,
    has_more: false,
    total_count: data.length,
    url: `/v1/invoices/${invoiceId}/payments`,
  }
}

/** Fake-only: makes a card's charges decline with `declineCode` (see ChargeProgram). */
export function programCard(
  state: AccountState,
  paymentMethodId: string,
  program: { declineCode: string; afterSuccesses?: number; failures?: number | null },
): void {
  const method = state.paymentMethods.get(paymentMethodId)
  if (!method) throw new Error(`Unknown payment method ${paymentMethodId}`)
  method.hidden.program = {
    declineCode: program.declineCode,
    afterSuccesses: program.afterSuccesses ?? 0,
    failures: program.failures ?? null,
    charges: 0,
  }
}
