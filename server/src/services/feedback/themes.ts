import { clausesOf } from './grammar'
import type { ScoredLanguage } from './languages'
import { languageModel, type Stemmer } from './lexicons'
import { MISSING_FEATURE, THEME_CONCEPTS } from './theme-concepts'

/**
 * A write-in's themes. The built-in ones (theme-concepts.ts) are matched on natural's Porter stems, so
 * every form of a word counts, in the write-in's language; after a "missing" word the feature itself is
 * taken too ("Missing feature: csv export"), so missing features group by what is missing. A write-in no
 * built-in theme matches is grouped by its most telling word instead (its longest word that is not a stop
 * word, stemmed: "recipes" and "recipe" are one theme), so what subscribers keep saying that nobody
 * foresaw still shows as a theme of its own. Keys are stable: the same words always give the same key.
 */
export interface ThemeHit {
  /** Stable key: a built-in theme's, `missing_feature:<stems>` or `word:<stem>`. */
  key: string
  /** Its name as first seen (the merchant may rename it). */
  name: string
}

interface Matcher {
  stemmer: Stemmer
  stopWords: ReadonlySet<string>
  /** Stem → the built-in themes it belongs to. */
  stems: ReadonlyMap<string, readonly string[]>
  /** Words matched as written (a missing feature's: "missing" and "miss" share a stem). */
  exact: ReadonlyMap<string, string>
  /** Phrases (lower-case words joined by a space) → their theme. */
  phrases: ReadonlyMap<string, string>
  longestPhrase: number
}

const NAMES = new Map(THEME_CONCEPTS.map((concept) => [concept.key, concept.name]))
/** Words too general to name a missing feature or a theme of their own. */
const GENERIC = new Set([
  ...[
    'feature',
    'features',
    'basic',
    'option',
    'options',
    'function',
    'functions',
    'functionality',
    'tool',
    'app',
  ],
  ...[
    'fonction',
    'fonctions',
    'fonctionnalité',
    'fonctionnalités',
    'basiques',
    'outil',
    'application',
    'appli',
  ],
  ...['funktion', 'funktionen', 'grundlegende', 'tool', 'werkzeug', 'anwendung'],
  ...['función', 'funciones', 'básicas', 'básicos', 'herramienta', 'aplicación'],
])

async function buildMatcher(language: ScoredLanguage): Promise<Matcher> {
  const [model, stopWords] = await Promise.all([
    languageModel(language),
    import('stopwords-iso/stopwords-iso.json', { with: { type: 'json' } }),
  ])
  const stems = new Map<string, string[]>()
  const exact = new Map<string, string>()
  const phrases = new Map<string, string>()
  for (const concept of THEME_CONCEPTS)
    for (const word of concept.words[language]) {
      if (word.includes(' ')) {
        const tokens = clausesOf(word, language)[0] ?? []
        phrases.set(tokens.join(' '), concept.key)
        continue
      }
      if (concept.key === MISSING_FEATURE) {
        exact.set(word.toLowerCase(), concept.key)
        continue
      }
      const stem = model.stemmer.stem(word.toLowerCase())
      stems.set(stem, [...new Set([...(stems.get(stem) ?? []), concept.key])])
    }
  const lists = stopWords.default as Record<string, string[]>
  return {
    stemmer: model.stemmer,
    stopWords: new Set([...(lists[language] ?? []), ...model.negations]),
    stems,
    exact,
    phrases,
    longestPhrase: Math.max(1, ...[...phrases.keys()].map((phrase) => phrase.split(' ').length)),
  }
}

const matchers = new Map<ScoredLanguage, Promise<Matcher>>()

function matcherFor(language: ScoredLanguage): Promise<Matcher> {
  let matcher = matchers.get(language)
  if (!matcher) {
    matcher = buildMatcher(language)
    matchers.set(language, matcher)
    matcher.catch(() => matchers.delete(language))
  }
  return matcher
}

const isContent = (matcher: Matcher, token: string) =>
  token.length >= 3 && !/^\d+$/.test(token) && !matcher.stopWords.has(token) && !GENERIC.has(token)

/** The one or two content words after a "missing" word: what is missing. */
function missingFeature(matcher: Matcher, tokens: readonly string[], from: number): ThemeHit | null {
  const words: string[] = []
  for (let i = from; i < tokens.length && words.length < 2; i++) {
    const token = tokens[i] as string
    const known = matcher.stems.has(matcher.stemmer.stem(token)) || matcher.exact.has(token)
    if (isContent(matcher, token) && !known) words.push(token)
    else if (words.length > 0) break
  }
  if (words.length === 0) return null
  return {
    key: `${MISSING_FEATURE}:${words.map((word) => matcher.stemmer.stem(word)).join(' ')}`,
    name: `${NAMES.get(MISSING_FEATURE)}: ${words.join(' ')}`,
  }
}

/** The built-in themes a clause mentions, and any missing feature it names. */
function conceptHits(matcher: Matcher, tokens: readonly string[], found: Map<string, ThemeHit>): void {
  for (let i = 0; i < tokens.length; i++) {
    let keys: readonly string[] = []
    let next = i + 1
    for (
      let length = Math.min(matcher.longestPhrase, tokens.length - i);
      length >= 2 && keys.length === 0;
      length--
    ) {
      const key = matcher.phrases.get(tokens.slice(i, i + length).join(' '))
      if (key) {
        keys = [key]
        next = i + length
      }
    }
    if (keys.length === 0) {
      const token = tokens[i] as string
      const exact = matcher.exact.get(token)
      keys = exact ? [exact] : (matcher.stems.get(matcher.stemmer.stem(token)) ?? [])
    }
    for (const key of keys) {
      if (!found.has(key)) found.set(key, { key, name: NAMES.get(key) ?? key })
      const feature = key === MISSING_FEATURE ? missingFeature(matcher, tokens, next) : null
      if (feature && !found.has(feature.key)) found.set(feature.key, feature)
    }
    i = next - 1
  }
}

/** The write-in's longest content word as a theme of its own, for a write-in no built-in theme matched. */
function keywordHit(matcher: Matcher, clauses: readonly (readonly string[])[]): ThemeHit | null {
  let best: string | null = null
  for (const tokens of clauses)
    for (const token of tokens)
      if (isContent(matcher, token) && (!best || token.length > best.length)) best = token
  return best ? { key: `word:${matcher.stemmer.stem(best)}`, name: best } : null
}

/** The themes a write-in in `language` belongs to (none for an empty one). */
export async function themesOf(text: string, language: ScoredLanguage): Promise<ThemeHit[]> {
  const matcher = await matcherFor(language)
  const clauses = clausesOf(text, language)
  const found = new Map<string, ThemeHit>()
  for (const tokens of clauses) conceptHits(matcher, tokens, found)
  if (found.size === 0) {
    const keyword = keywordHit(matcher, clauses)
    if (keyword) found.set(keyword.key, keyword)
  }
  return [...found.values()]
}
