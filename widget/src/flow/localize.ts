import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { pickLocale } from '@retainkit/shared/pick-locale'
import type { UiStrings } from '@retainkit/shared/ui-strings'
import type { WidgetConfigResponse } from '@retainkit/shared/widget-api'
import { tokenClaims } from '../api/token-source'
import type { Host } from '../host/types'

export interface Localized {
  locale: string
  dir: 'ltr' | 'rtl'
  config: CancelFlowConfig
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
  const words = locales[locale] as NonNullable<(typeof locales)[string]>
  return {
    locale,
    dir: words.dir,
    strings: words.ui,
    config: {
      ...config,
      copy: words.copy,
      reactivation: config.reactivation && { ...config.reactivation, ...words.reactivation },
    },
    reasons: reasons.map((reason) => ({ ...reason, label: words.reasons[reason.key] ?? reason.label })),
  }
}

/** The language and direction on the element that hosts a shadow root (its content inherits both). */
export const setLanguage = (element: Element, { locale, dir }: Pick<Localized, 'locale' | 'dir'>) => {
  element.setAttribute('lang', locale)
  element.setAttribute('dir', dir)
}

/** `{name}` placeholders of the widget's own words: the copy's filler (shared `fillCopy`). */
export { fillCopy as fill } from '@retainkit/shared/flow'
