import type {
  FeedbackCategory,
  FlowStep,
  OfferType,
  ReasonOffer,
  SaveMechanism,
} from '@retainkit/shared/config-types'

/** Names people see for the config's closed vocabularies; exhaustive so a new member fails the build. */

export const FEEDBACK_LABELS: Readonly<Record<FeedbackCategory, string>> = {
  any_reason: 'General feedback',
  switched_competitor: 'Switched to a competitor',
  bad_experience: 'Bad experience',
  other: 'Something else',
}

export const OFFER_LABELS: Readonly<Record<OfferType, string>> = {
  discount: 'Discount',
  pause: 'Pause',
  plan_switch: 'Plan switch',
  billing_cycle_switch: 'Billing-cycle switch',
  trial_extension: 'Trial extension',
  talk_to_us: 'Talk to us',
}

export const REASON_OFFER_LABELS: Readonly<Record<ReasonOffer, string>> = {
  ...OFFER_LABELS,
  none: 'No offer (straight to cancelling)',
}

export const MECHANISM_LABELS: Readonly<Record<SaveMechanism, string>> = {
  discount: 'Discount',
  pause: 'Pause',
  plan_switch: 'Plan switch',
  billing_cycle: 'Billing cycle',
  trial_extension: 'Trial extension',
  talk_to_us: 'Talk to us',
}

export const STEP_LABELS: Readonly<Record<FlowStep, string>> = {
  reason: 'Ask for a reason',
  feedback: 'Ask for written feedback (its own step)',
  offer: 'Show a save offer',
  confirm: 'Confirm the cancellation',
}
