import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { planFlow, shownReasons } from '@retainkit/shared/flow'
import {
  availableLocales,
  createResolver,
  type LegalBlock,
  missingLegalKeys,
  sessionWords,
} from '@retainkit/shared/i18n'
import {
  DEFAULT_JURISDICTION_SETTINGS,
  decideJurisdiction,
  explainJurisdiction,
  type FlowCap,
  type JurisdictionDecision,
  offersBlockedBy,
  type SubscriberAddress,
} from '@retainkit/shared/jurisdiction'
import { OFFER_TYPES, type OfferType } from '@retainkit/shared/vocabulary'
import { toPublishedConfig } from '@retainkit/shared/widget-api'

/**
 * "Preview as a subscriber from …": what a subscriber at an address gets from the draft, decided by the
 * functions the server decides sessions with (shared `decideJurisdiction`, `offersBlockedBy`,
 * `planFlow` with the cap), and the rules the draft breaks wherever a subscriber lives.
 */

export interface PreviewAddress {
  /** ISO 3166-1 alpha-2, upper case; empty: unknown. */
  country: string
  /** The state or province (`CA`, `MN`); empty: none. */
  state: string
  /** When the subscription started (YYYY-MM-DD), for the EU withdrawal period; empty: unknown. */
  startedOn: string
}

export interface SubscriberView {
  decision: JurisdictionDecision
  why: string
  /** The offers the flow may show before the cancellation (the preview's sample subscriber has all). */
  eligibleOffers: readonly OfferType[]
  cap: FlowCap | null
}

export type DraftWarning =
  | { kind: 'offer_without_cancel'; offer: OfferType; locale: string }
  | { kind: 'over_cap'; screens: number; offers: number; cap: FlowCap }
  | { kind: 'untranslated_legal'; locale: string; blocks: LegalBlock[] }

const NO_OFFERS: readonly OfferType[] = Object.freeze([])

const addressOf = ({ country, state }: PreviewAddress): SubscriberAddress | null =>
  country ? { country: country.toUpperCase(), state: state ? state.toUpperCase() : null } : null

export function subscriberView(config: CancelFlowConfig, input: PreviewAddress, now: Date): SubscriberView {
  const address = addressOf(input)
  const decision = decideJurisdiction({
    settings: config.compliance?.jurisdictions,
    claimed: address,
    stripe: null,
    startedAt: input.startedOn ? `${input.startedOn}T12:00:00.000Z` : null,
    now,
  })
  const blocked = offersBlockedBy({
    compliance: config.compliance,
    address,
    mode: decision.mode,
    maxOffers: decision.cap?.max_offers,
  })
  return {
    decision,
    why: explainJurisdiction(decision),
    eligibleOffers: blocked ? NO_OFFERS : OFFER_TYPES,
    cap: decision.cap,
  }
}

/**
 * An offer's way on to cancelling is its secondary button ("No thanks, cancel"): a label that is
 * empty, the same as accepting, or never says cancel in a language whose word for it is known reads as
 * no cancel control beside the offer.
 */
const CANCEL_WORDS: Readonly<Record<string, RegExp>> = {
  en: /cancel/i,
  de: /kündig|beend|widerruf/i,
  fr: /annul|résili|resili/i,
  es: /cancel|baja/i,
}

function offerWithoutCancel(
  config: CancelFlowConfig,
  reasons: readonly CancellationReason[],
): DraftWarning[] {
  const published = toPublishedConfig(config)
  const shown = [...shownReasons(config, reasons)]
  const plan = planFlow({ config: published, reasons: shown, eligibleOffers: OFFER_TYPES })
  const offers = new Set(
    Object.values(plan.paths).flatMap((path) => path.flatMap((s) => (s.kind === 'offer' ? [s.offer] : []))),
  )
  const warnings: DraftWarning[] = []
  for (const locale of availableLocales(config)) {
    const { words } = sessionWords({ config: published, reasons: shown, plan, wanted: [locale] })
    for (const offer of offers) {
      const labels = words.screens[`offer.${offer}`]?.labels ?? {}
      const decline = labels.decline?.trim() ?? ''
      const word = CANCEL_WORDS[locale.split('-')[0] ?? '']
      const unclear =
        !decline || decline === labels.accept?.trim() || (word !== undefined && !word.test(decline))
      if (unclear) warnings.push({ kind: 'offer_without_cancel', offer, locale })
    }
  }
  return warnings
}

/** The longest path's screens and its offers, against the cap a capped subscriber's flow is cut to. */
function overCap(config: CancelFlowConfig, reasons: readonly CancellationReason[]): DraftWarning[] {
  const settings = config.compliance?.jurisdictions ?? DEFAULT_JURISDICTION_SETTINGS
  const capUsed =
    settings.default_mode === 'offer_cap' ||
    settings.built_in_rules ||
    settings.rules.some((rule) => rule.mode === 'offer_cap')
  if (!capUsed) return []
  const plan = planFlow({
    config: toPublishedConfig(config),
    reasons: [...shownReasons(config, reasons)],
    eligibleOffers: OFFER_TYPES,
  })
  const paths = Object.values(plan.paths)
  const screens = Math.max(0, ...paths.map((path) => path.length))
  const offers = Math.max(0, ...paths.map((path) => path.filter((s) => s.kind === 'offer').length))
  const { cap } = settings
  return screens > cap.max_screens || offers > cap.max_offers
    ? [{ kind: 'over_cap', screens, offers, cap }]
    : []
}

function untranslatedLegal(config: CancelFlowConfig, reasons: readonly CancellationReason[]): DraftWarning[] {
  const resolver = createResolver(config, reasons)
  return availableLocales(config).flatMap((locale) => {
    const blocks = Object.keys(missingLegalKeys(resolver.resolve(locale).missing)) as LegalBlock[]
    return blocks.length ? [{ kind: 'untranslated_legal' as const, locale, blocks }] : []
  })
}

/** Every rule the draft breaks, for any subscriber: what the preview warns about. */
export function draftWarnings(
  config: CancelFlowConfig,
  reasons: readonly CancellationReason[],
): DraftWarning[] {
  return [
    ...offerWithoutCancel(config, reasons),
    ...overCap(config, reasons),
    ...untranslatedLegal(config, reasons),
  ]
}
