import pg from 'pg'
import type { WidgetConfigCache } from './config-cache'
import { CONFIG_CHANNEL } from './config-changes'
import type { Logger } from './logger'

/**
 * Several instances on one PostgreSQL: each LISTENs on CONFIG_CHANNEL with a connection of its own and
 * drops its cached widget config of an account as soon as any instance announces a change to it
 * (services/config-changes.ts). When that connection breaks, it reconnects with backoff; the
 * notifications sent meanwhile are lost, so after a reconnect the whole cache is dropped.
 */
export interface ConfigListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>
  close(): Promise<void>
}

const FIRST_RETRY_MS = 250
const MAX_RETRY_MS = 5_000

export function listenForConfigChanges(options: {
  databaseUrl: string
  cache: WidgetConfigCache
  logger: Logger
}): ConfigListener {
  const { databaseUrl, cache, logger } = options
  let client: pg.Client | null = null
  let closed = false
  let connectedBefore = false
  let retryMs = FIRST_RETRY_MS
  let timer: ReturnType<typeof setTimeout> | null = null
  let markReady!: () => void
  const ready = new Promise<void>((resolve) => {
    markReady = resolve
  })

  const scheduleReconnect = () => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = null
      void connect()
    }, retryMs)
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
  }

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true })
    next.on('notification', (message) => {
      if (message.channel === CONFIG_CHANNEL && message.payload) cache.invalidate(message.payload)
    })
    // Without a listener an 'error' event would end the process; a lost connection is retried instead.
    next.on('error', (error) => {
      logger.warn('config change listener lost its connection', { error: error.message })
      void next.end().catch(() => undefined)
      if (client === next) client = null
      scheduleReconnect()
    })
    next.on('end', () => {
      if (client === next) {
        client = null
        scheduleReconnect()
      }
    })
    try {
      await next.connect()
      await next.query(`listen ${CONFIG_CHANNEL}`)
    } catch (error) {
      void next.end().catch(() => undefined)
      if (!closed) {
        logger.warn('config change listener could not connect; retrying', {
          error: error instanceof Error ? error.message : String(error),
        })
        scheduleReconnect()
      }
      return
    }
    if (closed) {
      await next.end().catch(() => undefined)
      return
    }
    client = next
    retryMs = FIRST_RETRY_MS
    // Changes announced while we were not listening were missed: start from the database again.
    if (connectedBefore) cache.clear()
    connectedBefore = true
    markReady()
  }

  void connect()
  return {
    ready,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      const current = client
      client = null
      await current?.end().catch(() => undefined)
    },
  }
}
