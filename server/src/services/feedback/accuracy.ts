/// <reference path="./natural-modules.d.ts" />
import { readFileSync } from 'node:fs'
import SentimentAnalyzer from 'natural/lib/natural/sentiment/SentimentAnalyzer.js'
import EnglishTokenizer from 'natural/lib/natural/tokenizers/aggressive_tokenizer.js'
import GermanTokenizer from 'natural/lib/natural/tokenizers/aggressive_tokenizer_de.js'
import SpanishTokenizer from 'natural/lib/natural/tokenizers/aggressive_tokenizer_es.js'
import FrenchTokenizer from 'natural/lib/natural/tokenizers/aggressive_tokenizer_fr.js'
import { SCORED_LANGUAGES, type ScoredLanguage } from './languages'
import { languageModel } from './lexicons'
import { createScorer, type Sentiment, sentimentOf } from './sentiment'

/**
 * The scorer's accuracy on the labelled samples (samples/<language>.tsv: `label<TAB>text`, written as
 * cancellation write-ins are), beside the baselines: everything neutral, the library's lexicon summed
 * alone (no domain words, no negation), and natural's SentimentAnalyzer as it ships. The even rows are
 * the development half the domain lexicon and the neutral band were chosen on; the odd rows were never
 * looked at while choosing, so "held out" is the figure to trust. Printed by the server's sentiment test
 * and by `npm run bench`.
 */
export interface Sample {
  label: Sentiment
  text: string
}

export function loadSamples(language: ScoredLanguage): Sample[] {
  const text = readFileSync(new URL(`./samples/${language}.tsv`, import.meta.url), 'utf8')
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const [label, sentence] = line.split('\t')
      if ((label !== 'positive' && label !== 'neutral' && label !== 'negative') || !sentence)
        throw new Error(`samples/${language}.tsv line ${index + 1}: expected "label<TAB>text"`)
      return { label, text: sentence }
    })
}

export interface Accuracy {
  /** Percent right over every sample, over the development half and over the held-out half. */
  all: number
  development: number
  heldOut: number
}

const percent = (right: number, total: number) => (total === 0 ? 0 : Math.round((1000 * right) / total) / 10)

export function accuracyOf(samples: readonly Sample[], judge: (text: string) => Sentiment): Accuracy {
  const right = samples.map((sample) => judge(sample.text) === sample.label)
  const count = (keep: (index: number) => boolean) => right.filter((ok, index) => ok && keep(index)).length
  const size = (keep: (index: number) => boolean) => right.filter((_, index) => keep(index)).length
  const even = (index: number) => index % 2 === 0
  const odd = (index: number) => index % 2 === 1
  return {
    all: percent(
      count(() => true),
      samples.length,
    ),
    development: percent(count(even), size(even)),
    heldOut: percent(count(odd), size(odd)),
  }
}

const NATURAL: Record<
  ScoredLanguage,
  { name: string; type: string; tokenizer: { tokenize(t: string): string[] } }
> = {
  en: { name: 'English', type: 'afinn', tokenizer: new EnglishTokenizer() },
  fr: { name: 'French', type: 'pattern', tokenizer: new FrenchTokenizer() },
  de: { name: 'German', type: 'pattern', tokenizer: new GermanTokenizer() },
  es: { name: 'Spanish', type: 'afinn', tokenizer: new SpanishTokenizer() },
}

export const SCORERS = [
  'all neutral',
  'lexicon only',
  'natural as shipped',
  'Retainkit (natural + domain)',
] as const
export type ScorerName = (typeof SCORERS)[number]

export interface LanguageReport {
  language: ScoredLanguage
  samples: number
  accuracy: Record<ScorerName, Accuracy>
}

/** Every scorer's accuracy on one language's samples. */
export async function languageReport(language: ScoredLanguage): Promise<LanguageReport> {
  const samples = loadSamples(language)
  const model = await languageModel(language)
  const ours = createScorer(language, model)
  const lexiconOnly = createScorer(language, model, { domain: false, grammar: false })
  const natural = NATURAL[language]
  const shipped = new SentimentAnalyzer(natural.name, null, natural.type)
  const sign = (score: number): Sentiment => (score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral')
  return {
    language,
    samples: samples.length,
    accuracy: {
      'all neutral': accuracyOf(samples, () => 'neutral'),
      'lexicon only': accuracyOf(samples, (text) => sentimentOf(lexiconOnly(text))),
      'natural as shipped': accuracyOf(samples, (text) =>
        sign(shipped.getSentiment(natural.tokenizer.tokenize(text))),
      ),
      'Retainkit (natural + domain)': accuracyOf(samples, (text) => sentimentOf(ours(text))),
    },
  }
}

/** The table both the test and the bench print. */
export function accuracyTable(reports: readonly LanguageReport[]): string {
  const header = `| language | samples | ${SCORERS.map((name) => `${name}: held out / all`).join(' | ')} |`
  const rule = `|---|---:|${SCORERS.map(() => '---:').join('|')}|`
  const rows = reports.map(
    (report) =>
      `| ${report.language} | ${report.samples} | ${SCORERS.map((name) => `${report.accuracy[name].heldOut.toFixed(1)} % / ${report.accuracy[name].all.toFixed(1)} %`).join(' | ')} |`,
  )
  return ['Write-in sentiment accuracy (samples/*.tsv; held out = odd rows)', '', header, rule, ...rows].join(
    '\n',
  )
}

export const allLanguageReports = () => Promise.all(SCORED_LANGUAGES.map(languageReport))
