import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { type DatabaseHandle, openDatabase, PREPARED } from './database'

/**
 * Statements marked PREPARED (the widget's events call) are prepared once per PostgreSQL connection and
 * then only bound and executed; a server that forgot them (DISCARD ALL, a pooler in transaction mode)
 * costs one unprepared retry, never an error. On PGlite the mark is a comment.
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
    if (postgres) expect(await preparedHere()).toHaveLength(2)
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
