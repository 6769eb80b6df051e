import { z } from 'zod'
import { OFFER_TYPES, SESSION_STEPS } from '../config/vocabulary'
import { WIDGET_EVENTS_MAX_BATCH } from '../widget-api'
import { isoDateOrDateTime } from './primitives'

/** Request bodies of the widget API; the shapes are declared once in `widget-api.ts`. */

export const sessionStartSchema = z.strictObject({
  mode: z.enum(['live', 'test']).optional(),
  // Which language the session's words are in, nothing else: whatever the page or the browser says is
  // taken as a wish (a tag the account lacks is passed over), never refused, so a page's odd `locale`
  // option cannot stop the flow.
  locale: z.string().max(100).optional(),
  languages: z.array(z.string().max(100)).max(32).optional(),
  merchantHandlesOffers: z.boolean().optional(),
  merchantHandlesCancel: z.boolean().optional(),
})

const reasonKey = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[a-z0-9_]+$/, 'Invalid reason key')

export const sessionEventSchema = z.strictObject({
  step: z.enum(SESSION_STEPS),
  reasonKey: reasonKey.optional(),
  offer: z.enum(OFFER_TYPES).optional(),
  text: z.string().max(2000, 'Feedback too long').optional(),
  at: isoDateOrDateTime.optional(),
})

export const sessionEventsSchema = z.strictObject({
  events: z
    .array(sessionEventSchema)
    .min(1, 'At least one event required')
    .max(WIDGET_EVENTS_MAX_BATCH, `At most ${WIDGET_EVENTS_MAX_BATCH} events per batch`),
})

export const acceptOfferSchema = z.strictObject({
  offer: z.enum(OFFER_TYPES),
  choice: z
    .strictObject({
      months: z.number().int().positive().max(24).optional(),
      planId: z.string().min(1).max(255).optional(),
    })
    .optional(),
  reasonKey: reasonKey.optional(),
  handledByMerchant: z.boolean().optional(),
})

export const cancelSchema = z.strictObject({
  reasonKey: reasonKey.optional(),
  feedback: z.string().max(2000, 'Feedback too long').optional(),
  handledByMerchant: z.boolean().optional(),
})

export const reactivationRequestSchema = z.strictObject({})

/** `POST /api/account?action=widget-secret` (optional body): a live (default) or test-mode secret. */
export const widgetSecretCreateSchema = z.strictObject({
  mode: z.enum(['live', 'test'], "Mode must be 'live' or 'test'").optional(),
})
