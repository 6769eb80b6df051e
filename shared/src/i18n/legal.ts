import type { CancelFlowConfig, CancellationReason } from '../config/types'
import { EN } from './catalogs'
import { LEGAL_BLOCKS, type LegalBlock, type LegalStrings } from './legal-types'
import { pickLocale } from './pick-locale'
import {
  availableLocales,
  builtInStrings,
  createResolver,
  directionOf,
  type FlatStrings,
  isolated,
} from './resolve'

/**
 * The legal words of one language, block by block (`legal-types.ts`): a block is used in the wanted
 * language only when that language has every one of its keys (the merchant's translations, or the
 * built-in words the merchant did not change in the default language); otherwise the WHOLE block is
 * the account's default language's, with that language's `Intl` formats. Never half and half.
 */

export interface LegalWords<B extends LegalBlock> {
  /** The language the block's words (and its money and dates) are in. */
  locale: string
  dir: 'ltr' | 'rtl'
  /** The language the subscriber reads everything else in (the dialog's). */
  reader: { locale: string; dir: 'ltr' | 'rtl' }
  words: LegalStrings[B]
  /** The block came in the default language because the wanted one lacks some of its keys. */
  fellBack: boolean
}

export type ResolvedLegal = { [B in LegalBlock]: LegalWords<B> }

function blockOf<B extends LegalBlock>(strings: FlatStrings, block: B): LegalStrings[B] {
  const prefix = `legal.${block}.`
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(strings))
    if (key.startsWith(prefix)) out[key.slice(prefix.length)] = value
  return out as unknown as LegalStrings[B]
}

/** The legal keys a language lacks, by block (what the editor flags). */
export function missingLegalKeys(missing: readonly string[]): Partial<Record<LegalBlock, string[]>> {
  const out: Partial<Record<LegalBlock, string[]>> = {}
  for (const key of missing) {
    const block = LEGAL_BLOCKS.find((name) => key.startsWith(`legal.${name}.`))
    if (block) out[block] = [...(out[block] ?? []), key]
  }
  return out
}

/**
 * An account's legal words for the first wanted language it has (the token's claim, the page's
 * option, the browser's; else its default), block by block with the whole-block fallback.
 */
export function resolveLegal(
  config: CancelFlowConfig,
  reasons: readonly CancellationReason[],
  wanted: readonly unknown[],
): ResolvedLegal {
  const resolver = createResolver(config, reasons)
  const available = Object.fromEntries(availableLocales(config).map((tag) => [tag, true]))
  const tag = pickLocale(available, wanted) ?? resolver.defaultLocale
  const own = resolver.resolve(tag)
  const defaults = tag === resolver.defaultLocale ? own : resolver.resolve(resolver.defaultLocale)
  const lacking = missingLegalKeys(own.missing)
  const reader = { locale: tag, dir: directionOf(tag) }
  const out = {} as Record<LegalBlock, LegalWords<LegalBlock>>
  for (const block of LEGAL_BLOCKS) {
    const fellBack = (lacking[block]?.length ?? 0) > 0
    const locale = fellBack ? resolver.defaultLocale : tag
    out[block] = {
      locale,
      dir: directionOf(locale),
      reader,
      words: blockOf(fellBack ? defaults.strings : own.strings, block),
      fellBack,
    }
  }
  return out as ResolvedLegal
}

/** A built-in language's legal words, English for a language without its own (tests, samples). */
export function builtInLegal(tag = 'en'): ResolvedLegal {
  const strings = builtInStrings(tag)
  const locale = strings ? tag : 'en'
  const flat = strings ?? builtInStrings('en') ?? {}
  const out = {} as Record<LegalBlock, LegalWords<LegalBlock>>
  for (const block of LEGAL_BLOCKS)
    out[block] = {
      locale,
      dir: directionOf(locale),
      reader: { locale, dir: directionOf(locale) },
      words: strings ? blockOf(flat, block) : EN.legal[block],
      fellBack: false,
    }
  return out as ResolvedLegal
}

/**
 * Fills a legal sentence. In a right-to-left block every value is isolated (FSI…PDI), so a Latin plan
 * name or an amount keeps its own order and the sentence's punctuation stays where the language puts
 * it; a sentence in another direction than the reader's is isolated whole (an English sentence in an
 * Arabic dialog keeps its full stop at its end).
 */
export function legalText(
  block: Pick<LegalWords<LegalBlock>, 'dir' | 'reader'>,
  template: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const filled = fillLegal(block.dir, template, values)
  return block.dir === block.reader.dir ? filled : isolated(filled)
}

/** A part of a legal sentence (a price, a date phrase): its values isolated in right-to-left text. */
export function fillLegal(
  dir: 'ltr' | 'rtl',
  template: string,
  values: Readonly<Record<string, string | number>>,
): string {
  const value = (text: string) => (dir === 'rtl' ? isolated(text) : text)
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? value(String(values[key])) : match,
  )
}
