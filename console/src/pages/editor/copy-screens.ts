import type { FlowScreen } from '@retainkit/shared/flow'
import { OFFER_TYPES, type OfferType } from '@retainkit/shared/vocabulary'
import { schemaMaxLength } from './schema-limits'

/**
 * Every screen of `config_json.copy` the editor shows, with its fields and what each button does. The
 * character limits come from the shared schema itself (schema-limits.ts), so the counters and the validation
 * messages can never disagree.
 */

export const COPY_FIELDS = [
  'headline',
  'subheadline',
  'placeholder',
  'dropdown_label',
  'cta_primary',
  'cta_secondary',
] as const
export type CopyField = (typeof COPY_FIELDS)[number]

export interface CopyScreen {
  /** Path inside the config, e.g. `copy.user_feedback.other`. */
  path: string
  title: string
  description: string
  fields: readonly CopyField[]
  /** What the two buttons do on this screen (labels for the CTA fields). */
  buttons?: { primary: string; secondary: string }
  /** The preview screen that shows this copy, so editing a field can jump the preview there. */
  screen: FlowScreen
}

const CONTINUE = { primary: 'Continue button', secondary: 'Keep-subscription button' }
const OFFER = { primary: 'Accept button', secondary: 'Decline-and-cancel button' }
const SCREEN_FIELDS: readonly CopyField[] = ['headline', 'subheadline', 'cta_primary', 'cta_secondary']
const HEADED: readonly CopyField[] = ['headline', 'subheadline']
const FEEDBACK: readonly CopyField[] = [
  'headline',
  'subheadline',
  'placeholder',
  'cta_primary',
  'cta_secondary',
]
const DROPDOWN: readonly CopyField[] = [
  'headline',
  'subheadline',
  'dropdown_label',
  'cta_primary',
  'cta_secondary',
]

interface OfferCopy {
  title: string
  description: string
  fields: readonly CopyField[]
  success: { title: string; description: string }
}

/** The offer screen and the success screen of each offer: a new offer type fails the build here. */
const OFFER_COPY: Readonly<Record<OfferType, OfferCopy>> = {
  discount: {
    title: 'Discount offer',
    description: 'Use {amount} and {duration} for the offer’s terms.',
    fields: SCREEN_FIELDS,
    success: { title: 'Success: discount accepted', description: 'Shown after the discount is applied.' },
  },
  pause: {
    title: 'Pause offer',
    description: 'The dropdown lists the pause lengths set under Offers.',
    fields: DROPDOWN,
    success: { title: 'Success: paused', description: 'Shown after the subscription is paused.' },
  },
  plan_switch: {
    title: 'Plan switch offer',
    description: 'The dropdown lists the plans set under Offers.',
    fields: DROPDOWN,
    success: {
      title: 'Success: plan switched',
      description: 'Shown after the plan changes. {plan_name} is the new plan.',
    },
  },
  billing_cycle_switch: {
    title: 'Billing-cycle switch offer',
    description: 'The dropdown lists the billing schedules set under Offers.',
    fields: DROPDOWN,
    success: { title: 'Success: billing switched', description: 'Shown after the billing schedule changes.' },
  },
  trial_extension: {
    title: 'Trial extension offer',
    description: 'Shown to trialing subscribers only. {duration} is the days added, e.g. “14 days”.',
    fields: SCREEN_FIELDS,
    success: { title: 'Success: trial extended', description: 'Shown after the trial’s end moves.' },
  },
  talk_to_us: {
    title: 'Talk to us offer',
    description: 'The accept button opens your support link or an email to your support address.',
    fields: SCREEN_FIELDS,
    success: {
      title: 'Success: talk to us',
      description: 'Shown when your own handler takes the subscriber to support.',
    },
  },
}

const offerCopyScreen = (offer: OfferType): CopyScreen => ({
  path: `copy.${offer}`,
  title: OFFER_COPY[offer].title,
  description: OFFER_COPY[offer].description,
  fields: OFFER_COPY[offer].fields,
  buttons: OFFER,
  screen: { kind: 'offer', offer },
})

const successCopyScreen = (offer: OfferType): CopyScreen => ({
  path: `copy.success.${offer}`,
  ...OFFER_COPY[offer].success,
  fields: HEADED,
  screen: { kind: 'success', offer },
})

export const COPY_SCREENS: readonly CopyScreen[] = [
  {
    path: 'copy.general',
    title: 'Reason question',
    description: 'The first screen: asks why the subscriber is cancelling.',
    fields: SCREEN_FIELDS,
    buttons: CONTINUE,
    screen: { kind: 'reason' },
  },
  {
    path: 'copy.user_feedback.any_reason',
    title: 'Feedback: general',
    description: 'Asked after reasons mapped to general feedback.',
    fields: FEEDBACK,
    buttons: CONTINUE,
    screen: { kind: 'feedback', category: 'any_reason' },
  },
  {
    path: 'copy.user_feedback.switched_competitor',
    title: 'Feedback: switched to a competitor',
    description: 'Asked after reasons mapped to switching to a competitor.',
    fields: FEEDBACK,
    buttons: CONTINUE,
    screen: { kind: 'feedback', category: 'switched_competitor' },
  },
  {
    path: 'copy.user_feedback.bad_experience',
    title: 'Feedback: bad experience',
    description: 'Asked after reasons mapped to a bad experience.',
    fields: FEEDBACK,
    buttons: CONTINUE,
    screen: { kind: 'feedback', category: 'bad_experience' },
  },
  {
    path: 'copy.user_feedback.other',
    title: 'Feedback: something else',
    description: 'Asked after reasons mapped to “something else”.',
    fields: FEEDBACK,
    buttons: CONTINUE,
    screen: { kind: 'feedback', category: 'other' },
  },
  ...OFFER_TYPES.map(offerCopyScreen),
  ...OFFER_TYPES.map(successCopyScreen),
  {
    path: 'copy.final',
    title: 'Cancellation confirmed',
    description: 'The last screen; subscribers can keep it. {period_end} is when access ends.',
    fields: HEADED,
    screen: { kind: 'final' },
  },
]

export const FIELD_LABELS: Readonly<Record<Exclude<CopyField, 'cta_primary' | 'cta_secondary'>, string>> = {
  headline: 'Headline',
  subheadline: 'Subheadline',
  placeholder: 'Text box placeholder',
  dropdown_label: 'Dropdown label',
}

export function copyFieldLabel(screen: CopyScreen, field: CopyField): string {
  if (field === 'cta_primary') return screen.buttons?.primary ?? 'Primary button'
  if (field === 'cta_secondary') return screen.buttons?.secondary ?? 'Secondary button'
  return FIELD_LABELS[field]
}

/** The schema's max length of a copy string, e.g. 200 for `copy.general.headline`. */
export function copyLimit(path: string): number | undefined {
  return schemaMaxLength(path)
}
