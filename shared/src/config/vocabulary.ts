/**
 * The closed vocabularies of a cancel flow. `as const` tuples (never enums) so that every
 * `Record<OfferType, …>` in the widget, the console and the server fails to compile until a new member
 * is handled everywhere. Zod-free: the widget bundle imports this file.
 */

/** Save offers a reason can lead to, named as in `config_json`. */
export const OFFER_TYPES = [
  'discount',
  'pause',
  'plan_switch',
  'billing_cycle_switch',
  'trial_extension',
  'talk_to_us',
] as const
export type OfferType = (typeof OFFER_TYPES)[number]

/** Save mechanisms as analytics names them. */
export const SAVE_MECHANISMS = [
  'discount',
  'pause',
  'plan_switch',
  'billing_cycle',
  'trial_extension',
  'talk_to_us',
] as const
export type SaveMechanism = (typeof SAVE_MECHANISMS)[number]

export const MECHANISM_OF_OFFER: Readonly<Record<OfferType, SaveMechanism>> = {
  discount: 'discount',
  pause: 'pause',
  plan_switch: 'plan_switch',
  billing_cycle_switch: 'billing_cycle',
  trial_extension: 'trial_extension',
  talk_to_us: 'talk_to_us',
}

/** Feedback categories, one `copy.user_feedback` screen each. */
export const FEEDBACK_CATEGORIES = ['any_reason', 'switched_competitor', 'bad_experience', 'other'] as const
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number]

/** Steps a merchant can put in `cancellation_flow.steps`, in the order they may appear. */
export const FLOW_STEPS = ['reason', 'feedback', 'offer', 'confirm'] as const
export type FlowStep = (typeof FLOW_STEPS)[number]

/** The offer a reason maps to, or none (straight on to cancelling). */
export const REASON_OFFERS = [...OFFER_TYPES, 'none'] as const
export type ReasonOffer = (typeof REASON_OFFERS)[number]

/** Steps recorded for a cancel session or a banner impression; analytics reads them. */
export const SESSION_STEPS = [
  'session_started',
  'reason_selected',
  'feedback_submitted',
  'offer_shown',
  'offer_accepted',
  'offer_declined',
  'reason_continue',
  'cancel_completed',
  'flow_abandoned',
  'banner_shown',
  'banner_accepted',
  'banner_dismissed',
] as const
export type SessionStep = (typeof SESSION_STEPS)[number]
