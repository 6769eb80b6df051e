/**
 * The widget's own words: everything it shows that is not the merchant's copy (buttons without a
 * configured label, the confirm step, progress, errors, the undo of a scheduled cancellation). They
 * reach the widget inside the published config, one set per language, so the size-budgeted bundle
 * carries no language at all. `{name}` placeholders are filled by the widget.
 */
export const UI_STRING_KEYS = [
  'next',
  'back',
  'accept',
  'decline',
  'cancel',
  'stay',
  'close',
  'retry',
  'confirm_headline',
  /** `{period_end}` */
  'confirm_subheadline',
  'confirm_cancel',
  'plan_fallback',
  'period_end_fallback',
  'one_month',
  /** `{n}` */
  'months',
  'one_day',
  /** `{n}` */
  'days',
  /** `{n}` and `{total}` */
  'step',
  'reason_required',
  'call_failed',
  'hand_over',
  /** `{date}` */
  'ends_on',
  'continues',
  /** `{charge}`: the amount and when, as the server words it */
  'confirm_charge',
  /** `{amount}` and `{duration}`: a discount stated in full under its offer */
  'discount_terms',
  /** `{code}` */
  'promo_code',
  /** The final screen's button that downloads the confirmation */
  'save_confirmation',
] as const

export type UiStringKey = (typeof UI_STRING_KEYS)[number]
export type UiStrings = Readonly<Record<UiStringKey, string>>

export const EN_UI_STRINGS: UiStrings = {
  next: 'Continue',
  back: 'Back',
  accept: 'Accept offer',
  decline: 'No thanks',
  cancel: 'Cancel subscription',
  stay: 'Keep my subscription',
  close: 'Close',
  retry: 'Try again',
  confirm_headline: 'Confirm your cancellation',
  confirm_subheadline:
    "Your subscription stays active until {period_end}, then ends. You won't be charged again.",
  confirm_cancel: 'Confirm cancellation',
  plan_fallback: 'your plan',
  period_end_fallback: 'the end of your current billing period',
  one_month: '1 month',
  months: '{n} months',
  one_day: '1 day',
  days: '{n} days',
  step: 'Step {n} of {total}',
  reason_required: 'Please choose a reason to continue.',
  call_failed: 'Something went wrong. Please try again.',
  hand_over: "We couldn't cancel here. Taking you to the regular cancellation page…",
  ends_on: 'Your subscription ends on {date}',
  continues: 'Your subscription continues',
  confirm_charge: 'Confirm: {charge}',
  discount_terms: '{amount} off for {duration}',
  promo_code: 'with the code {code}',
  save_confirmation: 'Save this confirmation',
}
