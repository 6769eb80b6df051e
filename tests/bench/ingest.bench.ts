/**
 * Ingest benchmark: events per second through the real `POST /api/widget/sessions/:id/events` route
 * (`app.request()`: Hono, the subscriber token check, the state machine, and the one statement that
 * counts the two rate limits, updates the session and inserts the batch, with the rollup triggers) on
 * PostgreSQL, at 1, 3 and 50 events per request, beside raw multi-row INSERTs of the same rows into
 * session_events on the same pool (so the same size) at the same concurrency, the two sides taking
 * turns. Prints a markdown table with the goals: 0 refused at one per request, ≥ 10,000 events/s at
 * three, ≥ 0.8× raw at fifty; and this process's CPU per request and per raw INSERT.
 *
 *   npx tsx tests/bench/ingest.bench.ts [--concurrency=32] [--events=12000] [--batches=1,3,50] [--rounds=2]
 *     [--pool=N] [--in-flight=N]   (the pool's size, and how many group statements may be out at once:
 *     the server's defaults unless given)
 *
 * Each session takes at most 50 events and 30 calls a minute, so the load is spread over many sessions
 * (each with its own subscriber token), every session's calls in order as a widget sends them; the
 * events alternate between two reasons, which the state machine accepts any number of times.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { createApp } from '@retainkit/server/app'
import { openDatabase } from '@retainkit/server/database'
import { migrate } from '@retainkit/server/migrate'
import { configureIngestGroups, ingestGroupCounters } from '@retainkit/server/widget/ingest-groups'
import { WIDGET_EVENTS_MAX_PER_SESSION } from '@retainkit/shared/widget-api'
import { SignJWT } from 'jose'
import { sql } from 'kysely'
import pg from 'pg'
import { benchDeps, freshPostgres, postgresBase } from './bench-app'

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]
const CONCURRENCY = Number(option('concurrency') ?? 32)
const EVENTS = Number(option('events') ?? 12_000)
const BATCHES = (option('batches') ?? '1,3,50').split(',').map(Number)
/** The pool both sides share (absent: the server's default, as `npm start` opens it). */
const POOL = option('pool') ? Number(option('pool')) : undefined
/** Events each side sends before anything is measured. */
const WARM_UP_EVENTS = 3_000
/** Raw and route take turns this many times per case (their totals are compared). */
const ROUNDS = Number(option('rounds') ?? 2)
const ACCOUNT = 'ingest'
const REASONS = ['too_expensive', 'not_using_enough'] as const
/** Calls a session may make a minute (the route's own limit), and so per session here. */
const CALLS_PER_SESSION = 30

type App = ReturnType<typeof createApp>

/** Runs `tasks` with `CONCURRENCY` of them in flight at a time. */
async function pool(tasks: (() => Promise<void>)[]): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]
      if (task) await task()
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, tasks.length) }, worker))
}

async function createSessions(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  count: number,
  tag: string,
) {
  const now = new Date()
  const rows = Array.from({ length: count }, (_, index) => ({
    id: `cs_${tag}_${String(index).padStart(16, '0')}`,
    account_id: ACCOUNT,
    customer_id: `cus_${tag}x${index}`,
    created_at: now,
    updated_at: now,
  }))
  for (let index = 0; index < rows.length; index += 1000)
    await db
      .insertInto('cancel_sessions')
      .values(rows.slice(index, index + 1000))
      .execute()
  return rows
}

interface Measured {
  rows: number
  seconds: number
  /** CPU microseconds this process used (route: the app; raw: building and sending the INSERTs). */
  cpu: number
  /** CPU microseconds the database's backends used (null when PostgreSQL runs elsewhere). */
  dbCpu: number | null
  calls: number
  failures: number
  /** Statements the route wrote its calls with (concurrent calls are written together). */
  statements: number
}

async function measureRoute(
  app: App,
  deps: Awaited<ReturnType<typeof benchDeps>>['deps'],
  secret: string,
  batch: number,
  events: number,
  tag: string,
): Promise<Measured> {
  const callsPerSession = Math.min(CALLS_PER_SESSION, Math.floor(WIDGET_EVENTS_MAX_PER_SESSION / batch))
  const calls = Math.ceil(events / batch)
  const sessions = await createSessions(deps.db, Math.ceil(calls / callsPerSession), tag)
  const key = new TextEncoder().encode(secret)
  const now = Math.floor(Date.now() / 1000)
  const tokens = await Promise.all(
    sessions.map((session) =>
      new SignJWT({ iss: ACCOUNT, sub: session.customer_id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + 900)
        .sign(key),
    ),
  )
  let failures = 0
  let sent = 0
  const groupsBefore = ingestGroupCounters(deps.db)
  const dbBefore = await databaseCpu()
  const cpu = process.cpuUsage()
  const started = performance.now()
  await pool(
    sessions.map((session, index) => async () => {
      for (let call = 0; call < callsPerSession && sent < events; call++) {
        const batchEvents = Array.from({ length: batch }, (_, i) => ({
          step: 'reason_selected',
          reasonKey: REASONS[(call * batch + i) % 2],
        }))
        sent += batch
        const res = await app.request(`/api/widget/sessions/${session.id}/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[index]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ events: batchEvents }),
        })
        if (res.status !== 204) {
          failures++
          if (failures === 1) console.warn(`first failure: ${res.status} ${await res.text()}`)
        } else await res.arrayBuffer()
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const used = process.cpuUsage(cpu)
  const dbAfter = await databaseCpu()
  const stored = Number(
    (
      await sql<{
        n: string
      }>`select count(*) as n from session_events where session_id like ${`cs_${tag}_%`}`.execute(deps.db)
    ).rows[0]?.n,
  )
  const dbCpu = cpuSince(dbBefore, dbAfter)
  const statements = ingestGroupCounters(deps.db).statements - groupsBefore.statements
  return { rows: stored, seconds, cpu: used.user + used.system, dbCpu, calls, failures, statements }
}

async function measureRaw(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  batch: number,
  events: number,
  tag: string,
): Promise<Measured> {
  const calls = Math.ceil(events / batch)
  const sessions = await createSessions(db, Math.ceil(events / WIDGET_EVENTS_MAX_PER_SESSION), tag)
  const dbBefore = await databaseCpu()
  const cpu = process.cpuUsage()
  const started = performance.now()
  let call = 0
  await pool(
    Array.from({ length: calls }, () => async () => {
      const session = sessions[call++ % sessions.length]
      if (!session) return
      await db
        .insertInto('session_events')
        .values(
          Array.from({ length: batch }, (_, i) => ({
            account_id: ACCOUNT,
            session_id: session.id,
            step: 'reason_selected',
            reason_key: REASONS[i % 2],
            created_at: new Date(),
            client_at: new Date(),
          })),
        )
        .execute()
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const used = process.cpuUsage(cpu)
  const dbAfter = await databaseCpu()
  const dbCpu = cpuSince(dbBefore, dbAfter)
  return {
    rows: calls * batch,
    seconds,
    cpu: used.user + used.system,
    dbCpu,
    calls,
    failures: 0,
    statements: calls,
  }
}

/** Adds up rounds of one side. */
function total(parts: readonly Measured[]): Measured {
  return parts.reduce(
    (sum, part) => ({
      rows: sum.rows + part.rows,
      seconds: sum.seconds + part.seconds,
      cpu: sum.cpu + part.cpu,
      dbCpu: sum.dbCpu === null || part.dbCpu === null ? null : sum.dbCpu + part.dbCpu,
      calls: sum.calls + part.calls,
      failures: sum.failures + part.failures,
      statements: sum.statements + part.statements,
    }),
    { rows: 0, seconds: 0, cpu: 0, dbCpu: 0 as number | null, calls: 0, failures: 0, statements: 0 },
  )
}

let monitor: pg.Client | null = null

/**
 * CPU microseconds used so far by each of the server's client backends for the bench's database (from
 * /proc, so only when PostgreSQL runs on this machine; null otherwise). Autovacuum workers are left
 * out: their passes over the freshly filled tables would land on whichever side happened to be running.
 */
async function databaseCpu(): Promise<Map<number, number> | null> {
  if (!monitor) return null
  const { rows } = await monitor.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
  )
  const used = new Map<number, number>()
  try {
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100)
    }
  } catch {
    return null
  }
  return used
}

/** What the backends alive at the end used since `before` (a backend that ended meanwhile is lost). */
function cpuSince(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null
  let total = 0
  for (const [pid, used] of after) total += used - (before.get(pid) ?? 0)
  return total
}

async function main() {
  const base = await postgresBase()
  if (!base) throw new Error('the ingest benchmark needs PostgreSQL')
  const postgres = await freshPostgres(base, 'ingest')
  const database = await openDatabase({ databaseUrl: postgres.url, ...(POOL ? { poolSize: POOL } : {}) })
  try {
    await migrate(database)
    if (option('in-flight')) configureIngestGroups(database.db, { maxInFlight: Number(option('in-flight')) })
    // Only a server on this machine has its backends' CPU in /proc.
    if (new URL(postgres.url).hostname.match(/^(127\.0\.0\.1|localhost|::1)$/)) {
      monitor = new pg.Client({ connectionString: postgres.url })
      await monitor.connect()
    }
    const { deps, signingKeys } = await benchDeps(database)
    const app = createApp(deps)
    const userId = randomUUID()
    await database.db.insertInto('users').values({ id: userId, email: 'ingest@example.com' }).execute()
    await database.db
      .insertInto('accounts')
      .values({ id: ACCOUNT, name: ACCOUNT, slug: ACCOUNT, tier: 'pro' })
      .execute()
    await database.db
      .insertInto('memberships')
      .values({ account_id: ACCOUNT, user_id: userId, role: 'owner' })
      .execute()
    const owner = await signingKeys.sign(
      { email: 'ingest@example.com', role: 'authenticated', session_id: randomUUID() },
      { subject: userId, expiresInSeconds: 3600, now: new Date() },
    )
    const created = await app.request(`/api/account?accountId=${ACCOUNT}&action=widget-secret`, {
      method: 'POST',
      headers: { 'x-api-key': deps.apiKey, authorization: `Bearer ${owner}` },
    })
    if (created.status !== 201) throw new Error(`widget secret: ${created.status} ${await created.text()}`)
    const secret = ((await created.json()) as { data: { secret: string } }).data.secret

    // A warm-up of both sides, not counted: every pooled connection has loaded the catalogues and
    // compiled the triggers' functions, and the process has compiled its hot code, before anything is
    // measured (otherwise that start-up lands on the first, shortest phases: fifty per request).
    await measureRaw(database.db, 3, WARM_UP_EVENTS, 'warmraw')
    await measureRoute(app, deps, secret, 3, WARM_UP_EVENTS, 'warmroute')

    const rows: string[] = []
    for (const [index, batch] of BATCHES.entries()) {
      // Raw and route take turns, ROUNDS times each, so that a neighbour's load on a shared machine
      // falls on both sides alike; the figures are the rounds' totals.
      const rawRounds: Measured[] = []
      const routeRounds: Measured[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const events = Math.ceil(EVENTS / ROUNDS)
        rawRounds.push(await measureRaw(database.db, batch, events, `raw${batch}c${index}r${round}`))
        routeRounds.push(
          await measureRoute(app, deps, secret, batch, events, `route${batch}c${index}r${round}`),
        )
      }
      const raw = total(rawRounds)
      const route = total(routeRounds)
      const rawRate = raw.rows / raw.seconds
      const routeRate = route.rows / route.seconds
      const ratio = routeRate / rawRate
      const goal =
        batch === 3 ? '≥ 10,000 events/s' : batch === 50 ? '≥ 0.8× raw' : batch === 1 ? '0 refused' : ''
      const pass =
        batch === 3
          ? routeRate >= 10_000
          : batch === 50
            ? ratio >= 0.8
            : batch === 1
              ? route.failures === 0
              : undefined
      const ms = (cpu: number | null, calls: number) =>
        cpu === null ? 'n/a' : `${(cpu / calls / 1000).toFixed(2)} ms`
      rows.push(
        `| ingest ${batch}/request | ${Math.round(routeRate).toLocaleString('en-US')} events/s | raw ${Math.round(rawRate).toLocaleString('en-US')} rows/s | ${ratio.toFixed(2)}× raw | ${ms(route.cpu, route.calls)} / ${ms(raw.cpu, raw.calls)} | ${ms(route.dbCpu, route.calls)} / ${ms(raw.dbCpu, raw.calls)} | ${(route.calls / Math.max(1, route.statements)).toFixed(1)} | ${route.rows} stored, ${route.failures} refused | ${goal} | ${pass === undefined ? '' : pass ? 'PASS' : 'FAIL'} |`,
      )
    }
    console.log(
      `\nIngest on PostgreSQL, ${CONCURRENCY} concurrent, ${EVENTS} events per case, load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} (${cpus().length} CPUs)\n`,
    )
    console.log(
      '| case | route | raw INSERT | ratio | this process: CPU per request / per INSERT | database: CPU per request / per INSERT | calls per statement | rows | goal | result |',
    )
    console.log('|---|---:|---:|---:|---:|---:|---:|---|---|---|')
    for (const row of rows) console.log(row)
  } finally {
    await monitor?.end().catch(() => undefined)
    await database.close()
    await postgres.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
