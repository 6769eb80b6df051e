import { fromStripe, type Money } from '@retainkit/shared/money'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { callStripe } from '../stripe-errors'
import { idOf } from '../stripe-events'

/**
 * What payment recovery reads from Stripe about an invoice, never from an event's copy: its status and
 * attempts, and — through its default payment's PaymentIntent — the card last tried and why it was
 * declined (`last_payment_error.decline_code`, or its `code` when there is no decline code, such as
 * `expired_card` or `authentication_required`).
 */

export const INVOICE_EXPAND = ['payments.data.payment.payment_intent'] as const

export interface InvoiceFacts {
  id: string
  status: Stripe.Invoice.Status | null
  customerId: string
  subscriptionId: string | null
  amountDue: Money
  attemptCount: number
  nextPaymentAttempt: Date | null
  livemode: boolean
  declineCode: string | null
  /** The payment method of the latest attempt (the card that failed, or the one that paid). */
  paymentMethod: string | null
}

function intentOf(invoice: Stripe.Invoice): Stripe.PaymentIntent | null {
  const payments = invoice.payments?.data ?? []
  const payment = payments.find((entry) => entry.is_default) ?? payments[0]
  const intent = payment?.payment.payment_intent
  return intent && typeof intent === 'object' ? intent : null
}

export function invoiceFacts(invoice: Stripe.Invoice): InvoiceFacts {
  const intent = intentOf(invoice)
  const error = intent?.last_payment_error ?? null
  return {
    id: invoice.id ?? '',
    status: invoice.status,
    customerId: idOf(invoice.customer) ?? '',
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) ?? null,
    amountDue: fromStripe(invoice.amount_due, invoice.currency),
    attemptCount: invoice.attempt_count,
    nextPaymentAttempt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
    livemode: invoice.livemode,
    declineCode: error ? (error.decline_code ?? error.code ?? null) : null,
    paymentMethod: idOf(intent?.payment_method ?? null),
  }
}

export async function readInvoice(deps: AppDeps, stripe: Stripe, invoiceId: string): Promise<InvoiceFacts> {
  const invoice = await callStripe(
    deps.logger,
    'invoices.retrieve',
    () => stripe.invoices.retrieve(invoiceId, { expand: [...INVOICE_EXPAND] }),
    { key: 'stored' },
  )
  return invoiceFacts(invoice)
}

export interface CustomerFacts {
  email: string | null
  locale: string | null
  address: { country: string | null; state: string | null } | null
}

export async function readCustomer(
  deps: AppDeps,
  stripe: Stripe,
  customerId: string,
): Promise<CustomerFacts> {
  const customer = await callStripe(
    deps.logger,
    'customers.retrieve',
    () => stripe.customers.retrieve(customerId),
    { key: 'stored' },
  )
  if (customer.deleted) return { email: null, locale: null, address: null }
  const address = customer.address ?? customer.shipping?.address ?? null
  return {
    email: customer.email ?? null,
    locale: customer.preferred_locales?.[0] ?? null,
    address: address ? { country: address.country ?? null, state: address.state ?? null } : null,
  }
}
