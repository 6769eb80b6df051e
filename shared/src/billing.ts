/**
 * The billing status the console reads (`GET /api/billing/status/{accountId}`): the account's effective
 * tier and why, its trial, its platform subscription, and this month's usage against its limit. Types
 * only (no zod): the console and the server both import them.
 */
import { PRICING } from './constants'

export type Tier = 'free' | 'pro'

/**
 * Why the account has its tier, in the order the server decides it: an operator-set Pro, a paid
 * subscription, a failed payment's grace period, the trial, else Starter.
 */
export const TIER_SOURCES = ['operator', 'subscription', 'grace', 'trial', 'starter'] as const
export type TierSource = (typeof TIER_SOURCES)[number]

export const BILLING_INTERVALS = ['month', 'year'] as const
export type BillingInterval = (typeof BILLING_INTERVALS)[number]

/** 'cap': Starter's hard monthly limit; 'fair_use': Pro's line beyond which each session is billed. */
export type UsageLimitKind = 'cap' | 'fair_use'

export interface UsageLimit {
  limit: number | null
  kind: UsageLimitKind | null
}

/**
 * The month's session limit for a tier: Starter is capped; Pro on the platform's billing has the fair-use
 * line of the pricing page ($1 per cancel session beyond it); Pro set by a self-hosting operator has none.
 */
export function usageLimitFor(tier: Tier, billingEnabled: boolean): UsageLimit {
  if (tier === 'free') return { limit: PRICING.starter.cancelSessionsPerMonth, kind: 'cap' }
  return billingEnabled
    ? { limit: PRICING.pro.overageThresholdPerMonth, kind: 'fair_use' }
    : { limit: null, kind: null }
}

/**
 * Pro's allowance in the one wording every surface uses (the pricing page, Plan & billing, the Starter
 * cap's banner, notices and mails). The spec gives two readings, "unlimited" and "$1 per cancel beyond
 * 500 a month"; which applies depends on whether the platform's billing runs: with it, the second,
 * said once; a Pro set by a self-hosting operator has no limit at all.
 */
export const PRO_ALLOWANCE = `${PRICING.pro.overageThresholdPerMonth} cancel sessions a month included, then $${PRICING.pro.overageUsdPerCancel} each`
export const PRO_WITHOUT_LIMIT = 'No limit on cancel sessions'

export const proAllowance = (billingEnabled: boolean): string =>
  billingEnabled ? PRO_ALLOWANCE : PRO_WITHOUT_LIMIT

/** "Upgrade to Pro: 500 cancel sessions a month included, then $1 each." */
export const upgradeToProSentence = (billingEnabled: boolean): string =>
  `Upgrade to ${PRICING.pro.name}: ${proAllowance(billingEnabled).replace(/^N/, 'n')}.`

export interface BillingUsage {
  /** `YYYY-MM`, UTC. */
  month: string
  /** Live cancel sessions started this month (test-mode sessions are free and not counted). */
  sessions: number
  limit: number | null
  limit_kind: UsageLimitKind | null
  /** Subscribers the widget stepped aside for this month because the Starter cap was used up. */
  stepped_aside: number
  /** Sessions beyond the fair-use line this month, each billed as metered usage. */
  overage_sessions: number
}

export interface UsageNotice {
  threshold: 80 | 100
  sessions: number
  limit: number
  created_at: string
}

export interface BillingStatus {
  account_id: string
  tier: Tier
  source: TierSource
  /** Checkout and the Billing Portal exist (the platform's Stripe account is configured). */
  billing_enabled: boolean
  /** While the trial runs. */
  trial: { ends_at: string; days_left: number } | null
  subscription: {
    status: string
    interval: BillingInterval | null
    cancel_at_period_end: boolean
    current_period_end: string | null
    /** While the subscription is trialing (a trial kept when subscribing): the first charge's date. */
    trial_end: string | null
  } | null
  /** While a failed payment's grace period runs. */
  grace: { ends_at: string } | null
  /** Checkout may be started: billing on, no live subscription. */
  can_subscribe: boolean
  /** The Billing Portal may be opened: the account has a Stripe customer. */
  can_manage: boolean
  usage: BillingUsage
  /** This month's usage notices, oldest first. */
  notices: UsageNotice[]
}

/**
 * Subscribing during the trial keeps its days: Checkout starts the subscription trialing until the
 * trial's end, which Stripe accepts only 48 hours ahead or more (an hour's margin here, for the time a
 * Checkout page stays open). Closer to the end, the first charge is at once.
 */
export const TRIAL_KEPT_MIN_MS = 49 * 3_600_000

export const keepsTrial = (trialEndsAt: Date, now: Date): boolean =>
  trialEndsAt.getTime() - now.getTime() >= TRIAL_KEPT_MIN_MS

/** Whole days left until `endsAt`, rounded up (a trial ending in 29.2 days has 30 days left). */
export function daysLeft(endsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / 86_400_000))
}

/** `YYYY-MM` of a moment, in UTC: the month usage is counted in. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7)
}
