/**
 * The rollup counter schemes weighed for ingest (migration 130), measured side by side on PostgreSQL:
 * multi-row INSERTs of one merchant's events into session_events from 32 concurrent writers on a pool
 * of 10, through the rollup trigger with each way of picking the counter row a writer updates:
 *
 * - `pid % 4`: migration 110's slots (the backend's pid modulo 4);
 * - `per connection`: a slot fixed per pooled connection when it connects (two instances of five
 *   connections each, as two app instances would number theirs);
 * - `claimed`: migration 130 (the lowest slot no other open transaction of the account holds);
 * - `delta rows`: no counter row updated at all, each statement's counts appended to a table of its own
 *   (what a background pass would fold into the counters; readers would have to add what is unfolded).
 *   Only its write side is measured.
 *
 * Two shapes of writer: one autocommit statement (the events route now), and a transaction that makes
 * one more round trip to the client before it commits (the events route before; billing actions still
 * write the session's end that way), where a counter row's lock is held while the client is busy.
 * Rows per second, the CPU the PostgreSQL backends used per row (from /proc, when the server runs on
 * this machine) and the waits on another transaction's lock seen while it ran, with the load average.
 *
 *   npx tsx tests/bench/rollup-slots.bench.ts [--rows=6000] [--batch=3] [--rounds=2]
 */
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { migrate, openDatabase } from '@retainkit/server/testing'
import pg from 'pg'
import { freshPostgres, postgresBase } from './bench-app'

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]
const ROWS = Number(option('rows') ?? 6000)
const BATCH = Number(option('batch') ?? 3)
const ROUNDS = Number(option('rounds') ?? 2)
const CONCURRENCY = 32
const POOL = 10
const ACCOUNT = 'slots'
const SESSIONS = 400

type Variant = 'pid % 4' | 'per connection' | 'claimed' | 'delta rows'
const VARIANTS: Variant[] = ['pid % 4', 'per connection', 'claimed', 'delta rows']

const migration = (name: string) =>
  readFileSync(new URL(`../../server/src/db/migrations/${name}.sql`, import.meta.url), 'utf8')
const CLAIMED = migration('130_rollup_slots')
const claimedSlot = CLAIMED.slice(
  CLAIMED.indexOf('create function retainkit_rollup_slot'),
  CLAIMED.indexOf('create or replace function retainkit_count_last'),
).replace('create function', 'create or replace function')
// The events trigger as it now is (migration 131), whatever the slot function it calls.
const TRIGGER = migration('131_rollup_known_sessions')
const claimedEvents = TRIGGER.slice(TRIGGER.indexOf('create or replace function retainkit_rollup_events'))

/** The SQL that turns a migrated database into each variant (applied between measurements). */
function variantSql(variant: Variant): string {
  const slot = (body: string) =>
    `create or replace function retainkit_rollup_slot(p_account text) returns smallint language plpgsql volatile as $$ begin ${body} end $$;`
  switch (variant) {
    case 'pid % 4':
      return `${slot('return (pg_backend_pid() % 4)::smallint;')}\n${claimedEvents}`
    case 'per connection':
      return `${slot("return coalesce(nullif(current_setting('retainkit.bench_slot', true), ''), '0')::smallint;")}\n${claimedEvents}`
    case 'claimed':
      return `${claimedSlot}\n${claimedEvents}`
    case 'delta rows': {
      // The counters' inserts become appends to a delta table: no conflict, no row lock.
      const appended = claimedEvents
        .replace(
          /insert into analytics_daily as d \(account_id, live, step, day, reason_key, offer, slot, events, sessionless\)([\s\S]*?)on conflict[\s\S]*?sessionless = d\.sessionless \+ excluded\.sessionless;/,
          'insert into bench_daily_delta (account_id, live, step, day, reason_key, offer, slot, events, sessionless)$1;',
        )
        .replace(
          /insert into analytics_daily_words as w \(account_id, live, day, word, slot, occurrences\)([\s\S]*?)on conflict[\s\S]*?occurrences = w\.occurrences \+ excluded\.occurrences;/,
          'insert into bench_words_delta (account_id, live, day, word, slot, occurrences)$1;',
        )
        .replace(
          /insert into analytics_daily as d \(account_id, live, step, day, reason_key, offer, slot, last_of_session\)([\s\S]*?)on conflict[\s\S]*?last_of_session = d\.last_of_session \+ excluded\.last_of_session;/g,
          'insert into bench_daily_delta (account_id, live, step, day, reason_key, offer, slot, last_of_session)$1;',
        )
      return `create table if not exists bench_daily_delta (like analytics_daily including defaults);
        create table if not exists bench_words_delta (like analytics_daily_words including defaults);
        ${slot('return 0;')}
        create or replace function retainkit_count_last(p_account text, p_live boolean, p_step text,
          p_at timestamptz, p_reason text, p_offer text, p_delta integer) returns void language sql as $f$
          insert into bench_daily_delta (account_id, live, step, day, reason_key, offer, slot, last_of_session)
          values (p_account, p_live, p_step, (p_at at time zone 'UTC')::date, coalesce(p_reason, ''), p_offer, 0, p_delta)
        $f$;
        ${appended}`
    }
  }
}

const RESTORE_COUNT_LAST = CLAIMED.slice(
  CLAIMED.indexOf('create or replace function retainkit_count_last'),
  CLAIMED.indexOf('-- Migration 110'),
)

/** A pool as the app's (same size), its connections numbered 0… as they connect (per-connection slots). */
function pool(url: string, size: number): pg.Pool {
  let next = 0
  class NumberedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, options: `-c retainkit.bench_slot=${next++ % size}` })
    }
  }
  return new pg.Pool({ connectionString: url, max: size, Client: NumberedClient })
}

/** CPU seconds the server's backends for this database used so far (null when not on this machine). */
async function backendCpu(monitor: pg.Client): Promise<number | null> {
  const { rows } = await monitor.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
  )
  let ticks = 0
  try {
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      ticks += Number(fields[11]) + Number(fields[12])
    }
  } catch {
    return null
  }
  return ticks / 100
}

async function measure(url: string, monitor: pg.Client, variant: Variant, held: boolean, tag: string) {
  // Two instances of half the pool each for per-connection slots (each numbers its own connections).
  const pools = variant === 'per connection' ? [pool(url, POOL / 2), pool(url, POOL / 2)] : [pool(url, POOL)]
  await Promise.all(
    pools.flatMap((p) => Array.from({ length: POOL / pools.length }, () => p.query('select 1'))),
  )
  const statements = Math.ceil(ROWS / BATCH)
  let issued = 0
  let waits = 0
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await monitor.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database()
           and wait_event_type = 'Lock' and wait_event in ('transactionid', 'tuple')`,
      )
      waits += Number(rows[0]?.n ?? 0)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const cpuBefore = await backendCpu(monitor)
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const from = pools[worker % pools.length] as pg.Pool
      while (issued < statements) {
        const n = issued++
        const session = `cs_${tag}_${String(n % SESSIONS).padStart(16, '0')}`
        const values = Array.from(
          { length: BATCH },
          (_, i) => `('${ACCOUNT}', '${session}', 'reason_selected',
          '${(n + i) % 2 === 0 ? 'too_expensive' : 'not_using_enough'}', now(), now())`,
        ).join(', ')
        const insert = `insert into session_events (account_id, session_id, step, reason_key, created_at, client_at) values ${values}`
        if (!held) {
          await from.query(insert)
          continue
        }
        const client = await from.connect()
        try {
          await client.query('begin')
          await client.query(insert)
          await client.query('select 1')
          await client.query('commit')
        } finally {
          client.release()
        }
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpuAfter = await backendCpu(monitor)
  sampling = false
  await sampler
  await Promise.all(pools.map((p) => p.end()))
  return {
    rowsPerSecond: (statements * BATCH) / seconds,
    cpuPerRow:
      cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / (statements * BATCH),
    waits,
  }
}

async function main() {
  const base = await postgresBase()
  if (!base) throw new Error('this benchmark needs PostgreSQL')
  const postgres = await freshPostgres(base, 'slots')
  const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 2 })
  const monitor = new pg.Client({ connectionString: postgres.url })
  try {
    await migrate(database)
    await database.db.insertInto('accounts').values({ id: ACCOUNT, name: ACCOUNT, slug: ACCOUNT }).execute()
    await monitor.connect()
    const results = new Map<string, { rowsPerSecond: number[]; cpuPerRow: number[]; waits: number }>()
    let run = 0
    for (let round = 0; round < ROUNDS; round++) {
      for (const held of [false, true]) {
        for (const variant of VARIANTS) {
          const tag = `r${run++}`
          const now = new Date()
          const sessions = Array.from({ length: SESSIONS }, (_, i) => ({
            id: `cs_${tag}_${String(i).padStart(16, '0')}`,
            account_id: ACCOUNT,
            customer_id: `cus_${tag}x${i}`,
            created_at: now,
            updated_at: now,
          }))
          await database.db.insertInto('cancel_sessions').values(sessions).execute()
          await database.execScript(variantSql(variant))
          const key = `${held ? 'held across a round trip' : 'autocommit'} | ${variant}`
          const result = await measure(postgres.url, monitor, variant, held, tag)
          const entry = results.get(key) ?? { rowsPerSecond: [], cpuPerRow: [], waits: 0 }
          entry.rowsPerSecond.push(result.rowsPerSecond)
          if (result.cpuPerRow !== null) entry.cpuPerRow.push(result.cpuPerRow)
          entry.waits += result.waits
          results.set(key, entry)
          await database.execScript(`${claimedSlot}\n${RESTORE_COUNT_LAST}\n${claimedEvents}`)
        }
      }
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)
    console.log(
      `\nRollup counter schemes on PostgreSQL: ${BATCH} rows per INSERT, ${CONCURRENCY} writers, pool ${POOL}, ${ROWS} rows per run, ${ROUNDS} rounds interleaved; load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} (${cpus().length} CPUs)\n`,
    )
    console.log('| writer | counters | rows/s | backend CPU per row | lock waits seen |')
    console.log('|---|---|---:|---:|---:|')
    for (const [key, entry] of results) {
      const cpu = entry.cpuPerRow.length > 0 ? `${mean(entry.cpuPerRow).toFixed(0)} µs` : 'n/a'
      console.log(
        `| ${key} | ${Math.round(mean(entry.rowsPerSecond)).toLocaleString('en-US')} | ${cpu} | ${entry.waits} |`,
      )
    }
  } finally {
    await monitor.end().catch(() => undefined)
    await database.close()
    await postgres.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
