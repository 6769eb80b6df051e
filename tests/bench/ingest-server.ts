/**
 * The server side of ingest.bench.ts, run as its own process (`fork`): the real server as `npm start`
 * serves it (createDeps with production settings, the node:http listener) on PostgreSQL
 * (BENCH_DATABASE_URL) or on a fresh PGlite data directory, one merchant with a widget secret, and on
 * the bench's request (IPC): fresh sessions, raw INSERTs of given rows through the server's own pool (the
 * baseline: same process, same pool, same concurrency), its CPU time and its resident memory.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  createApp,
  createAppServer,
  createDeps,
  createLogger,
  loadConfig,
  startMemoryTrim,
} from '@retainkit/server/app'
import { configureIngestGroups, createWidgetSecret, ingestGroupCounters } from '@retainkit/server/testing'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import type { SessionEventInput } from '@retainkit/shared/widget-api'
import { sql } from 'kysely'
import { MERCHANT_DOMAIN, SESSION_OFFERS } from './browser-load'

export const BENCH_ACCOUNT = 'ingest-shop'

export type ServerRequest =
  | { type: 'sessions'; tag: string; count: number }
  | { type: 'raw'; sessions: { id: string; calls: SessionEventInput[][] }[]; concurrency: number }
  | { type: 'stored'; tag: string }
  /** How many statements have written how many events calls so far (the calls grouped per statement). */
  | { type: 'groups' }
  | { type: 'usage' }
  /** The memory trim's collection first (the bench forks this process with --expose-gc): what survives it. */
  | { type: 'usage-after-gc' }
  | { type: 'stop' }

export interface ServerReady {
  port: number
  secret: string
  kind: 'postgres' | 'pglite'
  poolSize: number
}

/** CPU time (µs, user + system) and resident memory (bytes) of the server process. */
export interface Usage {
  cpu: number
  rss: number
  /** The JavaScript heap in use and reserved, and memory outside it (buffers), bytes. */
  heapUsed: number
  heapTotal: number
  external: number
}

/** Runs `tasks` with `concurrency` of them in flight at a time. */
async function inFlight(tasks: (() => Promise<void>)[], concurrency: number): Promise<void> {
  let next = 0
  const loop = async () => {
    while (next < tasks.length) await tasks[next++]?.()
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, loop))
}

async function serve(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'retainkit-ingest-'))
  const databaseUrl = process.env.BENCH_DATABASE_URL
  // Production settings, as `npm start` runs (no mail is ever sent: the SMTP URL only satisfies the
  // startup check).
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    RETAINKIT_SEED_DEMO: '0',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    ...(databaseUrl
      ? { DATABASE_URL: databaseUrl, RETAINKIT_SECRET_KEY: randomBytes(32).toString('hex') }
      : {}),
  })
  const logger = createLogger({ level: 'warn' })
  const { deps, close } = await createDeps(config, logger)
  const db = deps.db
  // The bench's --in-flight: statements the events calls may have out at once (else the server's default).
  const inFlight = Number(process.env.BENCH_INGEST_IN_FLIGHT ?? 0)
  if (inFlight > 0) configureIngestGroups(db, { maxInFlight: inFlight })
  await db
    .insertInto('accounts')
    .values({
      id: BENCH_ACCOUNT,
      name: 'Ingest Shop',
      slug: BENCH_ACCOUNT,
      tier: 'pro',
      domain: MERCHANT_DOMAIN,
    })
    .execute()
  await db
    .insertInto('flow_configs')
    .values({ account_id: BENCH_ACCOUNT, version: 1, config: JSON.stringify(createDefaultConfig()) })
    .execute()
  const { secret } = await createWidgetSecret(deps, BENCH_ACCOUNT)
  const server = createAppServer(createApp(deps), deps)
  // As npm start runs it (the bench forks this process with --expose-gc, as npm start does): every 15 s,
  // a collection that hands emptied pages back when the resident set grew.
  const stopMemoryTrim = startMemoryTrim({ logger })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const ready: ServerReady = {
    port: (server.address() as { port: number }).port,
    secret,
    kind: databaseUrl ? 'postgres' : 'pglite',
    poolSize: databaseUrl ? config.databasePoolSize : 1,
  }
  process.send?.(ready)

  const answer = async (request: ServerRequest): Promise<unknown> => {
    switch (request.type) {
      case 'usage':
      case 'usage-after-gc': {
        // The collection npm start's memory trim asks for (services/memory-trim.ts): full, compacting,
        // emptied pages handed back to the system.
        if (request.type === 'usage-after-gc')
          await (globalThis as { gc?: (options: object) => unknown }).gc?.({
            type: 'major',
            execution: 'async',
            flavor: 'last-resort',
          })
        const { user, system } = process.cpuUsage()
        const { rss, heapUsed, heapTotal, external } = process.memoryUsage()
        return { cpu: user + system, rss, heapUsed, heapTotal, external } satisfies Usage
      }
      case 'sessions':
        return createSessions(deps.db, request.tag, request.count)
      case 'raw':
        return rawInserts(deps.db, request.sessions, request.concurrency)
      case 'groups': {
        const { statements, calls } = ingestGroupCounters(db)
        return { statements, calls }
      }
      case 'stored': {
        const { rows } = await sql<{ n: string }>`select count(*) as n from session_events
          where session_id like ${`cs_${request.tag}_%`}`.execute(db)
        return Number(rows[0]?.n ?? 0)
      }
      case 'stop':
        stopMemoryTrim()
        server.close()
        server.closeAllConnections()
        await close()
        rmSync(dataDir, { recursive: true, force: true })
        process.exit(0)
    }
  }
  process.on('message', (request: ServerRequest) => {
    answer(request).then(
      (result) => process.send?.({ result }),
      (error: unknown) => process.send?.({ error: String(error) }),
    )
  })
}

type Db = Awaited<ReturnType<typeof createDeps>>['deps']['db']

/** Open cancel sessions as the session start stores them (the two offers eligible); their ids and customers. */
async function createSessions(db: Db, tag: string, count: number) {
  const now = new Date()
  const rows = Array.from({ length: count }, (_, index) => ({
    id: `cs_${tag}_${String(index).padStart(16, '0')}`,
    account_id: BENCH_ACCOUNT,
    customer_id: `cus_${tag}x${index}`,
    eligible_offers: JSON.stringify(SESSION_OFFERS),
    locale: 'en',
    created_at: now,
    updated_at: now,
  }))
  for (let index = 0; index < rows.length; index += 500)
    await db
      .insertInto('cancel_sessions')
      .values(rows.slice(index, index + 500))
      .execute()
  return rows.map((row) => ({ id: row.id, customer: row.customer_id }))
}

/**
 * The baseline: each call's rows as one multi-row INSERT into session_events (the same columns the route
 * writes), a session's calls in order, `concurrency` sessions at a time, through the server's pool.
 */
async function rawInserts(
  db: Db,
  sessions: { id: string; calls: SessionEventInput[][] }[],
  concurrency: number,
): Promise<{ seconds: number; rows: number }> {
  const started = performance.now()
  let rows = 0
  await inFlight(
    sessions.map((session) => async () => {
      for (const call of session.calls) {
        const now = new Date()
        await db
          .insertInto('session_events')
          .values(
            call.map((event) => ({
              account_id: BENCH_ACCOUNT,
              session_id: session.id,
              step: event.step,
              reason_key: event.reasonKey ?? null,
              offer: event.offer ?? null,
              text: event.text ?? null,
              created_at: now,
              client_at: event.at ? new Date(event.at) : null,
            })),
          )
          .execute()
        rows += call.length
      }
    }),
    concurrency,
  )
  return { seconds: (performance.now() - started) / 1000, rows }
}

// Only as the forked process: ingest.bench.ts imports this module for its types and BENCH_ACCOUNT, and
// serving there too started a second, hidden server in the load generator's own process (on PostgreSQL
// when BENCH_DATABASE_URL was exported, where it failed the whole bench at its start).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  serve().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
