import { describe, expect, it } from 'vitest'
import { scoreWriteIn } from './sentiment'
import { themesOf } from './themes'

const sentimentOf = async (text: string, locale: string) => (await scoreWriteIn(text, locale)).sentiment

describe('write-in sentiment', () => {
  it('reads negation: a negated excess is neutral, a negated complaint mildly positive, a negated praise negative', async () => {
    expect(await sentimentOf('Way too expensive for us.', 'en')).toBe('negative')
    expect(await sentimentOf("It's not too expensive, I just don't use it anymore.", 'en')).toBe('neutral')
    expect(await sentimentOf('The price was not bad at all.', 'en')).toBe('positive')
    expect(await sentimentOf("I'm not happy with the service.", 'en')).toBe('negative')
    expect(await sentimentOf("Ce n'est pas trop cher, je ne l'utilise plus.", 'fr')).toBe('neutral')
    expect(await sentimentOf('Beaucoup trop cher.', 'fr')).toBe('negative')
    expect(await sentimentOf('Es ist nicht zu teuer.', 'de')).toBe('neutral')
    expect(await sentimentOf('Mir gefällt das neue Design nicht.', 'de')).toBe('negative')
    expect(await sentimentOf('No es demasiado caro.', 'es')).toBe('neutral')
    expect(await sentimentOf('No estoy contento con el servicio.', 'es')).toBe('negative')
  })

  it('keeps a plain statement in the neutral band and weighs what follows "but"', async () => {
    expect(await sentimentOf('Moving to a different country.', 'en')).toBe('neutral')
    expect(await sentimentOf('The trial was fine but the paid version is too expensive.', 'en')).toBe(
      'negative',
    )
  })

  it('marks a language without a model "not scored", never guessed, whatever the text says', async () => {
    expect(await scoreWriteIn('Troppo caro, pessimo servizio.', 'it')).toEqual({
      sentiment: 'not_scored',
      score: null,
      language: null,
    })
    expect((await scoreWriteIn('Way too expensive.', null)).sentiment).toBe('not_scored')
    // A regional tag is its language.
    expect(await sentimentOf('Beaucoup trop cher.', 'fr-CA')).toBe('negative')
  })
})

describe('write-in themes', () => {
  it('groups every form and language of a built-in theme under one key', async () => {
    const keys = async (text: string, language: 'en' | 'fr' | 'de' | 'es') =>
      (await themesOf(text, language)).map((theme) => theme.key)
    expect(await keys('It keeps crashing.', 'en')).toEqual(['bugs'])
    expect(await keys('The app crashed twice.', 'en')).toEqual(['bugs'])
    expect(await keys('Beaucoup trop cher.', 'fr')).toEqual(['price'])
    expect(await keys('Viel zu teuer.', 'de')).toEqual(['price'])
    expect(await keys('Demasiado caro y con errores.', 'es')).toEqual(['price', 'bugs'])
  })

  it('names the missing feature, and groups a write-in no built-in theme matches by its telling word', async () => {
    expect(await themesOf('Missing basic features like CSV export.', 'en')).toEqual([
      { key: 'missing_feature', name: 'Missing feature' },
      { key: 'missing_feature:csv export', name: 'Missing feature: csv export' },
    ])
    const recipes = await themesOf('The recipes got repetitive.', 'en')
    const recipe = await themesOf('Same recipe every week, repetitive.', 'en')
    expect(recipes[0]?.key).toBe(recipe[0]?.key)
    expect(recipes[0]?.key).toMatch(/^word:/)
  })
})

describe('missing features', () => {
  it('are named by what is missing, and "miss" in another sense is not one', async () => {
    expect((await themesOf('Will miss the tasting notes.', 'en')).map((theme) => theme.key)).not.toContain(
      'missing_feature',
    )
    expect((await themesOf('Il manque une option décaféiné.', 'fr')).map((theme) => theme.key)).toContain(
      'missing_feature',
    )
  })
})
