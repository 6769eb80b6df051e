import { z } from 'zod'
import { JURISDICTION_MODES } from '../jurisdiction/modes'
import {
  ctaText,
  dropdownLabel,
  email,
  headline,
  hexColor,
  MESSAGES,
  placeholderText,
  positiveNumber,
  redirectUrl,
  subheadline,
} from '../schemas/primitives'
import { LATER_OFFER_DEFAULTS as LATER } from './later-offer-defaults'
import { FEEDBACK_CATEGORIES, FLOW_STEPS, REASON_OFFERS } from './vocabulary'

/**
 * The cancel-flow configuration's shapes (`config_json`) with every rule of the validation table but one:
 * which translation keys exist, which needs the built-in words, themselves typed by these shapes; so the
 * types derive from here and `schema.ts` adds that check (parse with `schema.ts`). Objects are strict: a
 * misspelt key is an error the merchant sees, not a setting silently dropped.
 */

const screenCopy = z.strictObject({
  headline,
  subheadline,
  cta_primary: ctaText,
  cta_secondary: ctaText,
})

const headedCopy = z.strictObject({ headline, subheadline })

const feedbackCopy = z.strictObject({
  headline,
  subheadline,
  placeholder: placeholderText,
  cta_primary: ctaText,
  cta_secondary: ctaText,
})

const dropdownOfferCopy = z.strictObject({
  headline,
  subheadline,
  dropdown_label: dropdownLabel,
  cta_primary: ctaText,
  cta_secondary: ctaText,
})

/**
 * Sections added after configs were first stored: a stored config without them reads as the default
 * (switched off), so older versions keep parsing and rolling back to them still works.
 */
const addedLater = <T extends z.ZodType>(schema: T, value: z.output<T>) =>
  schema.default(() => JSON.parse(JSON.stringify(value)))

export const copySchema = z.strictObject({
  general: screenCopy,
  final: headedCopy,
  cancel_reasons: z.array(z.string().min(1).max(50)).max(20).optional(),
  user_feedback: z.strictObject({
    any_reason: feedbackCopy,
    switched_competitor: feedbackCopy,
    bad_experience: feedbackCopy,
    other: feedbackCopy,
  }),
  discount: screenCopy,
  pause: dropdownOfferCopy,
  plan_switch: dropdownOfferCopy,
  billing_cycle_switch: dropdownOfferCopy,
  trial_extension: addedLater(screenCopy, LATER.copy.trial_extension),
  talk_to_us: addedLater(screenCopy, LATER.copy.talk_to_us),
  success: z.strictObject({
    discount: headedCopy,
    pause: headedCopy,
    plan_switch: headedCopy,
    billing_cycle_switch: headedCopy,
    trial_extension: addedLater(headedCopy, LATER.success.trial_extension),
    talk_to_us: addedLater(headedCopy, LATER.success.talk_to_us),
  }),
})

export const planSchema = z.strictObject({
  /** The Stripe price id the subscriber is switched to. */
  id: z.string(MESSAGES.planIdRequired).min(1, MESSAGES.planIdRequired).max(255),
  name: z
    .string(MESSAGES.planNameRequired)
    .min(1, MESSAGES.planNameRequired)
    .max(100, MESSAGES.planNameTooLong),
  /** Display price, e.g. "$14.99/month". */
  price: z
    .string(MESSAGES.planPriceRequired)
    .min(1, MESSAGES.planPriceRequired)
    .max(50, MESSAGES.planPriceTooLong),
})

export const discountSchema = z.strictObject({
  enabled: z.boolean(),
  /** Percent off. */
  amount: positiveNumber.max(100, 'Discount cannot exceed 100%').optional(),
  /** Months the discount lasts. */
  duration: positiveNumber.int('Duration must be a whole number of months').optional(),
  /** An existing Stripe coupon id to apply instead of creating one from amount and duration. */
  promo_code: z.string().max(50, MESSAGES.promoCode).optional(),
  redirect_template: redirectUrl.optional(),
})

export const pauseSchema = z.strictObject({
  enabled: z.boolean(),
  /** Pause lengths in months the subscriber can choose from. */
  durations: z
    .array(positiveNumber.int('Duration must be a whole number of months'))
    .min(1, MESSAGES.durations)
    .max(12)
    .optional(),
  redirect_template: redirectUrl.optional(),
})

export const planSwitchSchema = z.strictObject({
  enabled: z.boolean(),
  plans: z.array(planSchema).min(1, MESSAGES.plans).max(20).optional(),
  redirect_template: redirectUrl.optional(),
})

/** Extends a trialing subscription's trial (never an active one: that would hand out free time). */
export const trialExtensionSchema = z.strictObject({
  enabled: z.boolean(),
  /** Days added to the trial's end. */
  days: positiveNumber
    .int('Days must be a whole number')
    .max(90, 'A trial can be extended by at most 90 days')
    .optional(),
  redirect_template: redirectUrl.optional(),
})

/** Puts the subscriber in touch with the merchant's support: a link (redirect_template) or an address. */
export const talkToUsSchema = z.strictObject({
  enabled: z.boolean(),
  email: email.optional(),
  redirect_template: redirectUrl.optional(),
})

export const themeSchema = z.strictObject({
  primary_color: hexColor.optional(),
  secondary_color: hexColor.optional(),
  background_color: hexColor.optional(),
  text_color: hexColor.optional(),
  border_radius: z.number().min(0, MESSAGES.nonNegative).max(64).optional(),
  font_family: z.string().max(100, MESSAGES.fontFamily).optional(),
})

export const cancellationFlowSchema = z.strictObject({
  steps: z
    .array(z.enum(FLOW_STEPS, 'Unknown step: use reason, feedback, offer or confirm'))
    .min(1, MESSAGES.steps),
  require_reason: z.boolean(),
  collect_feedback: z.boolean(),
})

/** Reactivation banner: copy and the winback offer. Not in the spec's list; optional. */
export const reactivationConfigSchema = z.strictObject({
  enabled: z.boolean(),
  headline,
  subheadline,
  cta_primary: ctaText,
  cta_secondary: ctaText,
  /** Percent off the first months back for churned subscribers; absent means no winback discount. */
  winback_discount_percent: positiveNumber.max(100, 'Discount cannot exceed 100%').optional(),
  winback_discount_months: positiveNumber.int('Duration must be a whole number of months').max(24).optional(),
})

const regionCode = z
  .string()
  .regex(/^[A-Z]{2}(?:-[A-Z0-9]{1,3})?$/, 'Use an ISO country or region code, e.g. US-MN')

/**
 * Which jurisdiction mode a subscriber's session runs in (shared `jurisdiction/`): the merchant's
 * rules by region (`US-MN`, `DE`, `EU`), the built-in ones (switchable), the mode for everyone else,
 * the cap for `offer_cap` and the length of the EU withdrawal period.
 */
export const jurisdictionSettingsSchema = z.strictObject({
  built_in_rules: z.boolean(),
  rules: z
    .array(
      z.strictObject({
        region: regionCode,
        mode: z.enum(JURISDICTION_MODES, 'Unknown mode'),
        withdrawal_period_only: z.boolean().optional(),
      }),
    )
    .max(100)
    .refine(
      (rules) => new Set(rules.map((rule) => rule.region)).size === rules.length,
      'One rule per region',
    ),
  default_mode: z.enum(JURISDICTION_MODES, 'Unknown mode'),
  cap: z.strictObject({
    max_offers: z.number().int('Use a whole number').min(0, MESSAGES.nonNegative).max(5),
    max_screens: z
      .number()
      .int('Use a whole number')
      .min(1, 'At least one screen (the confirmation)')
      .max(10),
  }),
  withdrawal_days: z
    .number()
    .int('Use a whole number')
    .min(14, 'The EU withdrawal period is at least 14 days')
    .max(365),
})

/**
 * Jurisdictions where save offers must not be shown during cancellation (e.g. `US-MN`), matched against
 * where the subscriber lives (the country and state signed into the subscriber token, else the Stripe
 * billing address); `suppress_offers` switches offers off everywhere; `suppress_offers_when_unknown`
 * shows none when neither says where the subscriber lives. `jurisdictions` chooses each session's
 * mode (absent: the built-in rules); `receipt_copy` sends the merchant a copy of every cancellation
 * receipt.
 */
export const complianceSchema = z.strictObject({
  suppress_offers: z.boolean(),
  suppress_offers_in: z.array(regionCode).max(100),
  suppress_offers_when_unknown: z.boolean().optional(),
  jurisdictions: jurisdictionSettingsSchema.optional(),
  receipt_copy: z.boolean().optional(),
})

/** A language tag as subscribers' browsers and tokens send them: `fr`, `de-CH`, `pt-BR`, `zh-Hant`. */
export const localeTagSchema = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/, 'Use a language tag such as fr, de-CH or pt-BR')

/** A language's strings; which keys may appear is checked in `schema.ts`, where the words are known. */
export const translationShape = z.record(
  z.string(),
  z.string().trim().min(1, 'A translation cannot be empty').max(500, 'Translation too long'),
)

/**
 * The account's languages: the default one (what a missing translation falls back to) and the
 * merchant's translations by language, flat keys (`copy.general.headline`, `ui.next`, `reason.<key>`).
 */
export const languagesShape = (translation: typeof translationShape = translationShape) =>
  z.strictObject({
    default: localeTagSchema,
    translations: z
      .record(localeTagSchema, translation)
      .refine((all) => Object.keys(all).length <= 30, 'At most 30 languages'),
  })

export const cancelFlowConfigShape = (languages = languagesShape()) =>
  z.strictObject({
    copy: copySchema,
    discount: discountSchema,
    pause: pauseSchema,
    plan_switch: planSwitchSchema,
    billing_cycle_switch: planSwitchSchema,
    trial_extension: addedLater(trialExtensionSchema, LATER.trial_extension),
    talk_to_us: addedLater(talkToUsSchema, LATER.talk_to_us),
    theme: themeSchema.optional(),
    cancellation_flow: cancellationFlowSchema.optional(),
    reactivation: reactivationConfigSchema.optional(),
    compliance: complianceSchema.optional(),
    languages: languages.optional(),
  })

/** A cancellation reason as the account stores it. */
export const cancellationReasonSchema = z.strictObject({
  key: z
    .string()
    .min(1, 'Reason key is required')
    .max(50, 'Reason key too long')
    .regex(/^[a-z0-9_]+$/, 'Reason key can only contain lowercase letters, numbers and underscores'),
  label: z.string().trim().min(1, 'Reason label is required').max(100, 'Reason label too long'),
  feedback: z.enum(FEEDBACK_CATEGORIES),
  offer: z.enum(REASON_OFFERS),
  enabled: z.boolean(),
})

export const cancellationReasonsSchema = z
  .array(cancellationReasonSchema)
  .min(1, 'At least one reason required')
  .max(20, 'At most 20 reasons')
  .refine(
    (reasons) => new Set(reasons.map((r) => r.key)).size === reasons.length,
    'Reason keys must be unique',
  )

/** Body of `POST /api/account?action=reasons`. */
export const reasonsPayloadSchema = z.strictObject({ reasons: cancellationReasonsSchema })
