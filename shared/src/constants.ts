/** Business constants and limits. One source for the server, console, widget and marketing. */

export const API_REQUEST_TIMEOUT_MS = 30_000
export const TOASTS_SHOWN_AT_ONCE = 1
export const TOAST_REMOVE_DELAY_MS = 10_000
export const ERROR_BOUNDARY_MAX_RETRIES = 3
export const SANITIZED_MESSAGE_MAX_LENGTH = 500
export const SANITIZED_USER_MESSAGE_MAX_LENGTH = 200
export const SIGN_OUT_REDIRECT_DELAY_MS = 100

/** The spec's rolling presets: N calendar months back through today. */
export const ANALYTICS_PERIODS = ['1month', '3months', '6months', '12months'] as const
export type RollingPresetPeriod = (typeof ANALYTICS_PERIODS)[number]
/** Ours beside them: the last 7 or 30 days through today, and the previous calendar month, whole. */
export const DAY_AND_CALENDAR_PERIODS = ['7days', '30days', 'lastmonth'] as const
export type AnalyticsPresetPeriod = RollingPresetPeriod | (typeof DAY_AND_CALENDAR_PERIODS)[number]
/** What the dashboard's period menu offers, in order ('1month' still parses, for old links). */
export const SELECTABLE_PERIODS = [
  '7days',
  '30days',
  'lastmonth',
  '3months',
  '6months',
  '12months',
] as const satisfies readonly AnalyticsPresetPeriod[]
export const DEFAULT_ANALYTICS_PERIOD: RollingPresetPeriod = '3months'
export const PERIOD_MONTHS: Readonly<Record<RollingPresetPeriod, number>> = {
  '1month': 1,
  '3months': 3,
  '6months': 6,
  '12months': 12,
}

export const PRICING = {
  starter: { name: 'Starter', monthlyUsd: 0, cancelSessionsPerMonth: 50 },
  pro: {
    name: 'Pro',
    monthlyUsd: 100,
    annualMonthlyUsd: 80,
    annualDiscountPercent: 20,
    /** The FAQ's overage note: $1 per cancel session beyond 500 a month. */
    overageUsdPerCancel: 1,
    overageThresholdPerMonth: 500,
  },
} as const

/** Free (Starter) accounts: cancel sessions per calendar month before the widget steps aside. */
export const FREE_TIER_MONTHLY_SESSIONS = PRICING.starter.cancelSessionsPerMonth

export const FREE_TRIAL_DAYS = 30

/** Pro stays on this many days after a failed subscription payment, then the account moves to Starter. */
export const PRO_PAYMENT_GRACE_DAYS = 7

/** Percentages of the month's session limit at which the merchant is told (mail and console), once each. */
export const USAGE_NOTICE_THRESHOLDS = [80, 100] as const
export type UsageNoticeThreshold = (typeof USAGE_NOTICE_THRESHOLDS)[number]
export const CONTACT_RESPONSE_HOURS = 24

/** The dunning demo on the payment-recovery page: retries after 24 hours, 3 days and 7 days. */
export const DUNNING_RETRY_SCHEDULE = [
  { attempt: 1, afterHours: 24, label: '24 hours', status: 'done' },
  { attempt: 2, afterHours: 72, label: '3 days', status: 'scheduled' },
  { attempt: 3, afterHours: 168, label: '7 days', status: 'pending' },
] as const
export const DUNNING_GRACE_DAYS = 7

/** A subscriber may accept at most one save offer in this many days. */
export const OFFER_COOLDOWN_DAYS = 90
/**
 * A dismissed reactivation banner stays away this long for that customer, on every device: the server
 * remembers the dismissal (the banner session's `banner_dismissed`), so the widget stores nothing in
 * the subscriber's browser.
 */
export const BANNER_DISMISS_DAYS = 30

export const COUPON_LIST_DEFAULT_LIMIT = 10
export const COUPON_LIST_MAX_LIMIT = 100

export const MARKETING_CLAIMS = {
  atRiskRecovered: '20-40%',
  savedByCancelFlows: '10-30%',
  savedByReactivation: '10-30%',
  failedPaymentsRecovered: '40-60%',
  involuntaryChurnFromFailedPayments: '20-40%',
  setupTime: 'about 30 minutes',
  setupTimeAlt: 'under an hour',
  roiDays: 7,
  freeTrialDays: FREE_TRIAL_DAYS,
  copyrightYear: 2025,
} as const
