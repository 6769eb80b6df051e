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
  'loading',
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
  /** The banner (or the dialog's undo) once a paused or churned subscription is active again */
  'reactivated',
  /** `{n}`: the winback discount's percentage, as a bare number */
  'reactivated_discount',
  /** Once a scheduled cancellation is undone */
  'reactivation_kept',
  // What a second tab (or window) reads when another one already did it: the server words it with the
  // failed call's answer (`error.already`), in the session's language, and the flow offers only Close.
  'already_applied',
  /** `{date}`: the trial's new end */
  'already_trial',
  'already_cancelled',
  // A failed call's words, by the error code the API answered with (`errorText`); any other code, or
  // none (the network), reads `call_failed`.
  'error_token_expired',
  'error_unauthorized',
  'error_not_found',
  'error_constraint_violation',
  'error_business_rule_violation',
  'error_rate_limit_exceeded',
  'error_external_service_error',
  'error_service_unavailable',
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
  loading: 'One moment…',
  ends_on: 'Your subscription ends on {date}',
  continues: 'Your subscription continues',
  confirm_charge: 'Confirm: {charge}',
  discount_terms: '{amount} off for {duration}',
  promo_code: 'with the code {code}',
  save_confirmation: 'Save this confirmation',
  reactivated: 'Welcome back — your subscription is active again.',
  reactivated_discount: 'Welcome back — your subscription is active again, with your {n}% discount applied.',
  reactivation_kept: 'Welcome back — your subscription will continue as before.',
  already_applied: 'This offer was already applied to your subscription (in another tab or window).',
  already_trial: 'Your trial was already extended to {date}.',
  already_cancelled: 'Your subscription is already cancelled.',
  error_token_expired: 'Your session has expired. Please reload the page and try again.',
  error_unauthorized: "We couldn't confirm it's you. Please reload the page and try again.",
  error_not_found: 'This page is out of date. Please reload it and try again.',
  error_constraint_violation:
    'Your subscription has changed since this page was opened. Please reload the page and try again.',
  error_business_rule_violation: "Sorry, this offer isn't available right now.",
  error_rate_limit_exceeded: 'Too many attempts. Please wait a moment and try again.',
  error_external_service_error:
    "We couldn't reach the billing system. Nothing was changed; please try again in a moment.",
  error_service_unavailable: "We're having a temporary problem. Please try again in a moment.",
}

/**
 * What a subscriber reads when a call fails: the words for the API's error code (`{error: {code}}`) in
 * their language, else the generic ones. Never the server's own message, which is English and written
 * for developers.
 */
export function errorText(strings: UiStrings, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return (
    (typeof code === 'string' && strings[`error_${code.toLowerCase()}` as UiStringKey]) || strings.call_failed
  )
}
