import {
  BUILT_IN_RULES,
  DEFAULT_JURISDICTION_SETTINGS,
  type FlowCap,
  type JurisdictionMode,
  type JurisdictionRule,
  type JurisdictionSettings,
  type Law,
} from './modes'
import { EU_MEMBER_STATES, regionMatch, regionOf, type SubscriberAddress } from './regions'

/** Where the address a decision used came from. */
export type AddressSource = 'token' | 'stripe' | 'unknown'

export interface DecidedRule extends JurisdictionRule {
  origin: 'merchant' | 'built_in'
  law?: Law
}

/** A session's jurisdiction, decided once at its start (and recorded in its evidence). */
export interface JurisdictionDecision {
  mode: JurisdictionMode
  /** `US-MN`, `DE`; null when neither the token nor Stripe says where the subscriber lives. */
  region: string | null
  source: AddressSource
  /** The rule that decided; null when the account's default mode applied. */
  rule: DecidedRule | null
  /** statutory_button: the end of the EU withdrawal period (ISO) while it runs, else null. */
  withdrawalUntil: string | null
  /** offer_cap: the cap the flow was cut to. */
  cap: FlowCap | null
}

export interface DecideInput {
  /** `config.compliance.jurisdictions`; absent: DEFAULT_JURISDICTION_SETTINGS. */
  settings?: JurisdictionSettings
  /** The country and state signed into the subscriber token (they come first). */
  claimed: SubscriberAddress | null
  /** The Stripe customer's address. */
  stripe: SubscriberAddress | null
  /** When the subscription started (ISO), for the withdrawal period; null when unknown. */
  startedAt: string | null
  now: Date
}

const DAY_MS = 86_400_000

/** The address decisions use: the token's claim, else Stripe's, else none. */
export function chooseAddress(
  claimed: SubscriberAddress | null,
  stripe: SubscriberAddress | null,
): { address: SubscriberAddress | null; source: AddressSource } {
  if (claimed?.country) return { address: claimed, source: 'token' }
  if (stripe?.country) return { address: stripe, source: 'stripe' }
  return { address: null, source: 'unknown' }
}

/** The end of the withdrawal period (ISO) when the subscriber lives in the EU and is still inside it. */
function withdrawalEnd(
  address: SubscriberAddress | null,
  startedAt: string | null,
  days: number,
  now: Date,
): string | null {
  const country = regionOf(address)?.split('-')[0] ?? ''
  const start = startedAt ? new Date(startedAt).getTime() : Number.NaN
  if (!EU_MEMBER_STATES.includes(country) || Number.isNaN(start)) return null
  const end = start + days * DAY_MS
  return end > now.getTime() ? new Date(end).toISOString() : null
}

/** The most specific of `rules` naming the address (ties: the first listed), skipping inapplicable ones. */
function mostSpecific<R extends JurisdictionRule>(
  rules: readonly R[],
  address: SubscriberAddress | null,
  inWithdrawal: boolean,
): R | null {
  let best: R | null = null
  let bestScore = 0
  for (const rule of rules) {
    if (rule.withdrawal_period_only && !inWithdrawal) continue
    const score = regionMatch(rule.region, address)
    if (score > bestScore) {
      best = rule
      bestScore = score
    }
  }
  return best
}

/**
 * The session's mode: the merchant's own rules first (the most specific region wins), then — unless
 * switched off — the built-in ones, then the account's default mode. The address is the token's
 * country and state, else the Stripe address; a rule for the withdrawal period only applies while it
 * runs (the subscription started fewer than `withdrawal_days` ago, in an EU member state).
 */
export function decideJurisdiction(input: DecideInput): JurisdictionDecision {
  const settings = input.settings ?? DEFAULT_JURISDICTION_SETTINGS
  const { address, source } = chooseAddress(input.claimed, input.stripe)
  const withdrawalUntil = withdrawalEnd(address, input.startedAt, settings.withdrawal_days, input.now)
  const own = mostSpecific(settings.rules, address, withdrawalUntil !== null)
  const builtIn = settings.built_in_rules
    ? mostSpecific(BUILT_IN_RULES, address, withdrawalUntil !== null)
    : null
  const rule: DecidedRule | null = own
    ? { ...own, origin: 'merchant' }
    : builtIn
      ? { ...builtIn, origin: 'built_in' }
      : null
  const mode = rule?.mode ?? settings.default_mode
  return {
    mode,
    region: regionOf(address),
    source,
    rule,
    withdrawalUntil: mode === 'statutory_button' ? withdrawalUntil : null,
    cap: mode === 'offer_cap' ? { ...settings.cap } : null,
  }
}

const SOURCE_WORDS: Readonly<Record<AddressSource, string>> = {
  token: "the country and state signed into the subscriber's token",
  stripe: "the Stripe customer's address",
  unknown: 'no address (neither the token nor Stripe names a country)',
}

/** Why a decision came out as it did, in one sentence for the merchant and the evidence export. */
export function explainJurisdiction(decision: JurisdictionDecision): string {
  const where = decision.region
    ? `${decision.region}, from ${SOURCE_WORDS[decision.source]}`
    : SOURCE_WORDS.unknown
  const { rule } = decision
  const by = rule
    ? `${rule.origin === 'built_in' ? 'the built-in rule' : "the merchant's rule"} for ${rule.region}${
        rule.withdrawal_period_only ? ' (inside the withdrawal period)' : ''
      }`
    : "the account's default mode (no rule names this region)"
  return `Mode ${decision.mode}: ${where}; decided by ${by}.`
}

/** The statutory page's variant: the EU withdrawal function on its own, or § 312k BGB's page. */
export const statutoryVariant = (decision: JurisdictionDecision): 'withdrawal' | 'termination' =>
  decision.rule?.withdrawal_period_only && decision.withdrawalUntil ? 'withdrawal' : 'termination'

/** What may be declared: withdrawal only on the withdrawal page; § 312k's two kinds, and withdrawal while it runs. */
export function statutoryKinds(
  decision: JurisdictionDecision,
): ('ordinary' | 'extraordinary' | 'withdrawal')[] {
  if (statutoryVariant(decision) === 'withdrawal') return ['withdrawal']
  return decision.withdrawalUntil
    ? ['ordinary', 'extraordinary', 'withdrawal']
    : ['ordinary', 'extraordinary']
}
