import type { SubscriberPlan } from './widget-api'

/**
 * What a reactivation costs, in words, for each built-in language: the sentences the server writes
 * around the numbers (which `Intl` formats for the language). A language without its own words here
 * gets English ones.
 */
type Interval = SubscriberPlan['interval']

export interface TermsWords {
  /** After a price: `every month`, `par mois`, `pro Monat`, `al mes`; `every 3 months`. */
  per(interval: Interval, count: number): string
  /** In the renewal sentence: `every month`, `chaque mois`, `jeden Monat`, `cada mes`. */
  each(interval: Interval, count: number): string
  today: string
  on(date: string): string
  /** `the first charge`, `the first 3 charges`. */
  charges(count: number): string
  discounted(plan: string, percent: string, money: string, charges: string, regular: string): string
  regular(plan: string, regular: string): string
  next(chargesNow: boolean, firstCharge: string): string
  renews(each: string): string
}

const EN_UNITS: Record<Interval, string> = { day: 'day', week: 'week', month: 'month', year: 'year' }
const enEvery = (interval: Interval, count: number) =>
  count > 1 ? `every ${count} ${EN_UNITS[interval]}s` : `every ${EN_UNITS[interval]}`

const EN: TermsWords = {
  per: enEvery,
  each: enEvery,
  today: 'today',
  on: (date) => `on ${date}`,
  charges: (count) => (count > 1 ? `first ${count} charges` : 'first charge'),
  discounted: (plan, percent, money, charges, regular) =>
    `${plan}: ${percent} off, ${money} for the ${charges}, then ${regular}.`,
  regular: (plan, regular) => `${plan}: ${regular}.`,
  next: (now, charge) => `${now ? 'First' : 'Next'} charge: ${charge}.`,
  renews: (each) => `Renews automatically ${each} until you cancel.`,
}

const FR_PER: Record<Interval, string> = {
  day: 'par jour',
  week: 'par semaine',
  month: 'par mois',
  year: 'par an',
}
const FR_EACH: Record<Interval, string> = {
  day: 'chaque jour',
  week: 'chaque semaine',
  month: 'chaque mois',
  year: 'chaque année',
}
const frMany = (interval: Interval, count: number) =>
  ({
    day: `tous les ${count} jours`,
    week: `toutes les ${count} semaines`,
    month: `tous les ${count} mois`,
    year: `tous les ${count} ans`,
  })[interval]

const FR: TermsWords = {
  per: (interval, count) => (count > 1 ? frMany(interval, count) : FR_PER[interval]),
  each: (interval, count) => (count > 1 ? frMany(interval, count) : FR_EACH[interval]),
  today: 'aujourd’hui',
  on: (date) => `le ${date}`,
  charges: (count) => (count > 1 ? `les ${count} premiers prélèvements` : 'le premier prélèvement'),
  discounted: (plan, percent, money, charges, regular) =>
    `${plan} : ${percent} de réduction, ${money} pour ${charges}, puis ${regular}.`,
  regular: (plan, regular) => `${plan} : ${regular}.`,
  next: (now, charge) => `${now ? 'Premier' : 'Prochain'} prélèvement : ${charge}.`,
  renews: (each) => `Renouvellement automatique ${each}, jusqu’à ce que vous résiliiez.`,
}

const DE_PER: Record<Interval, string> = {
  day: 'pro Tag',
  week: 'pro Woche',
  month: 'pro Monat',
  year: 'pro Jahr',
}
const DE_EACH: Record<Interval, string> = {
  day: 'jeden Tag',
  week: 'jede Woche',
  month: 'jeden Monat',
  year: 'jedes Jahr',
}
const DE_PLURAL: Record<Interval, string> = { day: 'Tage', week: 'Wochen', month: 'Monate', year: 'Jahre' }
const DE: TermsWords = {
  per: (interval, count) => (count > 1 ? `alle ${count} ${DE_PLURAL[interval]}` : DE_PER[interval]),
  each: (interval, count) => (count > 1 ? `alle ${count} ${DE_PLURAL[interval]}` : DE_EACH[interval]),
  today: 'heute',
  on: (date) => `am ${date}`,
  charges: (count) => (count > 1 ? `die ersten ${count} Abbuchungen` : 'die erste Abbuchung'),
  discounted: (plan, percent, money, charges, regular) =>
    `${plan}: ${percent} Rabatt, ${money} für ${charges}, danach ${regular}.`,
  regular: (plan, regular) => `${plan}: ${regular}.`,
  next: (now, charge) => `${now ? 'Erste' : 'Nächste'} Abbuchung: ${charge}.`,
  renews: (each) => `Verlängert sich automatisch ${each}, bis Sie kündigen.`,
}

const ES_PER: Record<Interval, string> = {
  day: 'al día',
  week: 'a la semana',
  month: 'al mes',
  year: 'al año',
}
const ES_EACH: Record<Interval, string> = {
  day: 'cada día',
  week: 'cada semana',
  month: 'cada mes',
  year: 'cada año',
}
const ES_PLURAL: Record<Interval, string> = { day: 'días', week: 'semanas', month: 'meses', year: 'años' }
const ES: TermsWords = {
  per: (interval, count) => (count > 1 ? `cada ${count} ${ES_PLURAL[interval]}` : ES_PER[interval]),
  each: (interval, count) => (count > 1 ? `cada ${count} ${ES_PLURAL[interval]}` : ES_EACH[interval]),
  today: 'hoy',
  on: (date) => `el ${date}`,
  charges: (count) => (count > 1 ? `los primeros ${count} cobros` : 'el primer cobro'),
  discounted: (plan, percent, money, charges, regular) =>
    `${plan}: ${percent} de descuento, ${money} para ${charges}, después ${regular}.`,
  regular: (plan, regular) => `${plan}: ${regular}.`,
  next: (now, charge) => `${now ? 'Primer' : 'Próximo'} cobro: ${charge}.`,
  renews: (each) => `Se renueva automáticamente ${each} hasta que canceles.`,
}

const WORDS: Readonly<Record<string, TermsWords>> = { en: EN, fr: FR, de: DE, es: ES }

/** The words for a language tag (`fr-CA` gets French), English when it has none of its own. */
export function termsWordsFor(locale: string): { words: TermsWords; locale: string } {
  const language = locale.split('-')[0]?.toLowerCase() ?? ''
  const words = WORDS[language]
  return words ? { words, locale } : { words: EN, locale: 'en-US' }
}
