import { DEFAULT_THEME } from '../theme'
import { LATER_OFFER_DEFAULTS } from './later-offer-defaults'
import type { CancelFlowConfig, CancellationReason } from './types'

/**
 * The configuration every new account starts with, and the flow free-tier accounts keep (the
 * default, non-editable flow and styling). Zod-free at runtime (`import type` only) because the widget
 * bundle imports it for previews and as its last-resort copy.
 *
 * What each pair of buttons means (as the flow machine, `flow/copy.ts`, renders them):
 * - `general` (the reason screen) and `user_feedback.*`: primary goes on to the next step; secondary
 *   backs out and keeps the subscription (recorded as `reason_continue`).
 * - offers (`discount`, `pause`, `plan_switch`, `billing_cycle_switch`, `trial_extension`,
 *   `talk_to_us`): primary accepts the offer;
 *   secondary declines it and carries on cancelling, the visible way to finish cancelling that every
 *   offer must show.
 */

/**
 * Placeholders copy may contain, each with what the flow machine fills in (`copyValues` in
 * `flow/copy.ts`). Nothing else is substituted: other `{…}` text is shown as written.
 */
export const COPY_PLACEHOLDERS = {
  amount: 'The discount with its percent sign, e.g. "20%" (write "{amount} off", not "{amount}% off").',
  duration:
    'The discount\'s length, on pause screens the chosen pause, on trial extensions the added days, with its unit: "1 month", "3 months", "14 days".',
  plan_name: "The subscriber's current plan; on a plan or billing switch's success screen, the new plan.",
  period_end:
    'The date the current billing period ends, e.g. "March 31, 2027", or "the end of your current billing period".',
} as const satisfies Record<string, string>
export type CopyPlaceholder = keyof typeof COPY_PLACEHOLDERS

const PLACEHOLDER_PATTERN = /\{([a-z_]+)\}/g

/** Every `{name}` token in a piece of copy, in order (the editor flags the ones not in COPY_PLACEHOLDERS). */
export function placeholdersIn(text: string): string[] {
  return Array.from(text.matchAll(PLACEHOLDER_PATTERN), (m) => m[1] as string)
}

const DECLINE_AND_CANCEL = 'No thanks, cancel'

const defaultConfig: CancelFlowConfig = {
  copy: {
    general: {
      headline: 'Before you go…',
      subheadline:
        "Could you tell us why you're canceling? Your answer helps us improve, and we may have an option that suits you better.",
      cta_primary: 'Continue',
      cta_secondary: 'Keep my subscription',
    },
    final: {
      headline: 'Your cancellation is confirmed',
      subheadline:
        "Your subscription won't renew and you won't be charged again. You keep full access until {period_end}. You can resubscribe any time. Keep this message for your records.",
    },
    user_feedback: {
      any_reason: {
        headline: 'What could we have done better?',
        subheadline: 'A sentence or two helps us improve for everyone who stays.',
        placeholder: 'Tell us what would have made you stay (optional)',
        cta_primary: 'Continue',
        cta_secondary: 'Keep my subscription',
      },
      switched_competitor: {
        headline: 'Which service are you switching to?',
        subheadline: 'Knowing what they do better tells us what to work on next.',
        placeholder: "The service's name and what made you choose it (optional)",
        cta_primary: 'Continue',
        cta_secondary: 'Keep my subscription',
      },
      bad_experience: {
        headline: "We're sorry it didn't work out",
        subheadline: 'Tell us what went wrong so we can fix it.',
        placeholder: 'What happened? (optional)',
        cta_primary: 'Continue',
        cta_secondary: 'Keep my subscription',
      },
      other: {
        headline: 'Tell us a bit more',
        subheadline:
          "What's the main reason you're leaving? Your answer helps us understand what to improve.",
        placeholder: 'Your reason (optional)',
        cta_primary: 'Continue',
        cta_secondary: 'Keep my subscription',
      },
    },
    discount: {
      headline: 'How about {amount} off?',
      subheadline:
        'Stay with us and get {amount} off your subscription for {duration}, starting with your next invoice. After that, your regular price applies.',
      cta_primary: 'Accept {amount} off',
      cta_secondary: DECLINE_AND_CANCEL,
    },
    pause: {
      headline: 'Need a break? Pause instead',
      subheadline:
        "Pause your subscription and you won't be charged while it's paused. It resumes automatically when the pause ends.",
      dropdown_label: 'Pause for',
      cta_primary: 'Pause my subscription',
      cta_secondary: DECLINE_AND_CANCEL,
    },
    plan_switch: {
      headline: 'Switch to a plan that fits better',
      subheadline: 'Keep your account and move to a plan that matches how you use it today.',
      dropdown_label: 'Choose a plan',
      cta_primary: 'Switch plan',
      cta_secondary: DECLINE_AND_CANCEL,
    },
    billing_cycle_switch: {
      headline: 'Change how often you pay',
      subheadline: 'Pick the billing schedule that suits you better instead of canceling.',
      dropdown_label: 'Billing schedule',
      cta_primary: 'Switch billing',
      cta_secondary: DECLINE_AND_CANCEL,
    },
    trial_extension: { ...LATER_OFFER_DEFAULTS.copy.trial_extension },
    talk_to_us: { ...LATER_OFFER_DEFAULTS.copy.talk_to_us },
    success: {
      trial_extension: { ...LATER_OFFER_DEFAULTS.success.trial_extension },
      talk_to_us: { ...LATER_OFFER_DEFAULTS.success.talk_to_us },
      discount: {
        headline: 'Your discount is on',
        subheadline:
          "You'll get {amount} off for {duration}, starting with your next invoice. Thanks for staying!",
      },
      pause: {
        headline: 'Your subscription is paused',
        subheadline:
          "It's paused for {duration} and resumes automatically after that. You won't be charged while it's paused.",
      },
      plan_switch: {
        headline: 'Your plan has changed',
        subheadline: "You're now on {plan_name}. Thanks for staying with us!",
      },
      billing_cycle_switch: {
        headline: 'Your billing has changed',
        subheadline: "You're now on {plan_name}. Thanks for staying with us!",
      },
    },
  },
  // The spec's sample offer: 20% off for 3 months.
  discount: { enabled: true, amount: 20, duration: 3 },
  pause: { enabled: true, durations: [1, 2, 3] },
  // Off until the merchant picks Stripe prices in the editor: a switch offer without plans has nothing to show.
  plan_switch: { enabled: false },
  billing_cycle_switch: { enabled: false },
  trial_extension: { ...LATER_OFFER_DEFAULTS.trial_extension },
  talk_to_us: { ...LATER_OFFER_DEFAULTS.talk_to_us },
  theme: { ...DEFAULT_THEME },
  cancellation_flow: {
    steps: ['reason', 'feedback', 'offer', 'confirm'],
    require_reason: true,
    collect_feedback: true,
  },
  reactivation: {
    enabled: true,
    // The banner also serves paused and scheduled-to-cancel subscribers, who get no winback discount, so
    // this copy names no offer; the widget shows the winback line only when the server returns one.
    headline: 'Welcome back!',
    subheadline:
      'Good to see you again. Reactivate your subscription in one click and pick up where you left off.',
    cta_primary: 'Reactivate',
    cta_secondary: 'Not now',
    // The spec's sample: 25% off the first month back.
    winback_discount_percent: 25,
    winback_discount_months: 1,
  },
  compliance: { suppress_offers: false, suppress_offers_in: [] },
}

/**
 * Default reasons, most common first (the marketing dashboard's top three lead). Each maps to an offer
 * that is enabled in DEFAULT_CONFIG, or to none: a reason pointing at a disabled offer would show nothing.
 */
const defaultReasons: CancellationReason[] = [
  {
    key: 'too_expensive',
    label: "It's too expensive",
    feedback: 'any_reason',
    offer: 'discount',
    enabled: true,
  },
  {
    key: 'not_using_enough',
    label: "I'm not using it enough",
    feedback: 'any_reason',
    offer: 'pause',
    enabled: true,
  },
  {
    key: 'switched_competitor',
    label: 'I found an alternative',
    feedback: 'switched_competitor',
    offer: 'discount',
    enabled: true,
  },
  { key: 'temporary_break', label: 'I need a break', feedback: 'any_reason', offer: 'pause', enabled: true },
  {
    key: 'missing_features',
    label: "It's missing features I need",
    feedback: 'other',
    offer: 'none',
    enabled: true,
  },
  {
    key: 'technical_issues',
    label: 'I ran into technical problems',
    feedback: 'bad_experience',
    offer: 'none',
    enabled: true,
  },
  { key: 'other', label: 'Something else', feedback: 'other', offer: 'none', enabled: true },
]

/** Plain-data deep copy (objects, arrays, primitives): all a config holds. */
function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => deepCopy(item)) as T
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = deepCopy(v)
    return out as T
  }
  return value
}

/** Freezes shared defaults so an accidental `DEFAULT_CONFIG.discount.amount = 50` throws, not leaks. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v)
    Object.freeze(value)
  }
  return value
}

/** Deep-frozen: read it, or call `createDefaultConfig()` for a copy to edit. */
export const DEFAULT_CONFIG: CancelFlowConfig = deepFreeze(defaultConfig)
/** Deep-frozen: read it, or call `createDefaultReasons()` for a copy to edit. */
export const DEFAULT_REASONS: CancellationReason[] = deepFreeze(defaultReasons)
export const DEFAULT_REASON_KEYS: readonly string[] = Object.freeze(DEFAULT_REASONS.map((r) => r.key))

/** A fresh, mutable deep copy of DEFAULT_CONFIG. */
export function createDefaultConfig(): CancelFlowConfig {
  return deepCopy(DEFAULT_CONFIG)
}

/** A fresh, mutable deep copy of DEFAULT_REASONS. */
export function createDefaultReasons(): CancellationReason[] {
  return deepCopy(DEFAULT_REASONS)
}
