import { DEFAULT_CONFIG, DEFAULT_REASONS } from '../config/default-config'
import { DE } from './catalog-de'
import { ES } from './catalog-es'
import { FR } from './catalog-fr'
import type { BuiltInCatalog, DefaultReasonKey } from './catalog-types'
import { EN_LEGAL } from './legal-en'
import { EN_UI_STRINGS } from './ui-strings'

const { cancel_reasons: _none, ...enCopy } = DEFAULT_CONFIG.copy
const banner = DEFAULT_CONFIG.reactivation
if (!banner) throw new Error('the default config has the banner copy')

/** English is the default config itself: one source for the words every new account starts with. */
export const EN: BuiltInCatalog = {
  copy: enCopy,
  reactivation: {
    headline: banner.headline,
    subheadline: banner.subheadline,
    cta_primary: banner.cta_primary,
    cta_secondary: banner.cta_secondary,
  },
  reasons: Object.fromEntries(DEFAULT_REASONS.map((r) => [r.key, r.label])) as Record<
    DefaultReasonKey,
    string
  >,
  ui: EN_UI_STRINGS,
  legal: EN_LEGAL,
}

/** The languages the product ships, by primary language subtag. */
export const BUILT_IN_CATALOGS = { en: EN, fr: FR, de: DE, es: ES } as const satisfies Record<
  string,
  BuiltInCatalog
>
export type BuiltInLocale = keyof typeof BUILT_IN_CATALOGS
export const BUILT_IN_LOCALES = Object.keys(BUILT_IN_CATALOGS) as BuiltInLocale[]

export const isBuiltInLocale = (tag: string): tag is BuiltInLocale => Object.hasOwn(BUILT_IN_CATALOGS, tag)
