import { DOMAIN_LEXICON } from './domain-lexicon'
import { clausesOf, GRAMMAR } from './grammar'
import { type ScoredLanguage, scoredLanguageOf } from './languages'
import { type LanguageModel, languageModel } from './lexicons'

/**
 * A write-in's sentiment: natural's lexicon for its language (lexicons.ts) with the domain's words added
 * (domain-lexicon.ts), summed clause by clause, with negation, excess and contrast handled (grammar.ts),
 * then a neutral band. Why this and not another library: README.md, with the measured accuracy.
 */
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const
export type Sentiment = (typeof SENTIMENTS)[number]

/**
 * Scores inside ±0.15 are neutral: on natural's -1…1 scale one mild word ("fine", "ok") stays neutral,
 * one clear one ("expensive", "great") does not. Chosen on the samples' development half (README.md).
 */
export const NEUTRAL_BAND = 0.15
/** How many words after a negation it reaches, as VADER's three-word window, plus one for an adverb. */
const NEGATION_REACH = 4
/** A negated negative ("not bad") is half as positive; a negated positive ("not happy") most of it. */
const NEGATED_NEGATIVE = -0.5
const NEGATED_POSITIVE = -0.75

export interface ScorerOptions {
  /** The domain's words on top of the library's lexicon (off: the lexicon alone). */
  domain: boolean
  /** Negation, excess and contrast (off: every word counts as it stands). */
  grammar: boolean
}

export type ScoreText = (text: string) => number

interface Lookup {
  phrases: ReadonlyMap<string, number>
  words: ReadonlyMap<string, number>
  stems: ReadonlyMap<string, number>
}

function domainLookup(language: ScoredLanguage, model: LanguageModel, enabled: boolean): Lookup {
  const phrases = new Map<string, number>()
  const words = new Map<string, number>()
  const stems = new Map<string, number>()
  if (enabled)
    for (const [entry, value] of Object.entries(DOMAIN_LEXICON[language])) {
      if (entry.includes(' ')) phrases.set(entry, value)
      else {
        words.set(entry, value)
        stems.set(model.stemmer.stem(entry), value)
      }
    }
  return { phrases, words, stems }
}

/** The clause's scores word by word, with the grammar applied when asked. */
function scoreClause(
  tokens: readonly string[],
  wordValue: (token: string) => number,
  phraseAt: (index: number) => { value: number; length: number } | null,
  grammar: (typeof GRAMMAR)[ScoredLanguage] & { negationSet: ReadonlySet<string> },
  useGrammar: boolean,
): { before: number; after: number; contrasted: boolean } {
  let before = 0
  let after = 0
  let contrasted = false
  let negatedAt = Number.NEGATIVE_INFINITY
  let excessive = false
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string
    const phrase = phraseAt(i)
    if (!phrase && useGrammar) {
      if (grammar.contrast.includes(token)) {
        contrasted = true
        before += after
        after = 0
        negatedAt = Number.NEGATIVE_INFINITY
        excessive = false
        continue
      }
      if (grammar.negationSet.has(token)) {
        negatedAt = i
        continue
      }
      if (grammar.excess.includes(token)) {
        excessive = true
        continue
      }
    }
    let value = phrase ? phrase.value : wordValue(token)
    if (phrase) i += phrase.length - 1
    if (value === 0) continue
    if (useGrammar) {
      const negated =
        i - negatedAt <= NEGATION_REACH ||
        (grammar.negationLooksBack &&
          tokens.slice(i + 1, i + 1 + NEGATION_REACH).some((next) => grammar.negationSet.has(next)))
      if (negated) value = excessive ? 0 : value * (value < 0 ? NEGATED_NEGATIVE : NEGATED_POSITIVE)
    }
    after += value
  }
  return { before, after, contrasted }
}

/** A scorer for one language: the write-in's score on natural's -1…1 word scale, summed. */
export function createScorer(
  language: ScoredLanguage,
  model: LanguageModel,
  options: ScorerOptions = { domain: true, grammar: true },
): ScoreText {
  const domain = domainLookup(language, model, options.domain)
  const grammar = {
    ...GRAMMAR[language],
    negationSet: new Set([...model.negations, ...GRAMMAR[language].negations]),
  }
  const wordValue = (token: string): number => {
    const own = domain.words.get(token) ?? model.lexicon.get(token)
    if (own !== undefined) return own
    const stem = model.stemmer.stem(token)
    return domain.stems.get(stem) ?? model.stems?.get(stem) ?? 0
  }
  return (text) => {
    let total = 0
    for (const tokens of clausesOf(text, language)) {
      const phraseAt = (index: number) => {
        for (const length of [3, 2]) {
          if (index + length > tokens.length) continue
          const value = domain.phrases.get(tokens.slice(index, index + length).join(' '))
          if (value !== undefined) return { value, length }
        }
        return null
      }
      const { before, after, contrasted } = scoreClause(tokens, wordValue, phraseAt, grammar, options.grammar)
      // "Fine, but too expensive": what follows the "but" is what the subscriber means.
      total = contrasted ? (total + before) * 0.5 + after * 1.5 : total + after
    }
    return total
  }
}

export const sentimentOf = (score: number): Sentiment =>
  score >= NEUTRAL_BAND ? 'positive' : score <= -NEUTRAL_BAND ? 'negative' : 'neutral'

export type ScoredWriteIn =
  | { sentiment: Sentiment; score: number; language: ScoredLanguage }
  | { sentiment: 'not_scored'; score: null; language: null }

const scorers = new Map<ScoredLanguage, Promise<ScoreText>>()

function scorerFor(language: ScoredLanguage): Promise<ScoreText> {
  let scorer = scorers.get(language)
  if (!scorer) {
    scorer = languageModel(language).then((model) => createScorer(language, model))
    scorers.set(language, scorer)
    scorer.catch(() => scorers.delete(language))
  }
  return scorer
}

/** A write-in scored in its session's language; 'not_scored' when there is no model for it. */
export async function scoreWriteIn(text: string, locale: string | null | undefined): Promise<ScoredWriteIn> {
  const language = scoredLanguageOf(locale)
  if (!language) return { sentiment: 'not_scored', score: null, language: null }
  const score = (await scorerFor(language))(text)
  return { sentiment: sentimentOf(score), score, language }
}
