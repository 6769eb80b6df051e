import { describe, expect, it } from 'vitest'
import { BUILT_IN_CATALOGS } from '../catalogs'
import { BUILT_IN_MAIL_WORDS, mailLocale } from '.'

type Tree = { [key: string]: string | Tree }
function flat(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flat(value, `${prefix}${key}.`)),
    ),
  )
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('mail words', () => {
  const english = flat(BUILT_IN_MAIL_WORDS.en as unknown as Tree)

  it('exist for every built-in language of the widget', () => {
    expect(Object.keys(BUILT_IN_MAIL_WORDS).sort()).toEqual(Object.keys(BUILT_IN_CATALOGS).sort())
  })

  it('keep every string and each string’s placeholders in every language, and translate it', () => {
    for (const [locale, words] of Object.entries(BUILT_IN_MAIL_WORDS)) {
      const strings = flat(words as unknown as Tree)
      expect(Object.keys(strings).sort(), locale).toEqual(Object.keys(english).sort())
      for (const [key, text] of Object.entries(strings)) {
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english[key] ?? ''))
        expect(text.trim().length, `${locale} ${key}`).toBeGreaterThan(0)
      }
      if (locale !== 'en') {
        const same = Object.keys(strings).filter(
          (key) => strings[key] === english[key] && !key.includes('roles'),
        )
        expect(same, locale).toEqual([])
      }
    }
  })

  it('pick one built-in language: the first wish that is one, by tag or primary subtag, else English', () => {
    expect(mailLocale(['fr-CA', 'de'])).toBe('fr')
    expect(mailLocale(['pt-BR', 'de'])).toBe('de')
    expect(mailLocale(['pt-BR', 'ar'])).toBe('en')
    expect(mailLocale([null, undefined, 'ES'])).toBe('es')
    expect(mailLocale([])).toBe('en')
  })
})
