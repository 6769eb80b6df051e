import { z } from 'zod'

/**
 * Field-level building blocks shared by every schema. Each carries the exact specified message, so a
 * rule and its message can only change together.
 */

export const MESSAGES = {
  headline: 'Headline too long',
  subheadline: 'Subheadline too long',
  cta: 'CTA text too long',
  placeholder: 'Placeholder text too long',
  dropdownLabel: 'Dropdown label too long',
  planIdRequired: 'Plan ID is required',
  planNameRequired: 'Plan name is required',
  planNameTooLong: 'Plan name too long',
  planPriceRequired: 'Plan price is required',
  planPriceTooLong: 'Plan price too long',
  promoCode: 'Promo code too long',
  fontFamily: 'Font family too long',
  positive: 'Must be a positive number',
  nonNegative: 'Must be 0 or greater',
  durations: 'At least one duration required',
  plans: 'At least one plan required',
  steps: 'At least one step required',
  hexColor: 'Invalid hex color format',
  url: 'Invalid URL format',
  urlProtocol: 'URL must use http or https protocol',
  emailFormat: 'Invalid email format',
  emailLength: 'Email too long',
  domainFormat: 'Invalid domain format',
  domainLength: 'Domain too long',
  accountIdRequired: 'Account ID is required',
  accountIdLength: 'Account ID too long',
  accountIdChars: 'Account ID can only contain letters, numbers, hyphens, and underscores',
  dateFormat: 'Invalid date format',
  dateOrder: 'Start date must be before or equal to end date',
  secretKey: 'Invalid Stripe secret key format',
  publishableKey: 'Invalid Stripe publishable key format',
  messageShort: 'Message must be at least 10 characters',
  messageLong: 'Message too long',
} as const

export const headline = z.string().max(200, MESSAGES.headline)
export const subheadline = z.string().max(500, MESSAGES.subheadline)
export const ctaText = z.string().max(50, MESSAGES.cta)
export const placeholderText = z.string().max(150, MESSAGES.placeholder)
export const dropdownLabel = z.string().max(100, MESSAGES.dropdownLabel)
export const positiveNumber = z.number().positive(MESSAGES.positive)
export const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, MESSAGES.hexColor)

function parsesAsUrl(value: string): boolean {
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

/** A redirect URL: must parse, then must be http(s). `{placeholders}` are allowed in path and query. */
export const redirectUrl = z
  .string()
  .refine(parsesAsUrl, { message: MESSAGES.url, abort: true })
  .refine((value) => /^https?:$/.test(new URL(value).protocol), MESSAGES.urlProtocol)

/** Turns '' into undefined so an empty form field means "absent". */
export const emptyAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

export const email = z.string().max(255, MESSAGES.emailLength).email(MESSAGES.emailFormat)

// Labels of 1–63 letters/digits/hyphens (not at either end), at least one dot, alphabetic TLD.
const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i
export const domain = z.string().max(255, MESSAGES.domainLength).regex(DOMAIN_PATTERN, MESSAGES.domainFormat)

// `abort` on the required check: an empty ID is missing, not also "contains invalid characters".
export const accountId = z
  .string(MESSAGES.accountIdRequired)
  .min(1, { message: MESSAGES.accountIdRequired, abort: true })
  .max(100, MESSAGES.accountIdLength)
  .regex(/^[A-Za-z0-9_-]+$/, MESSAGES.accountIdChars)

export const tier = z.enum(['free', 'pro'])

/** ISO 8601 date (`2026-01-31`) or datetime (`2026-01-31T10:00:00Z`, offsets allowed). */
// Built once: constructing the two schemas inside the check cost every widget event two schema builds
// (about a tenth of the events call's CPU).
const isoDate = z.iso.date()
const isoDateTime = z.iso.datetime({ offset: true })
export const isoDateOrDateTime = z
  .string(MESSAGES.dateFormat)
  .refine(
    (value) => isoDate.safeParse(value).success || isoDateTime.safeParse(value).success,
    MESSAGES.dateFormat,
  )
