import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { PGliteDialect } from './pglite-dialect'
import type { Database } from './tables'

export type DatabaseKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: DatabaseKind
  /** Runs raw SQL with several statements (migrations). */
  execScript(sql: string): Promise<void>
  close(): Promise<void>
  /** PGlite only: the data directory as a tarball (test templates). */
  dump?: () => Promise<Blob>
  /** PostgreSQL only: where it connects (tests open a second pool, as a second instance would). */
  databaseUrl?: string
}

// int8 (count(*), bigserial ids) arrives as a string from `pg`; our counts fit in a JS number, and
// PGlite already returns numbers, so both drivers agree.
pg.types.setTypeParser(20, (value) => Number(value))

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string | null
  /** PGlite data directory; absent → in memory. */
  dataDir?: string | null
  /** PGlite: start from a dumped data directory (fast test databases). */
  loadDataDir?: Blob
  poolSize?: number
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 })
    // An idle client the server drops (restart, failover, a test database dropped while the pool closes)
    // is already discarded by the pool; without a listener its 'error' event would crash the process.
    pool.on('error', () => undefined)
    // Fail at startup, not on the first request, when the server is unreachable.
    const client = await pool.connect()
    client.release()
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      kind: 'postgres',
      databaseUrl: options.databaseUrl,
      execScript: async (sql) => {
        await pool.query(sql)
      },
      close: async () => {
        await pool.end().catch(() => undefined)
      },
    }
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const pglite = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  await pglite.waitReady
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) })
  return {
    db,
    kind: 'pglite',
    execScript: async (sql) => {
      await pglite.exec(sql)
    },
    close: async () => {
      await db.destroy()
    },
    dump: async () => (await pglite.dumpDataDir('none')) as Blob,
  }
}
