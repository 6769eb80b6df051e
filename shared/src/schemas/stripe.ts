import { z } from 'zod'
import { COUPON_LIST_DEFAULT_LIMIT, COUPON_LIST_MAX_LIMIT } from '../constants'
import { accountId, emptyAsAbsent } from './primitives'

/**
 * Bodies and queries of the /api/stripe calls: coupon creation and listing, and the Connect
 * OAuth start/callback. Stripe would reject most of these itself; checking here first gives the
 * merchant one clear message per field instead of Stripe's wording, and saves a round trip.
 */

export const STRIPE_MESSAGES = {
  couponRequired: 'Coupon settings are required',
  percentOff: 'Percent off must be between 1 and 100',
  percentOffPrecision: 'Percent off can have at most two decimal places',
  duration: "Duration must be 'once', 'repeating' or 'forever'",
  durationInMonths: 'Duration in months must be a whole number between 1 and 36',
  durationInMonthsRequired: 'Duration in months is required for repeating coupons',
  durationInMonthsOnlyRepeating: 'Duration in months is only allowed for repeating coupons',
  couponNameTooLong: 'Coupon name too long',
  couponIdTooLong: 'Coupon ID too long',
  couponIdChars: 'Coupon ID can only contain letters, numbers, hyphens, and underscores',
  limit: `Limit must be a whole number between 1 and ${COUPON_LIST_MAX_LIMIT}`,
  cursor: 'Invalid starting_after cursor',
  oauthCode: 'Invalid authorization code',
  oauthState: 'Invalid state',
} as const

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const
export type CouponDuration = (typeof COUPON_DURATIONS)[number]

/** Stripe shows at most 40 characters of a coupon's name on invoices and receipts. */
export const COUPON_NAME_MAX_LENGTH = 40
export const COUPON_ID_MAX_LENGTH = 50
export const COUPON_MAX_MONTHS = 36

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9

export const couponConfigSchema = z
  .strictObject(
    {
      percent_off: z
        .number(STRIPE_MESSAGES.percentOff)
        .min(1, STRIPE_MESSAGES.percentOff)
        .max(100, STRIPE_MESSAGES.percentOff)
        .refine(twoDecimals, STRIPE_MESSAGES.percentOffPrecision),
      duration: z.enum(COUPON_DURATIONS, STRIPE_MESSAGES.duration),
      duration_in_months: z
        .number(STRIPE_MESSAGES.durationInMonths)
        .int(STRIPE_MESSAGES.durationInMonths)
        .min(1, STRIPE_MESSAGES.durationInMonths)
        .max(COUPON_MAX_MONTHS, STRIPE_MESSAGES.durationInMonths)
        .optional(),
      name: emptyAsAbsent(z.string().trim().max(COUPON_NAME_MAX_LENGTH, STRIPE_MESSAGES.couponNameTooLong)),
      id: emptyAsAbsent(
        z
          .string()
          .max(COUPON_ID_MAX_LENGTH, STRIPE_MESSAGES.couponIdTooLong)
          .regex(/^[A-Za-z0-9_-]+$/, STRIPE_MESSAGES.couponIdChars),
      ),
    },
    // Only a missing or non-object config gets this text; unknown keys keep zod's own message.
    { error: (issue) => (issue.code === 'invalid_type' ? STRIPE_MESSAGES.couponRequired : undefined) },
  )
  .superRefine((config, ctx) => {
    // Stripe's own rule: months go with 'repeating' and only with it.
    if (config.duration === 'repeating' && config.duration_in_months === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['duration_in_months'],
        message: STRIPE_MESSAGES.durationInMonthsRequired,
      })
    }
    if (config.duration !== 'repeating' && config.duration_in_months !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['duration_in_months'],
        message: STRIPE_MESSAGES.durationInMonthsOnlyRepeating,
      })
    }
  })
export type CouponConfig = z.output<typeof couponConfigSchema>

/** Body of `POST /api/stripe/coupons`. */
export const createCouponSchema = z.strictObject({
  account_id: accountId,
  config: couponConfigSchema,
})

/** A Stripe object id or cursor: what `starting_after` may carry. */
export const stripeCursorSchema = z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, STRIPE_MESSAGES.cursor)

const wholeNumberText = (value: unknown) =>
  typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value

/** Query of `GET /api/stripe/coupons/{accountId}`: Stripe's own paging, passed through. */
export const couponListQuerySchema = z.strictObject({
  limit: z.preprocess(
    (value) => (value === undefined || value === '' ? COUPON_LIST_DEFAULT_LIMIT : wholeNumberText(value)),
    z
      .number(STRIPE_MESSAGES.limit)
      .int(STRIPE_MESSAGES.limit)
      .min(1, STRIPE_MESSAGES.limit)
      .max(COUPON_LIST_MAX_LIMIT, STRIPE_MESSAGES.limit),
  ),
  starting_after: emptyAsAbsent(stripeCursorSchema),
})

/** Body of `POST /api/stripe/oauth/start`. */
export const stripeOAuthStartSchema = z.strictObject({ account_id: accountId })

/** Body of `POST /api/stripe/oauth/callback`: what Stripe put on the redirect to /stripe/callback. */
export const stripeOAuthCallbackSchema = z.strictObject({
  code: z.string(STRIPE_MESSAGES.oauthCode).regex(/^[A-Za-z0-9_-]{1,255}$/, STRIPE_MESSAGES.oauthCode),
  state: z.string(STRIPE_MESSAGES.oauthState).regex(/^[A-Za-z0-9_-]{16,255}$/, STRIPE_MESSAGES.oauthState),
})
