import type { CancelFlowCopy } from '../config/types'
import type { FlowWords } from '../flow/wire-types'
import type { LegalStrings } from './legal-types'
import type { UiStrings } from './ui-strings'

/** The reasons every account starts with: a built-in language names each of them. */
export type DefaultReasonKey =
  | 'too_expensive'
  | 'not_using_enough'
  | 'switched_competitor'
  | 'temporary_break'
  | 'missing_features'
  | 'technical_issues'
  | 'other'

export interface ReactivationCopy {
  headline: string
  subheadline: string
  cta_primary: string
  cta_secondary: string
}

/**
 * A language the product ships: the default config's copy, the banner's copy, the default reasons'
 * labels, the widget's own words and the legal words (price terms, the statutory page, the question after cancelling),
 * all of them (the compiler refuses a missing one).
 */
export interface BuiltInCatalog {
  copy: Omit<CancelFlowCopy, 'cancel_reasons'>
  reactivation: ReactivationCopy
  reasons: Record<DefaultReasonKey, string>
  ui: UiStrings
  legal: LegalStrings
}

/**
 * One language as the config endpoint publishes it, every string resolved (a missing translation
 * already replaced by the account's default language): the widget only picks one.
 */
export interface PublishedLocale {
  /** Text direction: 'rtl' for Arabic, Hebrew and the other right-to-left scripts. */
  dir: 'ltr' | 'rtl'
  /**
   * The published flow's words in this language (shared `resolveFlowWords` against the published plan,
   * without a subscriber): what the widget shows while a session starts. The session brings its own.
   */
  words: FlowWords
  reactivation: ReactivationCopy
  /** A label for every reason key the account has. */
  reasons: Record<string, string>
  ui: UiStrings
}
