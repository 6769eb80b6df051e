import type { CancelFlowConfig, CancelFlowCopy, CancellationReason } from '../config/types'
import { resolveFlowWords } from '../flow/copy'
import type { FlowPlan, FlowScreen, FlowSubscriber, FlowWords } from '../flow/types'
import type { BuiltInCatalog, PublishedLocale, ReactivationCopy } from './catalog-types'
import { BUILT_IN_CATALOGS, type BuiltInLocale, EN } from './catalogs'
import { pickLocale, primaryLanguage } from './pick-locale'
import type { UiStrings } from './ui-strings'

/**
 * How a language's strings are decided, for the config endpoint (which publishes every language
 * resolved) and the console's editor (which shows what is missing). Strings are addressed by flat keys:
 * `copy.general.headline`, `reactivation.cta_primary`, `reason.too_expensive`, `ui.next`.
 *
 * The account's default language is complete by construction: what the merchant wrote (the config's
 * copy and banner, the reasons' labels, translations for that language), else the built-in words for
 * that language, else English. Another language L takes, per string: the merchant's translation for L;
 * else the built-in words for L — unless the merchant changed that string in the default language, since
 * the built-in words translate the original text, not theirs; else the default language's string. The
 * last case is what the editor lists as missing: never a key name, never a stale translation.
 */

export type FlatStrings = Record<string, string>
const lower = (tag: string) => tag.toLowerCase()
export const DEFAULT_LOCALE = 'en'

/** Languages written right to left (primary subtags). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'dv', 'sd', 'ug', 'ckb'])
export const directionOf = (tag: string): 'ltr' | 'rtl' =>
  RTL_LANGUAGES.has(primaryLanguage(tag)) ? 'rtl' : 'ltr'

/** Text between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: laid out in its own direction. */
export const isolated = (text: string) => `\u2068${text}\u2069`

function flattenInto(out: FlatStrings, prefix: string, value: unknown): FlatStrings {
  if (typeof value === 'string') out[prefix] = value
  else if (value && typeof value === 'object' && !Array.isArray(value))
    for (const [key, inner] of Object.entries(value)) flattenInto(out, `${prefix}.${key}`, inner)
  return out
}

const catalogStrings = (catalog: BuiltInCatalog): FlatStrings => {
  const out: FlatStrings = {}
  flattenInto(out, 'copy', catalog.copy)
  flattenInto(out, 'reactivation', catalog.reactivation)
  flattenInto(out, 'reason', catalog.reasons)
  flattenInto(out, 'legal', catalog.legal)
  return flattenInto(out, 'ui', catalog.ui)
}

const EN_STRINGS = catalogStrings(EN)
const BUILT_IN_STRINGS = Object.fromEntries(
  Object.entries(BUILT_IN_CATALOGS).map(([tag, catalog]) => [tag, catalogStrings(catalog)]),
) as Record<BuiltInLocale, FlatStrings>

/** The built-in words for a tag: its own, else its language's (`fr-CA` → `fr`). */
export function builtInStrings(tag: string): FlatStrings | undefined {
  const own =
    BUILT_IN_STRINGS[tag as BuiltInLocale] ?? BUILT_IN_STRINGS[primaryLanguage(tag) as BuiltInLocale]
  return own
}

/** Every key a language has for this account: the copy, banner and widget words, one per reason. */
export function translatableKeys(reasons: readonly Pick<CancellationReason, 'key'>[]): string[] {
  const fixed = Object.keys(EN_STRINGS).filter((key) => !key.startsWith('reason.'))
  return [...fixed, ...reasons.map((reason) => `reason.${reason.key}`)]
}

/** Whether `key` may appear in a translation (reason keys follow the reasons' own key rule). */
export const isTranslatableKey = (key: string): boolean =>
  (Object.hasOwn(EN_STRINGS, key) && !key.startsWith('reason.')) || /^reason\.[a-z0-9_]{1,50}$/.test(key)

export interface Languages {
  default: string
  translations: Record<string, Record<string, string>>
}

/** The account's languages with lower-case tags (tags are case-insensitive: `pt-BR` is `pt-br`). */
export function languagesOf(config: CancelFlowConfig): Languages {
  const languages = config.languages ?? { default: DEFAULT_LOCALE, translations: {} }
  return {
    default: lower(languages.default),
    translations: Object.fromEntries(
      Object.entries(languages.translations).map(([tag, strings]) => [lower(tag), strings]),
    ),
  }
}

/**
 * Every language the account's subscribers can get: the built-in ones, the default, the merchant's.
 * Lower-case (tags are case-insensitive; the widget compares them so).
 */
export function availableLocales(config: CancelFlowConfig): string[] {
  const { default: fallback, translations } = languagesOf(config)
  return [...new Set([fallback, ...Object.keys(BUILT_IN_CATALOGS), ...Object.keys(translations)].map(lower))]
}

/** What the merchant wrote in the default language, as flat strings. */
function merchantDefaults(config: CancelFlowConfig, reasons: readonly CancellationReason[]): FlatStrings {
  const { cancel_reasons: _list, ...copy } = config.copy
  const out: FlatStrings = {}
  flattenInto(out, 'copy', copy)
  const banner = config.reactivation
  if (banner) {
    const { headline, subheadline, cta_primary, cta_secondary } = banner
    flattenInto(out, 'reactivation', { headline, subheadline, cta_primary, cta_secondary })
  }
  for (const reason of reasons) out[`reason.${reason.key}`] = reason.label
  return out
}

const written = (value: string | undefined): value is string =>
  typeof value === 'string' && value.trim() !== ''

/** The resolver for one account's config and reasons. */
export function createResolver(config: CancelFlowConfig, reasons: readonly CancellationReason[]) {
  const { default: defaultLocale, translations } = languagesOf(config)
  const keys = translatableKeys(reasons)
  const ownDefault = translations[defaultLocale] ?? {}
  const merchant = { ...merchantDefaults(config, reasons), ...ownDefault }
  const defaultBuiltIn = builtInStrings(defaultLocale) ?? {}
  // The merchant's text for this key in the default language, when it is not one of the built-in texts.
  const changed = (key: string) => {
    const value = merchant[key]
    return written(value) && value !== EN_STRINGS[key] && value !== defaultBuiltIn[key]
  }
  const defaults: FlatStrings = {}
  for (const key of keys) {
    const mine = ownDefault[key]
    defaults[key] = written(mine)
      ? mine
      : changed(key)
        ? (merchant[key] as string)
        : (defaultBuiltIn[key] ?? merchant[key] ?? EN_STRINGS[key] ?? '')
  }

  /** Each key's string in `tag`, and the keys that fell back to the default language. */
  const resolve = (tag: string): { strings: FlatStrings; missing: string[] } => {
    if (tag === defaultLocale) return { strings: defaults, missing: [] }
    const own = translations[tag] ?? {}
    const builtIn = builtInStrings(tag)
    // English words inside an Arabic dialog (or the reverse) keep their own direction: isolated, their
    // punctuation stays where it belongs, at no cost to the widget.
    const isolate = directionOf(tag) === directionOf(defaultLocale) ? (text: string) => text : isolated
    const strings: FlatStrings = {}
    const missing: string[] = []
    for (const key of keys) {
      const value = own[key]
      const shipped = changed(key) ? undefined : builtIn?.[key]
      if (written(value)) strings[key] = value
      else if (shipped !== undefined) strings[key] = shipped
      else {
        strings[key] = isolate(defaults[key] as string)
        missing.push(key)
      }
    }
    return { strings, missing }
  }
  return { defaultLocale, keys, resolve }
}

function unflatten(strings: FlatStrings, prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(strings)) {
    if (!key.startsWith(`${prefix}.`)) continue
    const path = key.slice(prefix.length + 1).split('.')
    let node = out
    for (const part of path.slice(0, -1)) {
      node[part] ??= {}
      node = node[part] as Record<string, unknown>
    }
    node[path[path.length - 1] as string] = value
  }
  return out
}

/**
 * The widget's own words (`ui.*`) in one of the account's languages, exactly as the config endpoint
 * publishes them: for the sentences the server words for a session in its language (so the widget's
 * budgeted bundle carries neither their formatting nor their wording).
 */
export function uiStringsIn(
  config: CancelFlowConfig,
  reasons: readonly CancellationReason[],
  tag: string,
): UiStrings {
  return unflatten(createResolver(config, reasons).resolve(tag).strings, 'ui') as unknown as UiStrings
}

/** A language of a flow, resolved: its copy, banner copy, reason labels and the widget's words. */
export interface LocalizedFlow {
  dir: 'ltr' | 'rtl'
  /** The config with its copy in this language. */
  config: CancelFlowConfig
  reactivation: ReactivationCopy
  reasons: Record<string, string>
  ui: UiStrings
}

/** A language resolved into the shapes the widget renders. */
export function localizeFlow(tag: string, strings: FlatStrings, config: CancelFlowConfig): LocalizedFlow {
  const copy = unflatten(strings, 'copy') as unknown as CancelFlowCopy
  if (config.copy.cancel_reasons) copy.cancel_reasons = config.copy.cancel_reasons
  return {
    dir: directionOf(tag),
    config: { ...config, copy },
    reactivation: unflatten(strings, 'reactivation') as unknown as ReactivationCopy,
    reasons: unflatten(strings, 'reason') as Record<string, string>,
    ui: unflatten(strings, 'ui') as unknown as UiStrings,
  }
}

/** One language as the config endpoint publishes it: the published plan's words, not the raw copy. */
export function toPublishedLocale(tag: string, language: LocalizedFlow, plan: FlowPlan): PublishedLocale {
  const { dir, config, reactivation, reasons, ui } = language
  return {
    dir,
    words: resolveFlowWords({ config, strings: ui, locale: tag, plan }),
    reactivation,
    reasons,
    ui,
  }
}

/**
 * Every language of the account, resolved: what the config endpoint publishes. `plan` is the published
 * flow's (the config endpoint's `plan`), which each language's words are resolved against.
 */
export function publishLocales(
  config: CancelFlowConfig,
  reasons: readonly CancellationReason[],
  plan: FlowPlan,
): { defaultLocale: string; locales: Record<string, PublishedLocale> } {
  const resolver = createResolver(config, reasons)
  const locales: Record<string, PublishedLocale> = {}
  for (const tag of availableLocales(config))
    locales[tag] = toPublishedLocale(tag, localizeFlow(tag, resolver.resolve(tag).strings, config), plan)
  return { defaultLocale: resolver.defaultLocale, locales }
}

/** What a session's words are made from. */
export interface SessionWordsInput {
  /** The flow the session runs (the published config, or a segment's or an arm's), as published. */
  config: CancelFlowConfig
  reasons: readonly CancellationReason[]
  /** The session's plan: the words' options follow its order. */
  plan: FlowPlan
  /** The languages asked for, in order: the token's claim, the page's option, the browser's. */
  wanted: readonly unknown[]
  subscriber?: FlowSubscriber
  /** Which screens to word; by default those the plan can show. */
  screens?: readonly FlowScreen[]
}

/**
 * A session's words: the flow's copy in the first wanted language the account has (else its default),
 * resolved for the subscriber against the session's plan. The widget picks its own words among the
 * config endpoint's languages from the same wishes with the same `pickLocale`, so both agree.
 */
export function sessionWords(input: SessionWordsInput): { locale: string; words: FlowWords } {
  const { config, reasons, plan, wanted, subscriber, screens } = input
  const resolver = createResolver(config, reasons)
  const available = Object.fromEntries(availableLocales(config).map((tag) => [tag, true]))
  const locale = pickLocale(available, wanted) ?? resolver.defaultLocale
  const language = localizeFlow(locale, resolver.resolve(locale).strings, config)
  return {
    locale,
    words: resolveFlowWords({
      config: language.config,
      strings: language.ui,
      locale,
      subscriber,
      plan,
      screens,
    }),
  }
}
