import type { BuiltInLocale } from '../catalogs'
import { primaryLanguage } from '../pick-locale'
import { DE_MAIL } from './de'
import { EN_MAIL } from './en'
import { ES_MAIL } from './es'
import { FR_MAIL } from './fr'
import type { MailWords } from './types'

/**
 * `@retainkit/shared/mail-words`: the words of every mail, in every built-in language — the same
 * languages as the widget's catalogues (`BUILT_IN_CATALOGS`). The `Record` over `BuiltInLocale` makes a
 * new built-in language fail the build until it has its mail words too.
 */

export * from './types'

export const BUILT_IN_MAIL_WORDS: Readonly<Record<BuiltInLocale, MailWords>> = {
  en: EN_MAIL,
  fr: FR_MAIL,
  de: DE_MAIL,
  es: ES_MAIL,
}

/**
 * The one language a mail is written in: the first wish (the recipient's language, then the account's
 * default) that is a built-in language, by its exact tag or its primary subtag (`fr-CA` → `fr`), else
 * English. One language for the whole mail, never some strings from another.
 */
export function mailLocale(wishes: readonly (string | null | undefined)[]): BuiltInLocale {
  for (const wish of wishes) {
    if (!wish) continue
    for (const tag of [wish.toLowerCase(), primaryLanguage(wish)])
      if (Object.hasOwn(BUILT_IN_MAIL_WORDS, tag)) return tag as BuiltInLocale
  }
  return 'en'
}
