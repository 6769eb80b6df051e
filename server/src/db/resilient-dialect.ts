import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely'
import type { DatabaseAvailability } from './availability'
import { DatabaseUnavailableError } from './errors'

/** How a driver's errors are read: does this one mean the connection (or the engine) is gone? */
export type ConnectionLossTest = (error: unknown) => boolean

/**
 * Wraps a Kysely dialect so that every failure to reach the database — a connection that cannot be
 * made, or one that dies mid-query — surfaces as DatabaseUnavailableError (answered 503) and marks
 * the database down, and every success marks it up again. Statement errors (constraint violations,
 * bad SQL) pass through untouched.
 */
export class ResilientDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly availability: DatabaseAvailability,
    private readonly isConnectionLoss: ConnectionLossTest,
  ) {}
  createAdapter(): DialectAdapter {
    return this.inner.createAdapter()
  }
  createDriver(): Driver {
    return new ResilientDriver(this.inner.createDriver(), this.availability, this.isConnectionLoss)
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.inner.createIntrospector(db)
  }
  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler()
  }
}

class ResilientConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: ResilientDriver,
  ) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.guard(() => this.inner.executeQuery<R>(compiled))
  }
  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize)
  }
}

const unwrap = (connection: DatabaseConnection): DatabaseConnection =>
  connection instanceof ResilientConnection ? connection.inner : connection

class ResilientDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly availability: DatabaseAvailability,
    private readonly isConnectionLoss: ConnectionLossTest,
  ) {}

  /** Runs `work`; a connection loss becomes DatabaseUnavailableError, a success proves the database up. */
  async guard<T>(work: () => Promise<T>, everyFailureIsLoss = false): Promise<T> {
    try {
      const result = await work()
      if (!this.availability.available) this.availability.markUp()
      return result
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) throw error
      if (everyFailureIsLoss || this.isConnectionLoss(error)) {
        this.availability.markDown(error instanceof Error ? error.message : String(error))
        throw new DatabaseUnavailableError(error)
      }
      throw error
    }
  }

  init(): Promise<void> {
    return this.guard(() => this.inner.init(), true)
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    // Not getting a connection at all is an outage, whatever the driver calls it.
    const connection = await this.guard(() => this.inner.acquireConnection(), true)
    return new ResilientConnection(connection, this)
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.guard(() => this.inner.beginTransaction(unwrap(connection), settings))
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.guard(() => this.inner.commitTransaction(unwrap(connection)))
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.guard(() => this.inner.rollbackTransaction(unwrap(connection)))
  }
  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    const savepoint = this.inner.savepoint?.bind(this.inner)
    if (!savepoint) throw new Error('savepoints are not supported by this driver')
    return this.guard(() => savepoint(unwrap(connection), name, compile))
  }
  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    const rollback = this.inner.rollbackToSavepoint?.bind(this.inner)
    if (!rollback) throw new Error('savepoints are not supported by this driver')
    return this.guard(() => rollback(unwrap(connection), name, compile))
  }
  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    const release = this.inner.releaseSavepoint?.bind(this.inner)
    if (!release) throw new Error('savepoints are not supported by this driver')
    return this.guard(() => release(unwrap(connection), name, compile))
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection))
  }
  destroy(): Promise<void> {
    return this.inner.destroy()
  }
}
