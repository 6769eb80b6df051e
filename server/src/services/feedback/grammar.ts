import type { ScoredLanguage } from './languages'

/**
 * The few function words the scorer treats specially, per language. natural's negation lists are
 * used as they are and these are added to them (it has none for French, and no contractions).
 */
export interface Grammar {
  /** Words that reverse what follows: "not", "never", "no", "sans"… */
  negations: readonly string[]
  /** Words of excess: "not too expensive" negates the excess, not the price, so it scores nothing. */
  excess: readonly string[]
  /** "…but…": what follows outweighs what came before. */
  contrast: readonly string[]
  /** German puts "nicht" after the verb ("gefällt mir nicht"): negation also looks back there. */
  negationLooksBack: boolean
}

export const GRAMMAR: Readonly<Record<ScoredLanguage, Grammar>> = {
  en: {
    negations: [
      'nor',
      "don't",
      "doesn't",
      "didn't",
      "isn't",
      "wasn't",
      "aren't",
      "weren't",
      "won't",
      "can't",
      "couldn't",
      "wouldn't",
      "shouldn't",
      "haven't",
      "hasn't",
      'dont',
      'doesnt',
      'didnt',
      'isnt',
      'wasnt',
      'cannot',
      'without',
      'nothing',
      'nobody',
      'none',
    ],
    excess: ['too'],
    contrast: ['but', 'however', 'though', 'although'],
    negationLooksBack: false,
  },
  fr: {
    negations: ['ne', 'n', 'pas', 'jamais', 'aucun', 'aucune', 'sans', 'ni', 'rien', 'personne'],
    excess: ['trop'],
    contrast: ['mais', 'cependant', 'pourtant', 'toutefois'],
    negationLooksBack: false,
  },
  de: {
    negations: [
      'keine',
      'keinen',
      'keiner',
      'keinem',
      'keines',
      'nie',
      'niemals',
      'ohne',
      'nichts',
      'niemand',
      'weder',
    ],
    excess: ['zu'],
    contrast: ['aber', 'doch', 'jedoch', 'sondern', 'allerdings'],
    negationLooksBack: true,
  },
  es: {
    negations: ['sin', 'nada', 'nadie', 'ningún', 'ninguna', 'ninguno', 'tampoco'],
    excess: ['demasiado', 'demasiada', 'demasiados', 'demasiadas'],
    contrast: ['pero', 'sino', 'aunque'],
    negationLooksBack: false,
  },
}

/** French elisions ("n'a", "l'appli", "qu'il") split off, so "n" is seen as the negation it is. */
const FRENCH_ELISION = /\b(l|d|j|n|qu|c|s|m|t|jusqu|lorsqu|puisqu)'/g
const WORD = /[\p{L}\p{N}]+(?:'\p{L}+)*/gu
/** Clause boundaries: a negation or a contrast does not reach past them. */
const CLAUSE = /[,;:.!?()…\n]+/

/** The write-in's clauses, each a list of lower-case word tokens (apostrophes kept in English). */
export function clausesOf(text: string, language: ScoredLanguage): string[][] {
  let lower = text.toLowerCase().replace(/[’`´]/g, "'")
  if (language === 'fr') lower = lower.replace(FRENCH_ELISION, '$1 ')
  return lower
    .split(CLAUSE)
    .map((clause) => clause.match(WORD) ?? [])
    .filter((tokens) => tokens.length > 0)
}
