import { wordFrequencies } from '@retainkit/shared/analytics'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { writeInWordCounts } from './queries'
import { resolveRange } from './range'
import { insertEvents, insertSessions } from './test-fixtures'
import { type TextCollation, textCollation } from './text-collation'

/**
 * The SQL tokeniser must count exactly what shared `wordFrequencies` counts: the console and tests
 * reason with the TypeScript rule, the server runs the SQL one. Known limits of "exactly": characters
 * whose lower case differs between Unicode's full mapping and PostgreSQL's simple one (Turkish İ, Greek
 * final sigma) — rare in feedback and left out here.
 */
const CORPUS = [
  'Too expensive!!! The price went up AGAIN... 3 times in 2024.',
  "I can't afford it — don't get me wrong, I love the coffee; it's just the price.",
  'Didn’t use it enough. ’Twas nice while it lasted’.',
  "'quoted' ''double'' words''' and rock'n'roll",
  'Café crème was délicieux, but the crème brûlée blend?? Not for me. Ünïcödé ñandú façade',
  'Cafe\u0301 cre\u0300me (decomposed accents) are the same words as café crème',
  'numbers: 100% 42kg 7-day trial, v2.0, 24/7 support, 1st-class',
  'e-mail/hyphenated-words, snake_case, CamelCase, ALLCAPS, tabs\tand\nnewlines',
  'emoji 😀 break words☕apart, and so do «guillemets» and „quotes“',
  'Straße größe Øre Åland Ægir œuvre',
  'Too expensive. TOO EXPENSIVE. too expensive!',
  'a b c d x y z ok no go',
  "   leading and trailing spaces   '' ' '' ",
  '',
]

let t: TestContext
const ACCOUNT = 'words-account'
const range = resolveRange('2026-01-01', '2026-12-31', new Date('2026-06-15T12:00:00Z'))

beforeAll(async () => {
  t = await createTestContext()
  await t.createAccount({ id: ACCOUNT })
  await insertSessions(t.database.db, ACCOUNT, ['w1'])
  await insertEvents(
    t.database.db,
    ACCOUNT,
    CORPUS.map((text, index) => ({
      session: 'w1',
      step: 'feedback_submitted',
      text,
      at: `2026-03-${String(index + 1).padStart(2, '0')}T12:00:00Z`,
    })),
  )
})
afterAll(() => t.close())

const sqlWords = async (limit: number, collation?: TextCollation) =>
  (
    await writeInWordCounts(
      t.database.db,
      ACCOUNT,
      range,
      limit,
      collation ?? (await textCollation(t.database.db, t.logger)),
    )
  ).map((row) => ({ word: row.word, count: Number(row.count) }))

describe('write-in tokenisation: SQL and shared wordFrequencies agree', () => {
  it('on punctuation, apostrophes, accents, numbers and case — the whole ranking', async () => {
    const expected = wordFrequencies(CORPUS, 1000)
    expect(expected.length).toBeGreaterThan(50)
    expect(await sqlWords(1000)).toEqual(expected)
  })

  it('under each explicit Unicode collation this database has (used when its default is plain C)', async () => {
    const { rows } = await sql<{ collname: TextCollation }>`
      select collname from pg_collation where collname in ('pg_c_utf8', 'C.utf8', 'und-x-icu')`.execute(
      t.database.db,
    )
    expect(rows.length).toBeGreaterThan(0)
    for (const { collname } of rows)
      expect(await sqlWords(1000, collname)).toEqual(wordFrequencies(CORPUS, 1000))
  })

  it('with the same top-N cut', async () => {
    expect(await sqlWords(10)).toEqual(wordFrequencies(CORPUS, 10))
  })

  it('on the cases the rule spells out', async () => {
    const words = new Map((await sqlWords(1000)).map(({ word, count }) => [word, count]))
    // Lower-cased and counted across texts; stop words ("too", "the") gone.
    expect(words.get('expensive')).toBe(4)
    expect(words.has('too')).toBe(false)
    // NFC: a decomposed "Café" is the same word as a precomposed one.
    expect(words.get('café')).toBe(3)
    expect(words.get('crème')).toBe(4)
    // Inner apostrophes stay, outer ones go; ’ counts as '.
    expect(words.get("rock'n'roll")).toBe(1)
    expect(words.get('quoted')).toBe(1)
    expect(words.get('twas')).toBe(1)
    expect(words.has("didn't")).toBe(false) // a stop word once ’ became '
    // Digits separate words: "42kg" → "kg", "v2.0" → "v" (too short), "1st" → "st".
    expect(words.get('kg')).toBe(1)
    expect(words.has('v')).toBe(false)
    expect(words.has('42')).toBe(false)
    expect(words.get('straße')).toBe(1)
  })
})
