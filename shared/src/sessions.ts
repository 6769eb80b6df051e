/**
 * The Sessions page's vocabulary (issue 33): how a session ended, what kind it was, how many a page
 * holds. Zod-free, so the console reads it cheaply; the schemas are in schemas/sessions.ts.
 */

/** A session's outcome, as cancel_sessions.status records it. */
export const SESSION_OUTCOMES = ['open', 'saved', 'stayed', 'canceled', 'abandoned'] as const
export type SessionOutcome = (typeof SESSION_OUTCOMES)[number]

/** A cancel-flow session, or a reactivation banner's. */
export const SESSION_KINDS = ['cancel', 'reactivation'] as const
export type SessionKind = (typeof SESSION_KINDS)[number]

export const SESSION_PAGE_SIZE = 25
export const SESSION_PAGE_MAX = 100

/** The CSV of the filtered view stops here (and says so), like the raw export. */
export const SESSION_CSV_MAX_ROWS = 50_000

/** The longest search a page sends: an e-mail address or a customer id, or the start of one. */
export const SESSION_SEARCH_MAX = 200

/**
 * Cancellations from before Retainkit, imported from Stripe on connect (kept apart from sessions). Stripe's
 * `cancellation_details.feedback` values, as its customer portal words them, in Stripe's order.
 */
export const STRIPE_CANCELLATION_FEEDBACK = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
] as const
export type StripeCancellationFeedback = (typeof STRIPE_CANCELLATION_FEEDBACK)[number]

export const STRIPE_FEEDBACK_LABELS: Readonly<Record<StripeCancellationFeedback, string>> = {
  too_expensive: "It's too expensive",
  missing_features: 'Some features are missing',
  switched_service: "I'm switching to a different service",
  unused: "I don't use the service enough",
  customer_service: 'Customer service was less than expected',
  too_complex: 'Ease of use was less than expected',
  low_quality: 'Quality was less than expected',
  other: 'Other reason',
}

/** Stripe's `cancellation_details.reason`: who or what ended the subscription. */
export const STRIPE_CANCELLATION_REASONS = [
  'cancellation_requested',
  'payment_failed',
  'payment_disputed',
] as const
export type StripeCancellationReason = (typeof STRIPE_CANCELLATION_REASONS)[number]

/** Where an account's import of past cancellations stands. */
export const PAST_IMPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const
export type PastImportStatus = (typeof PAST_IMPORT_STATUSES)[number]

/** How far back the import reads, and what the console counts: the last 12 months. */
export const PAST_CANCELLATION_MONTHS = 12
/** The most recent imported cancellations the console lists. */
export const PAST_CANCELLATION_RECENT = 20
