import { z } from 'zod'
import { WEBHOOK_ENDPOINT_KINDS, WEBHOOK_EVENT_TYPES } from '../webhooks'
import { isoTime, nullableTime, obj } from './common'

/** Saves that stick: the merchant's Stripe events in, the raw export and webhooks out. */

export const exportedSession = obj({
  session_id: z.string(),
  kind: z.string(),
  mode: z.string(),
  customer_id: z.string(),
  subscription_id: z.string().nullable(),
  started_at: isoTime,
  completed_at: nullableTime,
  outcome: z.string(),
  reason_key: z.string().nullable(),
  mrr: z.number(),
  currency: z.string().nullable(),
  steps: z.array(
    obj({
      step: z.string(),
      at: isoTime,
      reason_key: z.string().nullable(),
      offer: z.string().nullable(),
    }),
  ),
  offer: z.string().nullable(),
  saved_mrr: z.number().nullable(),
  durability: z.enum(['kept', 'lost', 'unknown']).nullable(),
  save_state: z
    .enum(['kept', 'paused', 'lost', 'unknown'])
    .nullable()
    .describe(
      "The save's part in the saved-revenue card now (paused: a pause or an extended trial not over)",
    ),
  lost_at: nullableTime,
  d30: z.string().nullable(),
  d60: z.string().nullable(),
  d90: z.string().nullable(),
})
export const sessionExport = z.union([
  obj({
    data: z.array(exportedSession),
    meta: obj({ truncated: z.boolean(), asOf: isoTime }),
  }),
  z.string().describe('CSV (text/csv): one line per session, steps joined by " > "'),
])

export const stripeReceipt = obj({
  received: z.literal(true),
  result: z.enum(['applied', 'duplicate', 'ignored']),
})

export const endpointView = obj({
  id: z.string(),
  url: z.string(),
  kind: z.enum(WEBHOOK_ENDPOINT_KINDS),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string().nullable(),
  created_at: isoTime,
})
export const delivery = obj({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int().nonnegative(),
  last_status: z.number().int().nullable(),
  next_attempt_at: nullableTime,
  created_at: nullableTime,
  delivered_at: nullableTime,
  /** A sample sent with "Send test event", not a real event. */
  test: z.boolean(),
  log: z.array(
    obj({
      at: nullableTime,
      status: z.number().int().nullable(),
      error: z.string().nullable(),
      duration_ms: z.number().nullable(),
    }),
  ),
})

export const endpointCreated = obj({ ...endpointView.shape, secret: z.string() })
export const endpointDeleted = obj({ deleted: z.literal(true) })
export const deliveryReplayed = obj({ replayed: z.literal(true) })
export const testEventQueued = obj({
  delivery_id: z.string(),
  event_id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
})
