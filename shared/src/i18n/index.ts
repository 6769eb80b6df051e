/**
 * `@retainkit/shared/i18n`: the built-in languages and how an account's languages are resolved. The
 * widget never imports this (its words arrive with the config); the server publishes, the console edits.
 */

export type { BuiltInCatalog, DefaultReasonKey, PublishedLocale, ReactivationCopy } from './catalog-types'
export { BUILT_IN_CATALOGS, BUILT_IN_LOCALES, type BuiltInLocale, EN, isBuiltInLocale } from './catalogs'
export {
  builtInLegal,
  fillLegal,
  type LegalWords,
  legalText,
  missingLegalKeys,
  type ResolvedLegal,
  resolveLegal,
} from './legal'
export type {
  AfterCancelStrings,
  LegalBlock,
  LegalStrings,
  StatutoryStrings,
  TermsStrings,
} from './legal-types'
export { LEGAL_BLOCKS } from './legal-types'
export { pickLocale, primaryLanguage } from './pick-locale'
export {
  availableLocales,
  builtInStrings,
  createResolver,
  DEFAULT_LOCALE,
  directionOf,
  type FlatStrings,
  isolated,
  isTranslatableKey,
  type Languages,
  type LocalizedFlow,
  languagesOf,
  localizeFlow,
  publishLocales,
  type SessionWordsInput,
  sessionWords,
  toPublishedLocale,
  translatableKeys,
  uiStringsIn,
} from './resolve'
export { EN_UI_STRINGS, UI_STRING_KEYS, type UiStringKey, type UiStrings } from './ui-strings'
