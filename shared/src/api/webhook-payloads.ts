import { z } from 'zod'
import { OFFER_TYPES, SAVE_MECHANISMS } from '../config/vocabulary'
import { isoTime, obj } from './common'
import { moneyAmount } from './responses-money'

/**
 * The `data` of the webhook events a finance system books saves from (README "Webhooks out"): the MRR
 * before and after the offer, each an amount with its currency in ISO 4217 minor units (cents; yen
 * without decimals), the offer's terms and the Stripe ids. Every event's body is
 * `{id, type, created, account_id, data}`; these schemas are the `data` (closed: a field added to a body
 * must be added here, and to the docs, first).
 */

const interval = obj({
  interval: z.enum(['day', 'week', 'month', 'year']),
  interval_count: z.number().int().positive(),
})

/** The terms of what the subscriber accepted; every field is present, null where it does not apply. */
export const offerTerms = obj({
  offer: z.enum([...OFFER_TYPES, 'reactivation']),
  /** 'stripe': Retainkit changed the subscription; 'redirect' / 'merchant': the terms as promised. */
  applied_by: z.enum(['stripe', 'redirect', 'merchant']),
  discount_percent: z.number().nullable(),
  /** A fixed-amount coupon's amount off (a promotion code's coupon may be one). */
  discount_amount: moneyAmount.nullable(),
  /** Months a repeating discount lasts; null for a discount applied once or forever. */
  discount_months: z.number().int().nullable(),
  discount_duration: z.enum(['once', 'repeating', 'forever']).nullable(),
  pause_months: z.number().int().nullable(),
  /** When billing resumes after the pause. */
  pause_resumes_at: isoTime.nullable(),
  /** Stripe price ids of a plan or billing-cycle switch. */
  from_price: z.string().nullable(),
  to_price: z.string().nullable(),
  to_plan_name: z.string().nullable(),
  billing_interval_before: interval.nullable(),
  billing_interval_after: interval.nullable(),
  trial_extension_days: z.number().int().nullable(),
  /** The trial's new end. */
  trial_ends_at: isoTime.nullable(),
  /** A churned subscriber's reactivation creates a new subscription: the one that had ended. */
  previous_subscription_id: z.string().nullable(),
})

/** What a save's events say about its money; amounts null only for a session without a Stripe price. */
const saveMoney = {
  save_id: z.string(),
  mrr_before: moneyAmount.nullable().describe('MRR before the offer, monthly equivalent of the plan'),
  mrr_after: moneyAmount
    .nullable()
    .describe('MRR once the terms apply (a pause: what it resumes at; nothing is charged during it)'),
  /** Null for saves recorded before terms were kept with them. */
  terms: offerTerms.nullable(),
}

const sessionFields = {
  session_id: z.string(),
  kind: z.enum(['cancel', 'reactivation']),
  mode: z.enum(['live', 'test']),
  customer_id: z.string(),
  subscription_id: z.string().nullable(),
  reason_key: z.string().nullable(),
  offer: z.string().nullable(),
  /** Kept for receivers written before mrr_before: the same amount in Stripe's unit, and its currency. */
  mrr: z.number().int(),
  currency: z.string().nullable(),
}

export const offerAcceptedData = obj({ ...sessionFields, ...saveMoney })
/** The subscription is the one now paying: for a churned subscriber, the new one. */
export const reactivationAcceptedData = obj({ ...sessionFields, ...saveMoney })

export const saveLostData = obj({
  ...saveMoney,
  session_id: z.string().nullable(),
  customer_id: z.string(),
  subscription_id: z.string(),
  offer: z.enum([...SAVE_MECHANISMS, 'reactivation']),
  /** Kept for receivers written before mrr_after: the MRR that was saved, in Stripe's unit. */
  mrr: z.number().int(),
  currency: z.string().nullable(),
  saved_at: isoTime,
  subscription_status: z.string(),
  cancel_at_period_end: z.boolean(),
})

export type OfferTerms = z.infer<typeof offerTerms>

/** The data each of these events carries, by type. */
export const WEBHOOK_DATA = {
  'offer.accepted': offerAcceptedData,
  'reactivation.accepted': reactivationAcceptedData,
  'save.lost': saveLostData,
} as const

/** A whole delivery body: `{id, type, created, account_id, test?, data}`. */
export const webhookBody = <T extends z.ZodType>(type: string, data: T) =>
  obj({
    id: z.string().describe('Unique per event: deduplicate on it'),
    type: z.literal(type),
    created: z.number().int().describe('Unix seconds: order on it'),
    account_id: z.string(),
    test: z.literal(true).optional().describe('Present on "Send test event" samples only'),
    data,
  })
