import { z } from 'zod'
import { OFFER_TYPES, SESSION_STEPS } from '../config/vocabulary'
import { WIDGET_EVENTS_MAX_BATCH } from '../widget-api'
import { email, isoDateOrDateTime } from './primitives'

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

/**
 * `POST /api/widget/route`: the session start's wishes, without starting one (the widget sends the very
 * body it will start the session with; `merchantHandlesCancel` changes nothing in the decision).
 */
export const routeRequestSchema = sessionStartSchema.omit({ mode: true })

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

/**
 * The screens the subscriber saw, in order, each with when it appeared (ms since the epoch, the
 * browser's clock): what the flow machine records and a billing call carries for the evidence ledger.
 * Evidence of what the widget drew, checked against the session's plan; it decides nothing.
 */
export const screenTrailSchema = z
  .array(
    z.tuple([
      z.string().regex(/^(reason|feedback|offer|confirm|success|final)\.[a-z_]{0,30}$/, 'Unknown screen'),
      z.number().int().nonnegative().max(8.64e15),
    ]),
  )
  .max(60)

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
  trail: screenTrailSchema.optional(),
})

export const cancelSchema = z.strictObject({
  reasonKey: reasonKey.optional(),
  feedback: z.string().max(2000, 'Feedback too long').optional(),
  handledByMerchant: z.boolean().optional(),
  trail: screenTrailSchema.optional(),
})

/**
 * The statutory page's declaration (`StatutoryRequest`): only what § 312k BGB and Article 11a list.
 * The subscriber may name themselves and the contract as they like (prefilled from Stripe); the
 * server identifies the contract from the signed token, never from these texts.
 */
export const statutoryRequestSchema = z
  .strictObject({
    kind: z.enum(['ordinary', 'extraordinary', 'withdrawal'], 'Choose the type of cancellation'),
    reason: z.string().trim().max(2000, 'Reason too long').optional(),
    name: z.string().trim().min(1, 'Your name is required').max(200, 'Name too long'),
    contract: z.string().trim().min(1, 'The contract is required').max(300, 'Contract too long'),
    effective: z.union([
      z.literal('earliest'),
      z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2027-01-31'),
    ]),
    email: z.string().trim().pipe(email),
  })
  .refine((body) => body.kind !== 'extraordinary' || (body.reason ?? '') !== '', {
    message: 'An extraordinary cancellation needs its reason',
    path: ['reason'],
  })

export const afterCancelSchema = z.strictObject({ answer: z.enum(['yes', 'no'], "Answer 'yes' or 'no'") })

export const reactivationRequestSchema = z.strictObject({})

/** `POST /api/account?action=widget-secret` (optional body): a live (default) or test-mode secret. */
export const widgetSecretCreateSchema = z.strictObject({
  mode: z.enum(['live', 'test'], "Mode must be 'live' or 'test'").optional(),
})
