/**
 * Database failures sorted by what the caller should hear. A lost or refused connection is an outage
 * (503, retry later); a SQLSTATE of class 22 means a value reached the database that validation should
 * have refused (400); a unique violation is a conflict (409); a serialisation failure or deadlock is
 * transient (503, retry now). Everything else stays an internal error.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
    this.name = 'DatabaseUnavailableError'
  }
}

export type DatabaseErrorClass = 'unavailable' | 'bad-input' | 'conflict' | 'transient' | null

/** Socket-level failures of `pg` (Node's error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/** SQLSTATEs that mean "this server cannot serve you now" rather than "your statement is wrong". */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '55000', // e.g. "database is not currently accepting connections"
  '3D000', // invalid_catalog_name: the database is gone
])

/** What `pg` and pg-pool say when a connection dies or cannot be made (they carry no code). */
const CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end|Connection ended unexpectedly/i

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** True when `error` says the connection to PostgreSQL was lost or could not be made. */
export function isPostgresConnectionLoss(error: unknown): boolean {
  const code = codeOf(error)
  if (
    code !== undefined &&
    (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))
  ) {
    return true
  }
  return error instanceof Error && CONNECTION_MESSAGES.test(error.message)
}

export function classifyDatabaseError(error: unknown): DatabaseErrorClass {
  if (error instanceof DatabaseUnavailableError) return 'unavailable'
  const code = codeOf(error)
  if (code === undefined || !/^[0-9A-Z]{5}$/.test(code)) return null
  if (code.startsWith('22')) return 'bad-input'
  if (code === '23505') return 'conflict'
  if (code === '40001' || code === '40P01') return 'transient'
  return null
}
