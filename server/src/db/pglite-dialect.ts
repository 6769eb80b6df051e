import type { PGlite, Transaction } from '@electric-sql/pglite'
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

/**
 * A Kysely dialect over PGlite (the embedded default database). PGlite is one connection, so the driver
 * hands it out to one user at a time: a transaction holds it until commit or rollback, and other
 * queries queue behind it instead of interleaving with the transaction's statements.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite)
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
  constructor(private readonly pglite: PGlite) {}

  async init(): Promise<void> {
    await this.pglite.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void
    const turn = new Promise<void>((resolve) => {
      release = resolve
    })
    const previous = this.queue
    this.queue = previous.then(() => turn)
    await previous
    return new PGliteConnection(this.pglite, release)
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
    if (!this.pglite.closed) await this.pglite.close()
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite | Transaction,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters])
    const affected = result.affectedRows
    return {
      rows: result.rows,
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
