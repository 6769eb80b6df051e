/**
 * The languages a write-in can be scored in: the four built-in languages of the widget, each with a
 * lexicon and a stemmer from `natural`. Any other language is "not scored", never guessed.
 */
export const SCORED_LANGUAGES = ['en', 'fr', 'de', 'es'] as const
export type ScoredLanguage = (typeof SCORED_LANGUAGES)[number]

/** The scored language of a BCP 47 tag ('fr-CA' → 'fr'), or null when there is no model for it. */
export function scoredLanguageOf(locale: string | null | undefined): ScoredLanguage | null {
  const primary = locale?.split(/[-_]/)[0]?.toLowerCase()
  return (SCORED_LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as ScoredLanguage) : null
}
