/**
 * The jurisdiction modes a cancel session runs in ("jurisdiction is data, decided on the
 * server"), the laws the built-in rules stand for, and those rules. What each mode does:
 * - `standard`: the merchant's flow, offers beside a visible way to finish cancelling (California's
 *   AB 2863 asks no more of the flow itself);
 * - `offers_after_cancel`: no offer before the cancellation is done; afterwards the subscriber may be
 *   asked whether they want to hear one, and the answer is recorded (Minnesota);
 * - `statutory_button`: the statutory confirmation page instead of the flow: only the fields the law
 *   lists, no offers, no login, the confirmation e-mailed at once (Germany's § 312k BGB; inside the EU
 *   withdrawal period also the withdrawal function of Directive 2023/2673, Article 11a);
 * - `offer_cap`: the flow cut to the merchant's cap on screens and offers (the UK's DMCC Act regime).
 * README.md beside this file documents the defaults with their sources. Not legal advice.
 */
export const JURISDICTION_MODES = [
  'standard',
  'offers_after_cancel',
  'statutory_button',
  'offer_cap',
] as const
export type JurisdictionMode = (typeof JURISDICTION_MODES)[number]

/** The laws the built-in rules follow (README.md cites each). */
export const LAWS = ['ca_ab2863', 'mn_325g', 'bgb_312k', 'eu_crd_11a', 'uk_dmcc'] as const
export type Law = (typeof LAWS)[number]

/** A line a merchant reads beside each law (the console, the evidence export). */
export const LAW_TITLES: Readonly<Record<Law, string>> = {
  ca_ab2863: 'California AB 2863 (Business and Professions Code § 17602), in force 2025-07-01',
  mn_325g: 'Minnesota Statutes § 325G.56-.62 (automatic renewal and continuous service), in force 2025-01-01',
  bgb_312k: 'Germany: § 312k BGB, the cancellation button ("Kündigungsbutton")',
  eu_crd_11a:
    'EU: Directive 2011/83/EU Article 11a (added by Directive 2023/2673), withdrawal function, from 2026-06-19',
  uk_dmcc:
    'UK: Digital Markets, Competition and Consumers Act 2024, Part 4 Chapter 2 (subscription contracts)',
}

export interface JurisdictionRule {
  /** `US-MN`, `DE`, or `EU` for every member state. */
  region: string
  mode: JurisdictionMode
  /** Only while the subscriber is inside the withdrawal period (the EU's withdrawal function). */
  withdrawal_period_only?: boolean
}

export interface BuiltInRule extends JurisdictionRule {
  law: Law
}

/**
 * The rules every account starts with (the merchant can switch them off, or override a region with its
 * own rule): California standard (noted, so the evidence names the law), Minnesota offers after
 * cancellation, Germany the statutory button, the rest of the EU the statutory withdrawal page while
 * the withdrawal period runs, the UK the offer cap.
 */
export const BUILT_IN_RULES: readonly BuiltInRule[] = [
  { region: 'US-CA', mode: 'standard', law: 'ca_ab2863' },
  { region: 'US-MN', mode: 'offers_after_cancel', law: 'mn_325g' },
  { region: 'DE', mode: 'statutory_button', law: 'bgb_312k' },
  { region: 'EU', mode: 'statutory_button', withdrawal_period_only: true, law: 'eu_crd_11a' },
  { region: 'GB', mode: 'offer_cap', law: 'uk_dmcc' },
]

/** The cap on what a flow shows before the cancellation, for `offer_cap`. */
export interface FlowCap {
  /** Save offers shown at most (0: none). */
  max_offers: number
  /** Screens before the cancellation is done, the confirm step included (at least 1). */
  max_screens: number
}

/** The account's settings (`config.compliance.jurisdictions`); absent means these. */
export interface JurisdictionSettings {
  /** Apply BUILT_IN_RULES after the merchant's own. */
  built_in_rules: boolean
  rules: JurisdictionRule[]
  /** What a subscriber no rule names (or whose address is unknown) gets. */
  default_mode: JurisdictionMode
  cap: FlowCap
  /** Days after the subscription starts during which the EU withdrawal function is offered. */
  withdrawal_days: number
}

export const DEFAULT_JURISDICTION_SETTINGS: Readonly<JurisdictionSettings> = Object.freeze({
  built_in_rules: true,
  rules: [],
  default_mode: 'standard',
  cap: { max_offers: 1, max_screens: 3 },
  withdrawal_days: 14,
})

/**
 * Whether a session in this mode may show save offers before the cancellation: none in
 * `offers_after_cancel` (an offer may only be asked about afterwards) nor on the statutory page, and
 * under `offer_cap` only when the cap allows one. The server's eligibility and the editor's
 * "preview as a subscriber from …" both ask this.
 */
export function offersBeforeCancelling(mode: JurisdictionMode, maxOffers?: number | null): boolean {
  if (mode === 'offers_after_cancel' || mode === 'statutory_button') return false
  return mode !== 'offer_cap' || Boolean(maxOffers)
}
