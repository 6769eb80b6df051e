import { mkdirSync } from 'node:fs'
import type { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Logger } from '../ports/logger'
import { createDatabaseAvailability, type DatabaseAvailability } from './availability'
import { isPostgresConnectionLoss } from './errors'
import { isPgliteFailure, PGliteDialect, type PGliteHost } from './pglite-dialect'
import { ResilientDialect } from './resilient-dialect'
import type { Database } from './tables'

export type DatabaseKind = 'pglite' | 'postgres'

export interface PoolStats {
  total: number
  idle: number
  waiting: number
}

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: DatabaseKind
  /** Whether the database answers (marked by every query); /health reports it. */
  availability: DatabaseAvailability
  /** Runs raw SQL with several statements (migrations). */
  execScript(sql: string): Promise<void>
  close(): Promise<void>
  /** PGlite only: the data directory as a tarball (test templates). */
  dump?: () => Promise<Blob>
  /** PGlite only: where the instance lives (tests break it to check recovery). */
  pglite?: PGliteHost
  /** PostgreSQL only: the connection string (a LISTEN connection opens its own client). */
  databaseUrl?: string
  /** PostgreSQL only: the pool's connections right now (open, idle, requests waiting for one). */
  poolStats?: () => PoolStats
  /**
   * File-backed PGlite only: closes the engine and opens its data directory again, with nothing in
   * flight. WebAssembly memory can grow but never shrink, so a bulk load (first migrations, the demo
   * seed) would otherwise stay resident for the life of the process; a fresh engine starts small.
   */
  startAfresh?: () => Promise<void>
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
  /** Where connection trouble is reported (never to clients). */
  logger?: Logger
}

/**
 * PGlite runs PostgreSQL inside this process's memory: its default 128 MB of shared buffers alone was a
 * third of the idle footprint. The embedded database is small (one shop's sessions), so 16 MB caches
 * it; PostgreSQL proper keeps its own settings.
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB']

/** How long a new PostgreSQL connection may take before the request gets a 503 instead of waiting. */
const CONNECT_TIMEOUT_MS = 5_000

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options)
}

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const availability = createDatabaseAvailability()
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Notice a server that vanished without closing the socket (a crashed host, a dropped route).
    keepAlive: true,
  })
  const lost = (error: Error) => {
    availability.markDown(error.message)
    options.logger?.warn('database connection lost', { error: error.message })
  }
  // An idle client the server drops is discarded by the pool, which reports it here.
  pool.on('error', lost)
  // A client checked out by a request can lose its connection between two queries; `pg` then emits
  // 'error' on the client itself, and an 'error' event nobody listens to ends the process. Every
  // client gets a listener for life; the next query on it fails and the pool replaces it.
  pool.on('connect', (client) => {
    client.on('error', lost)
    prepareMarkedStatements(client)
  })
  // Fail at startup, not on the first request, when the server is unreachable.
  const client = await pool.connect()
  client.release()
  return {
    db: new Kysely<Database>({
      dialect: new ResilientDialect(new PostgresDialect({ pool }), availability, isPostgresConnectionLoss),
    }),
    kind: 'postgres',
    availability,
    databaseUrl,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    execScript: async (sql) => {
      await pool.query(sql)
    },
    close: async () => {
      await pool.end().catch(() => undefined)
    },
  }
}

const singleConnection = new WeakSet<object>()

/**
 * Whether `db` is one connection whose statements run on this process's own thread (PGlite): a second
 * statement sent before the first is answered only waits behind it, and while one runs no request is read.
 */
export function isSingleConnection(db: object): boolean {
  return singleConnection.has(db)
}

import { PREPARED, statementName } from './prepared-statements'

export { PREPARED }

/**
 * Makes `client` prepare the statements marked PREPARED. A server that forgets them (a pooler in
 * transaction mode hands the next statement to another backend, or one ran DISCARD ALL) answers that
 * the statement does not exist (26000) or already exists (42P05), before running anything: the
 * statement is then sent again unprepared, and this connection stops preparing.
 */
function prepareMarkedStatements(client: pg.PoolClient): void {
  const plain = client.query.bind(client) as (...args: unknown[]) => unknown
  let preparing = true
  const query = (...args: unknown[]): unknown => {
    const [text, values] = args
    if (!preparing || args.length !== 2 || typeof text !== 'string' || !text.startsWith(PREPARED)) {
      return plain(...args)
    }
    const prepared = plain({ name: statementName(text), text, values }) as Promise<unknown>
    return prepared.catch((error: unknown) => {
      const code = (error as { code?: unknown }).code
      if (code !== '26000' && code !== '42P05') throw error
      preparing = false
      return plain(text, values)
    })
  }
  ;(client as unknown as { query: typeof query }).query = query
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  // Loaded only here: a PostgreSQL deployment never pays for the embedded engine's code.
  const { PGlite } = await import('@electric-sql/pglite')
  const availability = createDatabaseAvailability()
  const { dataDir, loadDataDir } = options
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const create = async (load?: Blob): Promise<PGlite> => {
    const instance = new PGlite({
      postgresqlconf: PGLITE_SETTINGS,
      ...(dataDir ? { dataDir } : {}),
      ...(load ? { loadDataDir: load } : {}),
    })
    await instance.waitReady
    return instance
  }
  let instance = await create(loadDataDir)
  const replace = async () => {
    const old = instance
    // A broken engine may never answer close(); the files are what matters.
    await Promise.race([old.close().catch(() => undefined), new Promise((r) => setTimeout(r, 1000))])
    instance = await create()
  }
  const host: PGliteHost = {
    get instance() {
      return instance
    },
    ...(dataDir
      ? {
          reopen: async () => {
            options.logger?.warn('PGlite failed; reopening the data directory')
            await replace()
            options.logger?.info('PGlite reopened')
          },
        }
      : {}),
  }
  const dialect = new PGliteDialect(host, (error) =>
    options.logger?.error('PGlite could not be reopened', {
      error: error instanceof Error ? error.message : String(error),
    }),
  )
  const db = new Kysely<Database>({ dialect: new ResilientDialect(dialect, availability, isPgliteFailure) })
  singleConnection.add(db)
  return {
    db,
    kind: 'pglite',
    availability,
    pglite: host,
    execScript: async (sql) => {
      await host.instance.exec(sql)
    },
    close: async () => {
      await db.destroy()
    },
    dump: async () => (await host.instance.dumpDataDir('none')) as Blob,
    ...(dataDir ? { startAfresh: replace } : {}),
  }
}
