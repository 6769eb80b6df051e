import {
  STRIPE_CANCELLATION_FEEDBACK,
  STRIPE_CANCELLATION_REASONS,
  type StripeCancellationFeedback,
  type StripeCancellationReason,
} from '@retainkit/shared/sessions'
import type { Insertable } from 'kysely'
import type Stripe from 'stripe'
import type { PastCancellationsTable } from '../../db/tables-past-cancellations'
import { subscriptionMrr } from '../widget/stripe-subscriber'

/** Stripe may add values; what we do not know is kept as null rather than refused. */
const known = <T extends string>(values: readonly T[], value: string | null | undefined): T | null =>
  value && (values as readonly string[]).includes(value) ? (value as T) : null

export const feedbackOf = (value: string | null | undefined): StripeCancellationFeedback | null =>
  known(STRIPE_CANCELLATION_FEEDBACK, value)
export const reasonOf = (value: string | null | undefined): StripeCancellationReason | null =>
  known(STRIPE_CANCELLATION_REASONS, value)

const unix = (seconds: number) => new Date(seconds * 1000)

/** When the subscription was canceled: when it was asked for (Stripe's canceled_at), else when it ended. */
export function canceledAtOf(sub: Stripe.Subscription): number | null {
  return sub.canceled_at ?? sub.ended_at ?? null
}

function customerOf(sub: Stripe.Subscription): { id: string; email: string | null; name: string | null } {
  const customer = sub.customer
  if (typeof customer === 'string') return { id: customer, email: null, name: null }
  if (customer.deleted) return { id: customer.id, email: null, name: null }
  return { id: customer.id, email: customer.email ?? null, name: customer.name ?? null }
}

/** One canceled subscription as stored: its customer, plan, MRR in its own currency and Stripe's why. */
export function pastCancellationRow(
  sub: Stripe.Subscription,
  context: { accountId: string; stripeAccountId: string | null; importedAt: Date },
): Insertable<PastCancellationsTable> | null {
  const canceledAt = canceledAtOf(sub)
  if (canceledAt === null) return null
  const customer = customerOf(sub)
  const price = sub.items.data[0]?.price
  const product = price?.product
  const details = sub.cancellation_details
  return {
    account_id: context.accountId,
    subscription_id: sub.id,
    stripe_account_id: context.stripeAccountId,
    livemode: sub.livemode,
    customer_id: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    started_at: unix(sub.start_date),
    canceled_at: unix(canceledAt),
    price_id: price?.id ?? null,
    product_id: typeof product === 'string' ? product : (product?.id ?? null),
    plan_name:
      price?.nickname ?? (typeof product === 'object' && product && 'name' in product ? product.name : null),
    mrr_amount: subscriptionMrr(sub),
    currency: sub.currency,
    reason: reasonOf(details?.reason),
    feedback: feedbackOf(details?.feedback),
    comment: details?.comment?.slice(0, 5000) || null,
    imported_at: context.importedAt,
  }
}
