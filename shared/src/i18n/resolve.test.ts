import { describe, expect, it } from 'vitest'
import { createDefaultConfig, createDefaultReasons, placeholdersIn } from '../config/default-config'
import { cancelFlowConfigSchema, copySchema } from '../config/schema'
import type { CancelFlowConfig } from '../config/types'
import { OFFER_TYPES } from '../config/vocabulary'
import { planFlow } from '../flow/graph'
import { BUILT_IN_CATALOGS, EN } from './catalogs'
import { createResolver, directionOf, publishLocales } from './resolve'

const withLanguages = (languages: CancelFlowConfig['languages'], edit?: (c: CancelFlowConfig) => void) => {
  const config = createDefaultConfig()
  config.languages = languages
  edit?.(config)
  return config
}

/** The published plan, as the config endpoint makes it: every offer eligible. */
const planOf = (config: CancelFlowConfig) =>
  planFlow({ config, reasons: createDefaultReasons(), eligibleOffers: OFFER_TYPES })

describe('built-in languages', () => {
  for (const [tag, catalog] of Object.entries(BUILT_IN_CATALOGS)) {
    it(`${tag}: its copy fits the config's own limits`, () => {
      expect(copySchema.safeParse(catalog.copy).success).toBe(true)
    })
    it(`${tag}: every string keeps exactly the placeholders of the English one`, () => {
      const { strings: english } = createResolver(createDefaultConfig(), createDefaultReasons()).resolve('en')
      const { strings } = createResolver(createDefaultConfig(), createDefaultReasons()).resolve(tag)
      for (const [key, text] of Object.entries(english)) {
        expect([key, placeholdersIn(strings[key] ?? '').sort()]).toEqual([key, placeholdersIn(text).sort()])
      }
    })
  }
})

describe('resolving an account’s languages', () => {
  it('gives a new account every built-in language in full, nothing missing', () => {
    const { resolve } = createResolver(createDefaultConfig(), createDefaultReasons())
    for (const tag of ['fr', 'de', 'es']) expect(resolve(tag).missing).toEqual([])
    expect(resolve('fr').strings['copy.general.headline']).toBe('Avant de partir…')
    expect(resolve('de').strings['ui.next']).toBe('Weiter')
    expect(resolve('es').strings['reason.too_expensive']).toBe('Es demasiado caro')
  })

  it('falls back to the default language for a string the merchant changed and did not translate', () => {
    const config = withLanguages(undefined, (c) => {
      c.copy.general.headline = 'Wait! Acme has something for you'
    })
    const { resolve } = createResolver(config, createDefaultReasons())
    const german = resolve('de')
    expect(german.missing).toEqual(['copy.general.headline'])
    expect(german.strings['copy.general.headline']).toBe('Wait! Acme has something for you')
    // Everything else stays German.
    expect(german.strings['copy.general.subheadline']).toBe(BUILT_IN_CATALOGS.de.copy.general.subheadline)
  })

  it('uses the merchant’s translation over the built-in words, and a custom reason is missing until translated', () => {
    const reasons = [
      ...createDefaultReasons(),
      {
        key: 'too_many_emails',
        label: 'Too many emails',
        feedback: 'other' as const,
        offer: 'none' as const,
        enabled: true,
      },
    ]
    const config = withLanguages({ default: 'en', translations: { fr: { 'ui.next': 'Suivant' } } })
    const { resolve } = createResolver(config, reasons)
    const french = resolve('fr')
    expect(french.strings['ui.next']).toBe('Suivant')
    expect(french.missing).toEqual(['reason.too_many_emails'])
    expect(french.strings['reason.too_many_emails']).toBe('Too many emails')
  })

  it('gives a merchant-added language its translations, the default language for the rest, never a key name', () => {
    const config = withLanguages({
      default: 'de',
      translations: { ar: { 'copy.general.headline': 'قبل أن تغادر…', 'ui.next': 'متابعة' } },
    })
    const { locales, defaultLocale } = publishLocales(config, createDefaultReasons(), planOf(config))
    expect(defaultLocale).toBe('de')
    const arabic = locales.ar
    expect(arabic?.dir).toBe('rtl')
    expect(arabic?.words.screens['reason.']?.headline).toBe('قبل أن تغادر…')
    expect(arabic?.ui.next).toBe('متابعة')
    // Untranslated: the default language (German), not English and not a key, isolated so that its
    // left-to-right text keeps its punctuation in place inside a right-to-left dialog.
    expect(arabic?.ui.back).toBe('\u2068Zurück\u2069')
    // Between languages of one direction nothing is added.
    expect(locales.fr?.ui.back).toBe('Retour')
    for (const locale of Object.values(locales))
      for (const value of Object.values(locale.ui)) expect(value).not.toMatch(/^[a-z_]+$/)
  })

  it('publishes lower-case tags and a default language taken from the built-in words when the copy is untouched', () => {
    const config = withLanguages({ default: 'fr', translations: { 'pt-BR': { 'ui.next': 'Continuar' } } })
    const { locales, defaultLocale } = publishLocales(config, createDefaultReasons(), planOf(config))
    expect(Object.keys(locales).sort()).toEqual(['de', 'en', 'es', 'fr', 'pt-br'])
    expect(defaultLocale).toBe('fr')
    expect(locales.fr?.words.screens['reason.']?.headline).toBe('Avant de partir…')
    expect(locales['pt-br']?.ui.back).toBe('Retour')
    expect(locales.en?.words.screens['reason.']?.headline).toBe(EN.copy.general.headline)
  })

  it('knows which scripts run right to left', () => {
    expect(['ar', 'he-IL', 'fa'].map(directionOf)).toEqual(['rtl', 'rtl', 'rtl'])
    expect(['en', 'fr-CA', 'de'].map(directionOf)).toEqual(['ltr', 'ltr', 'ltr'])
  })
})

describe('the languages section of the config', () => {
  const parse = (languages: unknown) =>
    cancelFlowConfigSchema.safeParse({ ...createDefaultConfig(), languages })
  it('accepts translations under known keys', () => {
    expect(
      parse({ default: 'en', translations: { 'pt-BR': { 'ui.next': 'Continuar', 'reason.custom_1': 'X' } } })
        .success,
    ).toBe(true)
  })
  it('refuses an unknown key, an empty string and a malformed tag, saying which', () => {
    const unknown = parse({ default: 'en', translations: { fr: { 'ui.nope': 'x' } } })
    expect(unknown.error?.issues[0]?.message).toBe('Unknown string: ui.nope')
    const empty = parse({ default: 'en', translations: { fr: { 'ui.next': '  ' } } })
    expect(empty.error?.issues[0]?.message).toBe('A translation cannot be empty')
    const tag = parse({ default: 'French', translations: {} })
    expect(tag.error?.issues[0]?.message).toBe('Use a language tag such as fr, de-CH or pt-BR')
  })
})
