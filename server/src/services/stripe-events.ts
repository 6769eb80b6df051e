import type Stripe from 'stripe'
import type { AppDeps } from '../deps'
import { HttpError } from '../http/http-error'

/**
 * What both Stripe webhook receivers share (the platform's billing events and each merchant's own):
 * the signature check over the raw body, and which subscription and customer an event concerns. Neither
 * receiver trusts an event's copy of the subscription: it re-reads it from Stripe, so late, repeated and
 * out-of-order deliveries all leave the state Stripe has now.
 */

export const SIGNATURE_MESSAGE = 'Invalid Stripe signature'
/** Stripe's default: a signature older than five minutes is refused (replays). */
const SIGNATURE_TOLERANCE_SECONDS = 300

export interface EventTarget {
  subscriptionId: string | null
  customerId: string | null
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id

/** The subscription and customer an event concerns; null for events neither receiver follows. */
export function subscriptionTargetOf(event: Stripe.Event): EventTarget | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      if (session.mode !== 'subscription') return null
      return { subscriptionId: idOf(session.subscription), customerId: idOf(session.customer) }
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const sub = event.data.object
      return { subscriptionId: sub.id, customerId: idOf(sub.customer) }
    }
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required':
    case 'invoice.voided':
    case 'invoice.marked_uncollectible':
    case 'invoice.paid': {
      const invoice = event.data.object
      return {
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
        customerId: idOf(invoice.customer),
      }
    }
    default:
      return null
  }
}

/** Verifies a delivery against the endpoint's secret; 400 with one message for every failure. */
export function verifyStripeEvent(
  deps: AppDeps,
  payload: string,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new HttpError('INVALID_INPUT', SIGNATURE_MESSAGE, 'stripe-signature')
  try {
    return deps.stripe.webhooks.constructEvent(
      payload,
      signature,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      // Milliseconds: the age of the signature is judged by our clock, not the machine's.
      deps.clock.now().getTime(),
    )
  } catch {
    throw new HttpError('INVALID_INPUT', SIGNATURE_MESSAGE, 'stripe-signature')
  }
}
