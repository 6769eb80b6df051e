import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { Gauge, Registry } from 'prom-client'
import type { DatabaseAvailability } from '../db/availability'
import type { PoolStats } from '../db/database'
import type { Database } from '../db/tables'
import type { Clock } from '../ports/clock'

/** What the gauges read: the app's database, its pool and availability, and its clock (a part of AppDeps). */
export interface GaugeSources {
  db: Kysely<Database>
  dbAvailability: DatabaseAvailability
  dbPool?: () => PoolStats
  clock: Clock
}

/**
 * What a scrape reads from the database and the pool: queue depths and worker lag (the age of the
 * oldest row that is due and not yet taken), and the pool's connections. One registry per app, so each
 * reads its own database. A failed read leaves its gauge out of that scrape rather than stale.
 */
const QUEUES = {
  webhooks: { table: 'webhook_deliveries', waiting: `status = 'pending'` },
  // The mail outbox (migration 160): counted once the table exists.
  mail_outbox: { table: 'mail_outbox', waiting: `status in ('pending', 'sending')` },
} as const

type QueueName = keyof typeof QUEUES

async function readQueue(
  deps: GaugeSources,
  name: QueueName,
): Promise<{ depth: number; lagSeconds: number } | null> {
  const { table, waiting } = QUEUES[name]
  const { rows: exists } = await sql<{ present: boolean }>`
    select to_regclass(${table}) is not null as present`.execute(deps.db)
  if (!exists[0]?.present) return null
  const now = deps.clock.now().toISOString()
  const { rows } = await sql<{ depth: number; oldest: Date | string | null }>`
    select count(*)::int as depth,
      min(next_attempt_at) filter (where next_attempt_at <= ${now}::timestamptz
        and (locked_until is null or locked_until <= ${now}::timestamptz)) as oldest
    from ${sql.table(table)} where ${sql.raw(waiting)}`.execute(deps.db)
  const row = rows[0]
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null
  return {
    depth: Number(row?.depth ?? 0),
    lagSeconds: oldest === null ? 0 : Math.max(0, (deps.clock.now().getTime() - oldest) / 1000),
  }
}

type QueueReads = Map<QueueName, { depth: number; lagSeconds: number }>

export function databaseGauges(deps: GaugeSources): Registry {
  const registry = new Registry()
  // Both queue gauges come from one read per scrape, whichever of them is collected first.
  let reading: Promise<QueueReads> | null = null
  const readQueues = () => {
    reading ??= (async () => {
      const reads: QueueReads = new Map()
      for (const name of Object.keys(QUEUES) as QueueName[]) {
        const read = await readQueue(deps, name).catch(() => null)
        if (read) reads.set(name, read)
      }
      return reads
    })().finally(() => setImmediate(() => (reading = null)))
    return reading
  }
  new Gauge({
    name: 'retainkit_queue_depth',
    help: 'Rows waiting in each durable queue (pending or being sent)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      for (const [queue, read] of await readQueues()) this.set({ queue }, read.depth)
    },
  })
  new Gauge({
    name: 'retainkit_worker_lag_seconds',
    help: 'Age of the oldest row that is due and not taken by any worker, per queue (0: none waits)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      for (const [queue, read] of await readQueues()) this.set({ queue }, read.lagSeconds)
    },
  })
  new Gauge({
    name: 'retainkit_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total open, idle, requests waiting for one); PGlite: one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = deps.dbPool?.() ?? { total: 1, idle: 0, waiting: 0 }
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value)
    },
  })
  new Gauge({
    name: 'retainkit_db_available',
    help: '1 while the database answers, 0 during an outage',
    registers: [registry],
    collect() {
      this.set(deps.dbAvailability.available ? 1 : 0)
    },
  })
  return registry
}
