import pg from 'pg'
import type { Logger } from './logger'

/**
 * A LISTEN connection of its own to PostgreSQL (the pool's connections come and go), for what one
 * instance must hear from the others at once: config changes (config-listener.ts), mail to send
 * (mail/runner.ts). When the connection breaks it reconnects with backoff; notifications sent meanwhile
 * are lost, so `onReconnect` runs after every reconnect for the caller to catch up from the database.
 */
export interface ChannelListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>
  close(): Promise<void>
}

const FIRST_RETRY_MS = 250
const MAX_RETRY_MS = 5_000

export function listenOnChannel(options: {
  databaseUrl: string
  channel: string
  /** Names the listener in log lines. */
  name: string
  logger: Logger
  onNotification(payload: string | undefined): void
  onReconnect?(): void
}): ChannelListener {
  const { databaseUrl, channel, name, logger } = options
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
      if (message.channel === channel) options.onNotification(message.payload)
    })
    // Without a listener an 'error' event would end the process; a lost connection is retried instead.
    next.on('error', (error) => {
      logger.warn(`${name} lost its connection`, { error: error.message })
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
      await next.query(`listen ${channel}`)
    } catch (error) {
      void next.end().catch(() => undefined)
      if (!closed) {
        logger.warn(`${name} could not connect; retrying`, {
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
    if (connectedBefore) options.onReconnect?.()
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
