import type { DatabaseHandle } from '../../db/database'
import type { AppDeps } from '../../deps'
import { type ChannelListener, listenOnChannel } from '../pg-listener'
import { MAIL_CHANNEL } from './outbox'
import { attemptMail, claimDueMail, MAIL_DEADLINE_MS, pruneMailOutbox } from './worker'

/**
 * The mail worker of one process: up to `concurrency` sends at once, each claimed as a slot frees (a
 * slow send holds its own slot, never the queue). It wakes when a transaction that queued mail commits
 * (NOTIFY on MAIL_CHANNEL: a LISTEN connection on PostgreSQL, PGlite's own listener in the embedded
 * database) and every `everyMs` regardless (mail queued by a process that died before sending, a retry
 * coming due, a missed notification). Sent rows older than the retention are pruned hourly.
 */
export interface MailWorker {
  /** Resolves once notifications reach this worker (the LISTEN is in place). */
  ready: Promise<void>
  /** Claims due mail now (also what a notification does). */
  wake(): void
  /** Resolves once nothing is being claimed or sent. */
  idle(): Promise<void>
  stop(): Promise<void>
}

export interface MailWorkerOptions {
  /** Where to LISTEN for queued mail; absent, the worker only polls. */
  database?: Pick<DatabaseHandle, 'kind' | 'databaseUrl' | 'pglite'>
  everyMs?: number
  concurrency?: number
  deadlineMs?: number
  pruneEveryMs?: number
}

export function startMailWorker(deps: AppDeps, options: MailWorkerOptions = {}): MailWorker {
  const concurrency = options.concurrency ?? 8
  const inFlight = new Set<Promise<unknown>>()
  let claiming: Promise<void> | null = null
  let again = false
  let stopped = false

  const claimWhileFree = async () => {
    do {
      again = false
      const free = concurrency - inFlight.size
      if (free <= 0) return
      const rows = await claimDueMail(deps, deps.clock.now(), free)
      for (const row of rows) {
        const attempt = attemptMail(deps, row, options.deadlineMs ?? MAIL_DEADLINE_MS)
          .catch((error: unknown) =>
            deps.logger.error('mail attempt could not be recorded; its lease will expire', {
              error: error instanceof Error ? error.message : String(error),
            }),
          )
          .finally(() => {
            inFlight.delete(attempt)
            wake()
          })
        inFlight.add(attempt)
      }
      if (rows.length === free) again = true
    } while (again && !stopped)
  }

  function wake(): void {
    if (stopped) return
    if (claiming) {
      again = true
      return
    }
    claiming = claimWhileFree()
      .catch((error: unknown) =>
        deps.logger.error('mail pass failed', {
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        claiming = null
      })
  }

  const listener = listenForMail(deps, options.database, wake)
  const timer = setInterval(wake, options.everyMs ?? 5_000)
  timer.unref()
  const prune = () =>
    void pruneMailOutbox(deps).catch((error: unknown) =>
      deps.logger.warn('mail outbox pruning failed', {
        error: error instanceof Error ? error.message : String(error),
      }),
    )
  const pruneTimer = setInterval(prune, options.pruneEveryMs ?? 3_600_000)
  pruneTimer.unref()
  wake()

  const idle = async () => {
    while (claiming || inFlight.size > 0) await Promise.allSettled([claiming, ...inFlight])
  }
  return {
    ready: listener.ready,
    wake,
    idle,
    async stop() {
      stopped = true
      clearInterval(timer)
      clearInterval(pruneTimer)
      await listener.close()
      await idle()
    },
  }
}

/** NOTIFY reaches this process: PostgreSQL through its own connection, PGlite through its instance. */
function listenForMail(
  deps: AppDeps,
  database: MailWorkerOptions['database'],
  wake: () => void,
): ChannelListener {
  if (database?.databaseUrl) {
    return listenOnChannel({
      databaseUrl: database.databaseUrl,
      channel: MAIL_CHANNEL,
      name: 'mail listener',
      logger: deps.logger,
      onNotification: wake,
      onReconnect: wake,
    })
  }
  const host = database?.pglite
  if (!host) return { ready: Promise.resolve(), close: async () => undefined }
  // A reopened PGlite (pglite-dialect.ts) is a new instance: listen again on the current one.
  let listening: { instance: unknown; unlisten: Promise<() => Promise<void>> } | null = null
  const follow = () => {
    const instance = host.instance
    if (listening?.instance === instance || instance.closed) return listening?.unlisten
    const unlisten = instance.listen(MAIL_CHANNEL, () => wake())
    unlisten.catch(() => undefined)
    listening = { instance, unlisten }
    return unlisten
  }
  const first = follow()
  const timer = setInterval(follow, 5_000)
  timer.unref()
  return {
    ready: first ? first.then(() => undefined) : Promise.resolve(),
    async close() {
      clearInterval(timer)
      const current = listening
      listening = null
      if (current && !host.instance.closed) await (await current.unlisten.catch(() => null))?.()
    },
  }
}
