import { z } from 'zod'
import { JURISDICTION_MODES } from '../jurisdiction/modes'
import { SESSION_KINDS, SESSION_OUTCOMES } from '../sessions'
import { isoTime, nullableTime, obj } from './common'

/**
 * The Sessions page (issue 33): a page of an account's sessions, and one session's whole story. A
 * viewer gets the customer's e-mail and name masked (`masked: true`), everyone else in full.
 */

/** An amount in minor units of its currency (money always travels with its currency). */
export const moneyView = obj({ amount: z.number().int(), currency: z.string() })

export const sessionCustomer = obj({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** Shown in part: the caller may not see customers' details (a viewer). */
  masked: z.boolean(),
})

export const sessionPlan = obj({
  /** The Stripe product's name, as the subscription was when the session started. */
  product: z.string().nullable(),
  price_id: z.string().nullable(),
  interval: z.string().nullable(),
})

export const sessionSummary = obj({
  id: z.string(),
  kind: z.enum(SESSION_KINDS),
  mode: z.enum(['live', 'test']),
  started_at: isoTime,
  completed_at: nullableTime,
  outcome: z.enum(SESSION_OUTCOMES),
  customer: sessionCustomer,
  plan: sessionPlan.nullable(),
  /** Monthly recurring revenue at stake when the session started; null when Stripe did not say. */
  mrr: moneyView.nullable(),
  reason_key: z.string().nullable(),
  offer_shown: z.string().nullable(),
  offer_accepted: z.string().nullable(),
  segment_id: z.string().nullable(),
  experiment_id: z.string().nullable(),
  arm_id: z.string().nullable(),
  /** The jurisdiction mode the session ran in, decided at its start; null when none was (a banner). */
  jurisdiction_mode: z.enum(JURISDICTION_MODES).nullable(),
})

export const sessionsPage = obj({
  sessions: z.array(sessionSummary),
  /** Pass as `cursor` for the next, older page; null on the last one. */
  next_cursor: z.string().nullable(),
})

export const sessionStep = obj({
  step: z.string(),
  at: isoTime,
  reason_key: z.string().nullable(),
  offer: z.string().nullable(),
  /** The subscriber's written feedback (feedback_submitted). */
  text: z.string().nullable(),
})

export const sessionDetail = obj({
  ...sessionSummary.shape,
  subscription_id: z.string().nullable(),
  steps: z.array(sessionStep),
  feedback: z.string().nullable(),
  save: obj({
    mechanism: z.string(),
    mrr_before: moneyView.nullable(),
    mrr_after: moneyView.nullable(),
    saved_at: isoTime,
  }).nullable(),
  /** What happened since, from the merchant's Stripe events: whether a save stuck, the subscription now. */
  since: obj({
    durability: z.enum(['kept', 'lost', 'unknown']).nullable(),
    lost_at: nullableTime,
    checkpoints: obj({
      d30: z.enum(['kept', 'lost', 'pending', 'unknown']),
      d60: z.enum(['kept', 'lost', 'pending', 'unknown']),
      d90: z.enum(['kept', 'lost', 'pending', 'unknown']),
    }).nullable(),
    subscription_status: z.string().nullable(),
    cancel_at_period_end: z.boolean().nullable(),
    ended_at: nullableTime,
    synced_at: nullableTime,
  }),
  /** The customer in the merchant's Stripe dashboard; null when Stripe is not connected. */
  stripe_url: z.string().nullable(),
})

export const sessionsCsv = z.string().describe('CSV (text/csv): one line per session of the filtered view')
