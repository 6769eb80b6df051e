/**
 * Whether the database answers, as this process last saw it. The resilient dialect reports every
 * connection failure and every success here; /health reads it, and the error handler answers 503
 * while it is down. Nothing here retries: the pool (PostgreSQL) or the PGlite host reconnect, and the
 * next query that succeeds marks the database available again.
 */
export interface DatabaseAvailability {
  readonly available: boolean
  /** When the current state began (ms since the epoch). */
  readonly since: number
  /** The last connection failure, for logs (never sent to clients). */
  readonly lastFailure: string | null
  markDown(reason: string): void
  markUp(): void
  /** Called on every change of state. */
  onChange(listener: (available: boolean) => void): () => void
}

export function createDatabaseAvailability(now: () => number = Date.now): DatabaseAvailability {
  let available = true
  let since = now()
  let lastFailure: string | null = null
  const listeners = new Set<(available: boolean) => void>()
  const change = (next: boolean) => {
    if (available === next) return
    available = next
    since = now()
    for (const listener of listeners) listener(next)
  }
  return {
    get available() {
      return available
    },
    get since() {
      return since
    },
    get lastFailure() {
      return lastFailure
    },
    markDown(reason) {
      lastFailure = reason
      change(false)
    },
    markUp() {
      change(true)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
