import pg from 'pg'
import type { Logger } from './logger'

/**
 * One LISTEN connection per process and database to PostgreSQL (the pool's connections come and go),
 * for what one instance must hear from the others at once: config changes (config-listener.ts), mail to
 * send (mail/runner.ts). Every channel shares it: an operator sizing `max_connections` counts the pool
 * plus exactly one. When the connection breaks it reconnects with backoff and LISTENs again on every
 * channel; notifications sent meanwhile are lost, so each subscriber's `onReconnect` runs after every
 * reconnect for it to catch up from the database.
 */
export interface ChannelListener {
  /** Resolves once this channel's LISTEN is in place. */
  ready: Promise<void>
  close(): Promise<void>
}

interface Subscription {
  channel: string
  onNotification(payload: string | undefined): void
  onReconnect?(): void
  markReady(): void
}

const FIRST_RETRY_MS = 250
const MAX_RETRY_MS = 5_000

/** The shared connection of each database URL this process listens on. */
const connections = new Map<string, SharedConnection>()

export function listenOnChannel(options: {
  databaseUrl: string
  channel: string
  /** Names the listener in log lines. */
  name: string
  logger: Logger
  onNotification(payload: string | undefined): void
  onReconnect?(): void
}): ChannelListener {
  const { databaseUrl, channel } = options
  let connection = connections.get(databaseUrl)
  if (!connection) {
    connection = new SharedConnection(databaseUrl, options.logger)
    connections.set(databaseUrl, connection)
  }
  const shared = connection
  let markReady!: () => void
  const ready = new Promise<void>((resolve) => {
    markReady = resolve
  })
  const subscription: Subscription = {
    channel,
    onNotification: options.onNotification,
    onReconnect: options.onReconnect,
    markReady,
  }
  shared.subscribe(subscription, options.name)
  return {
    ready,
    async close() {
      await shared.unsubscribe(subscription)
    },
  }
}

class SharedConnection {
  private client: pg.Client | null = null
  private closed = false
  private connecting = false
  private connectedBefore = false
  private retryMs = FIRST_RETRY_MS
  private timer: ReturnType<typeof setTimeout> | null = null
  private readonly subscriptions = new Set<Subscription>()
  private readonly names = new Set<string>()

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** Log lines name what listens, e.g. "config change listener, mail listener". */
  private get name(): string {
    return [...this.names].join(', ') || 'listener'
  }

  subscribe(subscription: Subscription, name: string): void {
    this.subscriptions.add(subscription)
    this.names.add(name)
    const client = this.client
    if (client) {
      // Connected already: add this channel; a failure breaks the connection, and the reconnect LISTENs
      // on every channel again (and marks this one ready then).
      client.query(`listen ${subscription.channel}`).then(subscription.markReady, () => undefined)
    } else if (!this.connecting && !this.timer) {
      void this.connect()
    }
  }

  /** Once nothing listens any more the connection is closed, and the next listener opens a new one. */
  async unsubscribe(subscription: Subscription): Promise<void> {
    this.subscriptions.delete(subscription)
    const client = this.client
    if (this.subscriptions.size > 0) {
      if (client && !this.channels().has(subscription.channel))
        await client.query(`unlisten ${subscription.channel}`).catch(() => undefined)
      return
    }
    this.closed = true
    if (connections.get(this.databaseUrl) === this) connections.delete(this.databaseUrl)
    if (this.timer) clearTimeout(this.timer)
    this.client = null
    await client?.end().catch(() => undefined)
  }

  private channels(): Set<string> {
    return new Set([...this.subscriptions].map((s) => s.channel))
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.connect()
    }, this.retryMs)
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS)
  }

  private watch(next: pg.Client): void {
    next.on('notification', (message) => {
      for (const subscription of this.subscriptions)
        if (subscription.channel === message.channel) subscription.onNotification(message.payload)
    })
    // Without a listener an 'error' event would end the process; a lost connection is retried instead.
    next.on('error', (error) => {
      this.logger.warn(`${this.name} lost its connection`, { error: error.message })
      void next.end().catch(() => undefined)
      if (this.client === next) this.client = null
      this.scheduleReconnect()
    })
    next.on('end', () => {
      if (this.client === next) {
        this.client = null
        this.scheduleReconnect()
      }
    })
  }

  private async connect(): Promise<void> {
    this.connecting = true
    const next = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true })
    this.watch(next)
    const listened = new Set<string>()
    try {
      await next.connect()
      for (const channel of this.channels()) {
        await next.query(`listen ${channel}`)
        listened.add(channel)
      }
    } catch (error) {
      this.connecting = false
      void next.end().catch(() => undefined)
      if (!this.closed) {
        this.logger.warn(`${this.name} could not connect; retrying`, {
          error: error instanceof Error ? error.message : String(error),
        })
        this.scheduleReconnect()
      }
      return
    }
    this.connecting = false
    if (this.closed) {
      await next.end().catch(() => undefined)
      return
    }
    this.client = next
    this.retryMs = FIRST_RETRY_MS
    // A channel subscribed while this connection was being opened is not among those listened above.
    for (const channel of this.channels())
      if (!listened.has(channel)) await next.query(`listen ${channel}`).catch(() => undefined)
    const reconnected = this.connectedBefore
    this.connectedBefore = true
    for (const subscription of this.subscriptions) {
      if (reconnected) subscription.onReconnect?.()
      subscription.markReady()
    }
  }
}
