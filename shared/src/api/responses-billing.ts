import { z } from 'zod'
import { BILLING_INTERVALS, TIER_SOURCES } from '../billing'
import { isoTime, obj, tier } from './common'

/** Retainkit's own plans (the console's billing calls) and the operator's admin endpoint. */

const source = z.enum(TIER_SOURCES)

export const billingStatus = obj({
  account_id: z.string(),
  tier,
  source,
  billing_enabled: z.boolean(),
  trial: obj({ ends_at: isoTime, days_left: z.number().int() }).nullable(),
  subscription: obj({
    status: z.string(),
    interval: z.enum(BILLING_INTERVALS).nullable(),
    cancel_at_period_end: z.boolean(),
    current_period_end: isoTime.nullable(),
    trial_end: isoTime.nullable(),
  }).nullable(),
  grace: obj({ ends_at: isoTime }).nullable(),
  can_subscribe: z.boolean(),
  can_manage: z.boolean(),
  usage: obj({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    sessions: z.number().int().nonnegative(),
    limit: z.number().int().nullable(),
    limit_kind: z.enum(['cap', 'fair_use']).nullable(),
    stepped_aside: z.number().int().nonnegative(),
    overage_sessions: z.number().int().nonnegative(),
  }),
  notices: z.array(
    obj({
      threshold: z.union([z.literal(80), z.literal(100)]),
      sessions: z.number().int(),
      limit: z.number().int(),
      created_at: isoTime,
    }),
  ),
})
export const hostedPage = obj({ url: z.string().url() })
export const webhookReceipt = obj({
  received: z.literal(true),
  result: z.enum(['applied', 'duplicate', 'ignored']),
})

export const tierChange = obj({
  account: obj({ id: z.string(), name: z.string() }),
  tier,
  source,
})
export const accountListing = obj({
  id: z.string(),
  name: z.string(),
  owners: z.array(z.string()),
  tier,
  source,
  trial_ends_at: isoTime.nullable(),
  sessions_this_month: z.number().int().nonnegative(),
  session_limit: z.number().int().nullable(),
})
export const accountListings = z.array(accountListing)
export const sessionsRevoked = obj({ email: z.string(), revoked: z.number().int().nonnegative() })

/** `npm run admin -- mail`: mail not (yet) delivered, newest first; never a body or a link. */
export const mailListing = obj({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  account_id: z.string().nullable(),
  status: z.enum(['pending', 'sending', 'failed']),
  attempts: z.number().int().nonnegative(),
  last_error: z.string().nullable(),
  created_at: isoTime,
  next_attempt_at: isoTime,
})
export const mailListings = obj({
  /** Rows by status over the whole outbox (sent and cancelled included). */
  counts: obj({
    pending: z.number().int().nonnegative(),
    sending: z.number().int().nonnegative(),
    sent: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    cancelled: z.number().int().nonnegative(),
  }),
  mail: z.array(mailListing),
})

/** `npm run admin -- waitlist`: payment recovery's waitlist, newest first. */
export const waitlistListing = obj({
  total: z.number().int().nonnegative(),
  signups: z.array(
    obj({ email: z.string(), product: z.string(), created_at: isoTime, account_id: z.string().nullable() }),
  ),
})
/** `npm run admin -- early-access <account> on|off`. */
export const earlyAccessChange = obj({ account: obj({ id: z.string(), name: z.string() }), on: z.boolean() })
/** `npm run admin -- reconcile [account]`: one reconcile pass, per account in the order run; error null when it went through. */
export const reconcileOutcomes = obj({
  accounts: z.array(
    obj({
      account: obj({ id: z.string(), name: z.string() }),
      /** Subscriptions read on the account's first sync (0 afterwards). */
      backfilled: z.number().int().nonnegative(),
      /** Stripe events since the previous sync that had not been applied (webhooks that never arrived). */
      applied: z.number().int().nonnegative(),
      error: z.string().nullable(),
    }),
  ),
})
