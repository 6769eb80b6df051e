import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { type DatabaseHandle, openDatabase, PREPARED } from './database'

/**
 * Statements marked PREPARED (the widget's events call) are prepared once per connection (each pooled
 * PostgreSQL connection, the PGlite instance) and then only bound and executed; a server that forgot
 * them (DISCARD ALL, a pooler in transaction mode, DEALLOCATE) costs a retry, never an error.
 */
let t: TestContext
let single: DatabaseHandle
const postgres = process.env.TEST_DB === 'postgres'

beforeAll(async () => {
  t = await createTestContext()
  // One connection, so that what is prepared on it can be seen and forgotten deterministically.
  single = postgres ? await openDatabase({ databaseUrl: t.database.databaseUrl, poolSize: 1 }) : t.database
})
afterAll(async () => {
  if (postgres) await single.close()
  await t.close()
})

const plusOne = (n: number) =>
  sql<{ n: number }>`${sql.raw(PREPARED)}select ${n}::int + 1 as n`.execute(single.db)
const timesTwo = (n: number) =>
  sql<{ n: number }>`${sql.raw(PREPARED)}select ${n}::int * 2 as n`.execute(single.db)
const preparedHere = async () =>
  (
    await sql<{
      name: string
    }>`select name from pg_prepared_statements where name like 'rk\\_%' order by name`.execute(single.db)
  ).rows.map((row) => row.name)

describe('statements marked PREPARED', () => {
  it('answer as plain ones, each text under a name of its own', async () => {
    expect((await plusOne(1)).rows).toEqual([{ n: 2 }])
    expect((await plusOne(41)).rows).toEqual([{ n: 42 }])
    expect((await timesTwo(21)).rows).toEqual([{ n: 42 }])
    expect(await preparedHere()).toHaveLength(2)
  })

  it('take and give every type the events statements use, as the unmarked statement does', async () => {
    const at = new Date('2026-03-01T12:34:56.789Z')
    const row = (mark: string) =>
      sql<Record<string, unknown>>`${sql.raw(mark)}select ${['a', null, 'c']}::text[] as texts,
        ${[1, 2]}::int[] as ints, ${JSON.stringify(['discount'])}::jsonb as offers, ${at.toISOString()}::timestamptz as at,
        ${null}::text as nothing, ${3}::int as n, ${true}::boolean as yes, count(*) over () as total`.execute(
        single.db,
      )
    const plain = (await row('')).rows
    expect((await row(PREPARED)).rows).toEqual(plain)
    expect((await row(PREPARED)).rows).toEqual(plain)
    expect(plain[0]).toMatchObject({
      texts: ['a', null, 'c'],
      ints: [1, 2],
      offers: ['discount'],
      at,
      n: 3,
      yes: true,
    })
  })

  it('fail as plain ones, and the next statement runs', async () => {
    const divide = (n: number) =>
      sql<{ n: number }>`${sql.raw(PREPARED)}select 1 / ${n}::int as n`.execute(single.db)
    await expect(divide(0)).rejects.toMatchObject({ code: '22012' })
    expect((await divide(1)).rows).toEqual([{ n: 1 }])
    expect((await plusOne(1)).rows).toEqual([{ n: 2 }])
  })

  it.runIf(!postgres)('are prepared again on PGlite when it forgot them', async () => {
    expect((await plusOne(1)).rows).toEqual([{ n: 2 }])
    await sql`deallocate all`.execute(single.db)
    expect(await preparedHere()).toEqual([])
    expect((await plusOne(2)).rows).toEqual([{ n: 3 }])
    expect(await preparedHere()).toHaveLength(1)
  })

  it.runIf(postgres)('are sent again unprepared when the server forgot them', async () => {
    expect((await plusOne(1)).rows).toEqual([{ n: 2 }])
    await sql`deallocate all`.execute(single.db)
    expect(await preparedHere()).toEqual([])
    expect((await plusOne(2)).rows).toEqual([{ n: 3 }])
    expect((await timesTwo(3)).rows).toEqual([{ n: 6 }])
    // That connection no longer prepares: nothing is left behind for a server that forgets.
    expect(await preparedHere()).toEqual([])
  })
})
