import type { DatabaseHandle } from '../../db/database'
import type { AppDeps } from '../../deps'
import { startClusterPass } from '../cluster-pass'
import { type ChannelListener, listenOnChannel } from '../pg-listener'
import { type SlotWorker, startSlotWorker } from '../slot-dispatch'
import { MAIL_CHANNEL } from './outbox'
import { type MailQueueOptions, mailQueue, pruneMailOutbox } from './worker'

/**
 * The mail worker of one process: up to `concurrency` sends at once, each claimed as a slot frees (a
 * slow send holds its own slot, never the queue: slot-dispatch.ts, as the webhook deliveries). It
 * wakes when a transaction that queued mail commits (NOTIFY on MAIL_CHANNEL: a LISTEN connection on PostgreSQL, PGlite's own listener in the embedded
 * database) and every `everyMs` regardless (mail queued by a process that died before sending, a retry
 * coming due, a missed notification). Sent rows older than the retention are pruned hourly, by one
 * instance of the cluster.
 */
export interface MailWorker extends SlotWorker {
  /** Resolves once notifications reach this worker (the LISTEN is in place). */
  ready: Promise<void>
}

export interface MailWorkerOptions extends MailQueueOptions {
  /** Where to LISTEN for queued mail; absent, the worker only polls. */
  database?: Pick<DatabaseHandle, 'kind' | 'databaseUrl' | 'pglite'>
  everyMs?: number
  pruneEveryMs?: number
}

export function startMailWorker(deps: AppDeps, options: MailWorkerOptions = {}): MailWorker {
  const worker = startSlotWorker(mailQueue(deps, options), deps.logger, options.everyMs ?? 5_000)
  const listener = listenForMail(deps, options.database, worker.wake)
  // Pruning is the same for every instance: once per cluster (cluster-pass.ts), not once per instance.
  const stopPruning = startClusterPass(
    deps,
    'mail outbox prune',
    options.pruneEveryMs ?? 3_600_000,
    async () => {
      await pruneMailOutbox(deps)
    },
  )
  return {
    ready: listener.ready,
    wake: worker.wake,
    idle: worker.idle,
    async stop() {
      stopPruning()
      await listener.close()
      await worker.stop()
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
