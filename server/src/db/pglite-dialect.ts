import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { PREPARED, pglitePrepared } from './prepared-statements'

/**
 * Where the PGlite instance lives. When PGlite itself fails (its WebAssembly engine aborts, or it is
 * closed under us) every later query fails too; a file-backed instance can be replaced by a new one
 * on the same data directory, which is how the embedded database recovers without a restart.
 */
export interface PGliteHost {
  readonly instance: PGlite
  /** Opens a fresh instance on the same data directory; absent for in-memory databases. */
  reopen?: () => Promise<void>
}

/** Failures of PGlite itself (not of a statement: those carry a SQLSTATE and leave PGlite working). */
export function isPgliteFailure(error: unknown): boolean {
  // WebAssembly.RuntimeError by name: the DOM-free typings here do not declare the WebAssembly global.
  if (error instanceof Error && error.name === 'RuntimeError') return true
  return (
    error instanceof Error && /PGlite is closed|^Aborted\(|memory access out of bounds/.test(error.message)
  )
}

/**
 * A Kysely dialect over PGlite (the embedded default database). PGlite is one connection, so the driver
 * hands it out to one user at a time: a transaction holds it until commit or rollback, and other
 * queries queue behind it instead of interleaving with the transaction's statements.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly host: PGliteHost,
    private readonly onRecoveryFailed: (error: unknown) => void = () => undefined,
  ) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.host, this.onRecoveryFailed)
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve()
  private recovering: Promise<void> | null = null
  constructor(
    private readonly host: PGliteHost,
    private readonly onRecoveryFailed: (error: unknown) => void,
  ) {}

  async init(): Promise<void> {
    await this.host.instance.waitReady
  }

  /** Waits for the single connection; the returned function hands it to the next in line. */
  private async turn(): Promise<() => void> {
    let release!: () => void
    const mine = new Promise<void>((resolve) => {
      release = resolve
    })
    const previous = this.queue
    this.queue = previous.then(() => mine)
    await previous
    return release
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.turn()
    return new PGliteConnection(this.host, release, (error) => this.failed(error))
  }

  /**
   * A query failed: when PGlite itself broke, replace it — in line like any other user of the
   * connection, so nobody is mid-transaction on the old instance — and let the queued queries run on
   * the new one.
   */
  private failed(error: unknown): void {
    const reopen = this.host.reopen
    if (!reopen || this.recovering || !isPgliteFailure(error)) return
    this.recovering = this.turn().then(async (release) => {
      try {
        await reopen()
      } catch (reopenError) {
        this.onRecoveryFailed(reopenError)
      } finally {
        this.recovering = null
        release()
      }
    })
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ''
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    ;(connection as PGliteConnection).release()
  }

  async destroy(): Promise<void> {
    await this.queue
    if (!this.host.instance.closed) await this.host.instance.close()
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly host: PGliteHost,
    readonly release: () => void,
    private readonly failed: (error: unknown) => void,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    let result: { rows: unknown[]; affectedRows?: number }
    try {
      const { instance } = this.host
      result = compiled.sql.startsWith(PREPARED)
        ? await pglitePrepared(instance, compiled.sql, compiled.parameters)
        : await instance.query<R>(compiled.sql, [...compiled.parameters])
    } catch (error) {
      this.failed(error)
      throw error
    }
    const affected = result.affectedRows
    return {
      rows: result.rows as R[],
      ...(affected !== undefined && !/^\s*select/i.test(compiled.sql)
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    }
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported by PGlite; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries')
  }
}
