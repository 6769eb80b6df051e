import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './database'

/**
 * After a bulk load at startup the server swaps its PGlite engine for a fresh one on the same files,
 * so the WebAssembly memory the load grew is given back (it can never shrink in place). Nothing
 * written may be lost by the swap, and the handle keeps working.
 */
const dir = mkdtempSync(join(tmpdir(), 'retainkit-afresh-'))
let handle: DatabaseHandle | null = null
afterAll(async () => {
  await handle?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe.runIf(process.env.TEST_DB !== 'postgres')('PGlite startAfresh', () => {
  it('reopens the data directory with every committed row, and keeps answering', async () => {
    handle = await openDatabase({ dataDir: dir })
    const start = handle.startAfresh
    expect(start).toBeTypeOf('function')
    await handle.execScript(
      "create table bulk (id int primary key, v text); insert into bulk select i, repeat('x', 500) from generate_series(1, 5000) i",
    )
    const before = handle.pglite?.instance
    await start?.()
    expect(handle.pglite?.instance).not.toBe(before)
    expect(before?.closed).toBe(true)
    const count = await sql<{ n: number }>`select count(*)::int as n from bulk`.execute(handle.db)
    expect(count.rows[0]?.n).toBe(5000)
    await sql`insert into bulk values (5001, 'after')`.execute(handle.db)
    const last = await sql<{ v: string }>`select v from bulk where id = 5001`.execute(handle.db)
    expect(last.rows[0]?.v).toBe('after')
  })
})
