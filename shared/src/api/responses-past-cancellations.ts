import { z } from 'zod'
import { PAST_IMPORT_STATUSES, STRIPE_CANCELLATION_FEEDBACK, STRIPE_CANCELLATION_REASONS } from '../sessions'
import { isoTime, nullableTime, obj } from './common'
import { moneyAmount, moneyTotals } from './responses-money'
import { sessionCustomer } from './responses-sessions'

/**
 * Cancellations from before Retainkit (issue 33): the last 12 months of canceled subscriptions read from
 * the merchant's Stripe when it was connected, kept apart from the flow's sessions. A viewer gets the
 * customers masked, as on the Sessions page.
 */

export const pastImportState = obj({
  status: z.enum(PAST_IMPORT_STATUSES),
  requested_at: isoTime,
  /** Cancellations from this time on are imported (12 months before the import was asked for). */
  window_start: isoTime,
  started_at: nullableTime,
  finished_at: nullableTime,
  /** Canceled subscriptions read from Stripe so far (of every age: Stripe cannot filter by cancel time). */
  scanned: z.number().int(),
  /** Of them, canceled within the window. */
  found: z.number().int(),
  /** Why the last attempt stopped, in words the merchant can act on. */
  error: z.string().nullable(),
  /** When the server tries again by itself; null when it waits for someone (a key to fix). */
  retry_at: nullableTime,
})

export const pastCancellation = obj({
  subscription_id: z.string(),
  customer: sessionCustomer,
  canceled_at: isoTime,
  plan: z.string().nullable(),
  price_id: z.string().nullable(),
  mrr: moneyAmount,
  reason: z.enum(STRIPE_CANCELLATION_REASONS).nullable(),
  feedback: z.enum(STRIPE_CANCELLATION_FEEDBACK).nullable(),
  comment: z.string().nullable(),
})

export const pastCancellations = obj({
  /** Whether the account has Stripe connected now. */
  connected: z.boolean(),
  /** The latest import; null when none was ever asked for. */
  import: pastImportState.nullable(),
  /** The last 12 months, counted from now. */
  since: isoTime,
  total: z.number().int(),
  /** Count per Stripe feedback value, in Stripe's order, then those without feedback (`feedback: null`). */
  by_feedback: z.array(
    obj({ feedback: z.enum(STRIPE_CANCELLATION_FEEDBACK).nullable(), count: z.number().int() }),
  ),
  /** Count per Stripe cancellation reason (requested, payment failed, disputed; null when Stripe gave none). */
  by_reason: z.array(
    obj({ reason: z.enum(STRIPE_CANCELLATION_REASONS).nullable(), count: z.number().int() }),
  ),
  /** The monthly revenue those subscriptions were worth, one amount per currency. */
  mrr_lost: moneyTotals,
  /** The most recent ones, newest first. */
  recent: z.array(pastCancellation),
})
