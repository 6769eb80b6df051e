/**
 * The getting-live checklist and the widget errors the server records for the Install page: the closed
 * vocabularies both the server and the console use, zod-free so the console can import them cheaply.
 */

/** The steps from a new account to a working install, in the order a merchant takes them. */
export const GETTING_LIVE_STEPS = [
  'stripe_connected',
  'flow_customised',
  'widget_secret_created',
  'snippet_seen',
  'first_test_session',
  'first_live_session',
] as const
export type GettingLiveStep = (typeof GETTING_LIVE_STEPS)[number]

/**
 * Where a step stands: done; to do; lapsed (done once, no longer: every widget secret revoked after
 * sessions were signed with one), so the list never says "to do" beside a step that proves it was done;
 * demo (the seeded demo merchant's generated data, with no Stripe account behind it).
 */
export const GETTING_LIVE_STATES = ['done', 'todo', 'lapsed', 'demo'] as const
export type GettingLiveState = (typeof GETTING_LIVE_STATES)[number]

/**
 * What the server refuses from a widget and records per account (deduplicated, counted): an origin the
 * account does not allow, a token whose mode does not fit the page, an expired token, a token whose
 * signature does not verify, and a session start past the Starter cap.
 */
export const WIDGET_ERROR_KINDS = [
  'refused_origin',
  'wrong_mode',
  'expired_token',
  'forged_token',
  'over_cap',
] as const
export type WidgetErrorKind = (typeof WIDGET_ERROR_KINDS)[number]

/** How many distinct errors (kind and detail) are kept per account; older ones are dropped. */
export const WIDGET_ERRORS_KEPT = 20

/** The dashboard's headline figures: sessions, save rate, saved MRR and the top reason. */
export const HEADLINE_FIGURES = ['sessions', 'save_rate', 'saved_mrr', 'top_reason'] as const
