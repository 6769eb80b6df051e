import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowWords } from '@retainkit/shared/flow'
import { pickLocale } from '@retainkit/shared/pick-locale'
import type { UiStrings } from '@retainkit/shared/ui-strings'
import type { WidgetConfigResponse } from '@retainkit/shared/widget-api'
import { tokenClaims } from '../api/token-source'
import type { Host } from '../host/types'

export interface Localized {
  locale: string
  dir: 'ltr' | 'rtl'
  /** The published flow's words in this language (the session brings the subscriber's own). */
  words: FlowWords
  /** The banner's copy in this language, with its settings; absent when the account has none. */
  reactivation: CancelFlowConfig['reactivation']
  reasons: CancellationReason[]
  strings: UiStrings
}

/**
 * The subscriber's language among the account's (the config brings every one of them resolved): the
 * token's `locale` claim, then the `locale` option the merchant passed, then the browser's languages,
 * else the account's default. The claim is read without verifying: it only chooses words.
 */
export const wantedLocales = (host: Host, token: string, option?: string): unknown[] => [
  tokenClaims(token).locale,
  option,
  ...host.window.navigator.languages,
]

/** The config in the first wanted language the account has (else its default). */
export function localize(
  response: Pick<WidgetConfigResponse, 'locales' | 'defaultLocale' | 'config' | 'reasons'>,
  wanted: readonly unknown[],
): Localized {
  const { locales, defaultLocale, config, reasons } = response
  const locale = pickLocale(locales, wanted) ?? defaultLocale
  const language = locales[locale] as NonNullable<(typeof locales)[string]>
  return {
    locale,
    dir: language.dir,
    strings: language.ui,
    words: language.words,
    reactivation: config.reactivation && { ...config.reactivation, ...language.reactivation },
    reasons: reasons.map((reason) => ({ ...reason, label: language.reasons[reason.key] ?? reason.label })),
  }
}

/** The language and direction on the element that hosts a shadow root (its content inherits both). */
export const setLanguage = (element: HTMLElement, { locale, dir }: Pick<Localized, 'locale' | 'dir'>) => {
  // (The properties reflect the attributes.)
  element.lang = locale
  element.dir = dir
}

/** `{name}` placeholders of the widget's own words: the copy's filler (shared `fillCopy`). */
export { fillCopy as fill } from '@retainkit/shared/flow'
