/**
 * Analytics benchmark: latency of the dashboard's data sets through the real routes (`app.request()`),
 * on PGlite and on PostgreSQL, for one account with 200k (and 1M) session events, beside noise accounts:
 * spread over a year, or all inside the dashboard's default 3-month range.
 *
 *   npx tsx tests/bench/analytics.bench.ts            # 200k and 1M events, 20 runs each
 *   npx tsx tests/bench/analytics.bench.ts --quick    # 200k events, 5 runs
 *   npx tsx tests/bench/analytics.bench.ts --full     # and 10M events on PostgreSQL (long: loading alone
 *                                                      takes most of an hour on a small machine)
 *   options: --pglite-only, --postgres-only, --runs=N, --sizes=200000,1000000, --scenarios=spread,dense
 *   (see benchOne), --slots=N (1–4, default 4: see below), --no-compaction (see below),
 *   --vocabulary=N (four more words per feedback out of N made-up ones, a long tail), --no-before
 *   (skip the raw-event "before" rows, slow at 10M), --keep (leave the PostgreSQL databases in place and
 *   print their URLs, e.g. for `npx tsx tests/bench/analytics-explain.ts <url>`)
 *
 * The data is loaded in bulk, triggers held back and each account's rollups built once
 * (server/test/support/analytics-load.ts, whose test checks they equal what the triggers build),
 * then, on PostgreSQL, the rolled-up counters are spread over the four slots concurrent writers leave
 * them in (the embedded database has one backend, so one slot), and the server's hourly compaction pass
 * folds the past days back into one row per key, today's rows staying spread: the rows a dashboard adds
 * up in production. The raw-event rows and the rollups are the same data: the "BEFORE" rows read the
 * former, the routes the latter.
 *
 * PostgreSQL comes from TEST_DATABASE_URL or `scripts/test-postgres.mjs` (a throw-away local cluster);
 * the benchmark creates its own database there and drops it afterwards. Prints markdown tables, then
 * the goals beside what was measured.
 */

import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { createApp } from '@retainkit/server/app'
import {
  type AnalyticsLoad,
  compactRollupSlots,
  type DatabaseHandle,
  followSaves,
  lastReasons,
  lastReasonsByMonth,
  loadAnalytics,
  migrate,
  offerOutcomes,
  openDatabase,
  outcomesByMonth,
  resolveRange,
  savesByMonth,
  shapeDurability,
  spreadRollupSlots,
  tallyOfSave,
  writeInWordCounts,
} from '@retainkit/server/testing'
import { ANALYTICS_ENDPOINTS } from '@retainkit/shared/analytics-endpoints'
import { parsePeriod } from '@retainkit/shared/period'
import { sql } from 'kysely'
import pg from 'pg'
import { API_KEY, benchDeps, freshPostgres, postgresBase } from './bench-app'

const args = process.argv.slice(2)
const flag = (name: string) => args.includes(`--${name}`)
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]
const QUICK = flag('quick')
const RUNS = Number(option('runs') ?? (QUICK ? 5 : 20))
/** --full adds the 10M-event scenario, on PostgreSQL only (PGlite is sized for small merchants). */
const FULL = flag('full')
const FULL_SIZE = 10_000_000
const SIZES = (
  option('sizes') ?? (QUICK ? '200000' : FULL ? `200000,1000000,${FULL_SIZE}` : '200000,1000000')
)
  .split(',')
  .map(Number)
const SCENARIOS = (option('scenarios') ?? 'spread,dense').split(',') as Scenario[]
const ACCOUNT = 'bench'
const SLOTS = Number(option('slots') ?? 4)
const COMPACTION = !flag('no-compaction')
const VOCABULARY = option('vocabulary') === undefined ? undefined : Number(option('vocabulary'))
const BEFORE_ROWS = !flag('no-before')
const NOISE_ACCOUNTS = ['noise-1', 'noise-2', 'noise-3']
/** The five data sets the dashboard prefetches; saved-revenue is measured on its own. */
const DASHBOARD = ANALYTICS_ENDPOINTS.slice(0, 5)
/** What the console's dashboard asks for before it knows the account's tier (the rest is Pro-only). */
const CONSOLE_FIRST: readonly string[] = [
  'headline-figures',
  'cancellation-reasons',
  'save-rate-over-time',
  'write-in-reasons',
]
const COMBINED = 'dashboard: the combined call, every data set (/api/analytics/dashboard)'

/** The goals for the combined call's median, in ms: [database, events in the range, goal]. */
const GOALS: [kind: 'pglite' | 'postgres', size: number, ms: number][] = [
  ['postgres', 1_000_000, 30],
  ['postgres', FULL_SIZE, 40],
  ['pglite', 1_000_000, 60],
]
interface Result {
  kind: 'pglite' | 'postgres'
  size: number
  scenario: Scenario
  combined: { median: number; p95: number; cpu: number }
  load: number
}
const results: Result[] = []

async function buildApp(database: DatabaseHandle) {
  const { deps, signingKeys } = await benchDeps(database)
  const userId = randomUUID()
  await database.db.insertInto('users').values({ id: userId, email: 'bench@example.com' }).execute()
  for (const id of [ACCOUNT, ...NOISE_ACCOUNTS]) {
    await database.db.insertInto('accounts').values({ id, name: id, slug: id, tier: 'pro' }).execute()
  }
  await database.db
    .insertInto('memberships')
    .values({ account_id: ACCOUNT, user_id: userId, role: 'owner' })
    .execute()
  const token = await signingKeys.sign(
    { email: 'bench@example.com', role: 'authenticated', session_id: randomUUID() },
    { subject: userId, expiresInSeconds: 24 * 3600, now: new Date() },
  )
  return { app: createApp(deps), token }
}

const median = (values: number[]) => percentile(values, 50)
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/**
 * CPU time, not wall time: on a shared machine wall-clock latency mostly measures the neighbours, while
 * the CPU the request costs (this process, plus the PostgreSQL backends serving it, read from /proc)
 * is what it would take on an idle one. Linux only; PGlite runs inside this process.
 */
interface CpuMeter {
  read(): Promise<number>
}

function processCpu(): CpuMeter {
  return {
    read: async () => {
      const usage = process.cpuUsage()
      return (usage.user + usage.system) / 1000
    },
  }
}

function postgresCpu(url: string): CpuMeter & { close(): Promise<void> } {
  const client = new pg.Client({ connectionString: url })
  const connected = client.connect()
  const ticksPerMs = 100 / 1000 // CLK_TCK is 100 on Linux
  const seen = new Map<number, number>()
  return {
    async read() {
      await connected
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
      let total = 0
      for (const { pid } of rows) {
        try {
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
          seen.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs)
        } catch {
          // Not on this host (a remote server) or gone: keep its last reading.
        }
      }
      for (const ms of seen.values()) total += ms
      return total + (await processCpu().read())
    },
    close: () => client.end(),
  }
}

async function measure(runs: number, meter: CpuMeter, once: () => Promise<void>) {
  await once() // warm-up: caches, plans, the collation probe
  await once()
  const times: number[] = []
  const cpuBefore = await meter.read()
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    await once()
    times.push(performance.now() - started)
  }
  const cpu = ((await meter.read()) - cpuBefore) / runs
  return { median: median(times), p95: percentile(times, 95), cpu }
}

/**
 * - spread: the account's `size` events cover the last 12 months, so the dashboard's 3-month range
 *   holds about a quarter of them (an account "with 200k events");
 * - dense: all `size` events fall inside the 3-month range, with half as many again in the 9 months
 *   before it (the worst case: 200k events to aggregate per data set).
 * Both beside noise accounts in the same months (a quarter as many events between them).
 */
type Scenario = 'spread' | 'dense'

async function benchOne(
  kind: 'pglite' | 'postgres',
  size: number,
  scenario: Scenario,
  postgresUrl: string | null,
) {
  const database = await openDatabase(kind === 'postgres' ? { databaseUrl: postgresUrl } : {})
  await migrate(database)
  const { app, token } = await buildApp(database)
  const now = new Date()
  const period = parsePeriod(undefined, () => now)
  if (!period.ok) throw new Error('default period')
  const loadStarted = performance.now()
  // A session averages 4.64 events with the flow's probabilities (analytics-load.ts).
  const sessions = Math.round(size / 4.64)
  // Events a minute inside the range so none falls on its edges.
  const start = new Date(period.start.getTime() + 60_000)
  const end = new Date(now.getTime() - 3_600_000)
  const loads: AnalyticsLoad[] = []
  const vocabulary = VOCABULARY === undefined ? {} : { vocabulary: VOCABULARY }
  if (scenario === 'dense') {
    loads.push({ accountId: ACCOUNT, tag: 'recent', sessions, start, end, seed: 1, ...vocabulary })
    const before = new Date(start.getTime() - 86_400_000)
    const older = new Date(start.getTime() - 270 * 86_400_000)
    loads.push({
      accountId: ACCOUNT,
      tag: 'older',
      sessions: Math.round(sessions / 2),
      start: older,
      end: before,
      seed: 2,
      ...vocabulary,
    })
  } else {
    const yearAgo = new Date(now.getTime() - 365 * 86_400_000)
    loads.push({ accountId: ACCOUNT, tag: 'year', sessions, start: yearAgo, end, seed: 1, ...vocabulary })
  }
  NOISE_ACCOUNTS.forEach((noise, index) => {
    loads.push({
      accountId: noise,
      tag: noise,
      sessions: Math.round(sessions / 12),
      start,
      end,
      seed: 10 + index,
    })
  })
  await loadAnalytics(database.db, loads, true)
  // PostgreSQL's concurrent writers spread the counters over slots; the embedded database has one
  // connection, so one writer at a time and one slot. Then the hourly pass folds past days (today's rows
  // stay spread), unless --no-compaction asks for the state before it runs.
  const slots = kind === 'postgres' ? SLOTS : 1
  for (const id of [ACCOUNT, ...NOISE_ACCOUNTS]) {
    if (slots > 1) await spreadRollupSlots(database.db, id, slots)
    if (COMPACTION) await compactRollupSlots(database.db, id, now)
  }
  await sql`vacuum analyze`.execute(database.db)
  const counted = await sql<{ total: number | string; in_range: number | string }>`
    select count(*) as total, count(*) filter (where created_at >= ${start.toISOString()}::timestamptz) as in_range
    from session_events where account_id = ${ACCOUNT}`.execute(database.db)
  const total = Number(counted.rows[0]?.total)
  const inRange = Number(counted.rows[0]?.in_range)
  const loadSeconds = (performance.now() - loadStarted) / 1000

  const call = async (endpoint: string, query = '') => {
    const res = await app.request(`/api/analytics?endpoint=${endpoint}&account_id=${ACCOUNT}${query}`, {
      headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
    })
    if (res.status !== 200) throw new Error(`${endpoint}: HTTP ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
  }
  const postgresMeter = kind === 'postgres' && postgresUrl ? postgresCpu(postgresUrl) : null
  const meter = postgresMeter ?? processCpu()
  const rows: [string, { median: number; p95: number; cpu: number }][] = []
  // What every call costs before any analytics: API key, bearer token, membership, tier, one tiny read.
  const empty = '&startDate=1999-01-01&endDate=1999-01-01'
  rows.push([
    '(per-call floor: save-rate-over-time on an empty day)',
    await measure(RUNS, meter, () => call('save-rate-over-time', empty)),
  ])
  for (const endpoint of ANALYTICS_ENDPOINTS) {
    rows.push([endpoint, await measure(RUNS, meter, () => call(endpoint))])
  }
  rows.push([
    'dashboard: the five, sequential',
    await measure(RUNS, meter, async () => {
      for (const endpoint of DASHBOARD) await call(endpoint)
    }),
  ])
  rows.push([
    'dashboard: the five, in parallel',
    await measure(RUNS, meter, async () => {
      await Promise.all(DASHBOARD.map((endpoint) => call(endpoint)))
    }),
  ])
  const dashboard = async (query: string) => {
    const res = await app.request(`/api/analytics/dashboard?account_id=${ACCOUNT}${query}`, {
      headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
    })
    if (res.status !== 200) throw new Error(`dashboard: HTTP ${res.status}`)
    await res.arrayBuffer()
  }
  // The console's page: the headline row and the charts every tier sees in one combined call, the
  // Pro-only charts (which wait for the account's tier) in another, at the same time.
  rows.push([
    'dashboard page as the console asks: two combined calls (headline + free charts, Pro charts), in parallel',
    await measure(RUNS, meter, async () => {
      await Promise.all([
        dashboard(`&datasets=${CONSOLE_FIRST.join(',')}`),
        dashboard(
          `&datasets=${ANALYTICS_ENDPOINTS.filter((name) => !CONSOLE_FIRST.includes(name)).join(',')}`,
        ),
      ])
    }),
  ])
  const combined = await measure(RUNS, meter, () => dashboard(''))
  rows.push([`${COMBINED}`, combined])
  results.push({ kind, size, scenario, combined, load: loadavg()[0] ?? Number.NaN })
  // Before the rollups: the raw-event queries every call ran (kept as the rollups' test oracle), the six
  // in parallel as the dashboard asked for them, without HTTP.
  const range = resolveRange(undefined, undefined, new Date())
  if (BEFORE_ROWS)
    rows.push([
      'BEFORE: the six raw-event queries in parallel (no HTTP)',
      await measure(RUNS, meter, async () => {
        await Promise.all([
          lastReasons(database.db, ACCOUNT, range),
          lastReasonsByMonth(database.db, ACCOUNT, range),
          offerOutcomes(database.db, ACCOUNT, range),
          outcomesByMonth(database.db, ACCOUNT, range),
          writeInWordCounts(database.db, ACCOUNT, range, 100, 'default'),
          savesByMonth(database.db, ACCOUNT, range),
        ])
      }),
    ])
  // Save durability before its rollup (migration 111): every save of the range joined to its session
  // and subscription, followed in JavaScript.
  if (BEFORE_ROWS)
    rows.push([
      'BEFORE: save durability from raw rows (no HTTP)',
      await measure(RUNS, meter, async () => {
        const now = new Date()
        shapeDurability((await followSaves(database.db, ACCOUNT, range, now)).map(tallyOfSave), [], 0, now)
      }),
    ])
  await postgresMeter?.close()
  await database.close()

  console.log(
    `\n### ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${scenario}: one account with ${total.toLocaleString('en-US')} events, ${inRange.toLocaleString('en-US')} of them in the 3-month range (+${NOISE_ACCOUNTS.length} noise accounts); rollup counters over ${kind === 'postgres' ? SLOTS : 1} slot(s)${COMPACTION ? ', past days compacted' : ', not compacted'}${VOCABULARY ? `; feedback from a ${VOCABULARY}-word vocabulary` : ''}; ${RUNS} runs; loaded in ${loadSeconds.toFixed(1)} s\n`,
  )
  console.log(
    `load average at the end: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} (${cpus().length} CPUs)\n`,
  )
  console.log('| data set | median ms | p95 ms | CPU ms per call (server + database) |')
  console.log('|---|---:|---:|---:|')
  for (const [name, { median: m, p95, cpu }] of rows) {
    console.log(`| ${name} | ${m.toFixed(1)} | ${p95.toFixed(1)} | ${cpu.toFixed(1)} |`)
  }
}

/** Each goal beside what was measured, and how the combined call grows with the events. */
function printGoals() {
  const name = (kind: Result['kind']) => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL')
  const events = (size: number) => (size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`)
  console.log('\n## Goals: the combined call (the whole dashboard page), median of the runs\n')
  console.log(
    '| goal | scenario | measured median (p95) | CPU per call | measured / goal | load average (1 min) |',
  )
  console.log('|---|---|---:|---:|---:|---:|')
  for (const [kind, size, ms] of GOALS) {
    for (const result of results.filter((r) => r.kind === kind && r.size === size)) {
      const { median: m, p95, cpu } = result.combined
      console.log(
        `| ${name(kind)}, ${events(size)} events: ≤ ${ms} ms | ${result.scenario} | ${m.toFixed(1)} ms (${p95.toFixed(1)}) | ${cpu.toFixed(1)} ms | ${(m / ms).toFixed(2)} ${m <= ms ? '(met)' : '(MISSED)'} | ${result.load.toFixed(1)} |`,
      )
    }
  }
  // The cost must follow the days in range, not the events: the same range at each size.
  for (const kind of ['pglite', 'postgres'] as const) {
    for (const scenario of SCENARIOS) {
      const series = results
        .filter((r) => r.kind === kind && r.scenario === scenario)
        .sort((a, b) => a.size - b.size)
      const [first] = series
      const last = series.at(-1)
      if (!first || !last || first === last) continue
      console.log(
        `| ${name(kind)}, ${scenario}: grows with days, not events | ${events(first.size)} → ${events(last.size)} (${(last.size / first.size).toFixed(0)}× the events) | ${first.combined.median.toFixed(1)} → ${last.combined.median.toFixed(1)} ms | ${first.combined.cpu.toFixed(1)} → ${last.combined.cpu.toFixed(1)} ms | ${(last.combined.median / first.combined.median).toFixed(2)}× | ${last.load.toFixed(1)} |`,
      )
    }
  }
}

async function main() {
  console.log(`# Analytics benchmark (${new Date().toISOString()}, Node ${process.version})`)
  const base = flag('pglite-only') ? null : await postgresBase()
  for (const size of SIZES) {
    for (const scenario of SCENARIOS) {
      if (!flag('postgres-only') && size < FULL_SIZE) await benchOne('pglite', size, scenario, null)
      if (base) {
        const postgres = await freshPostgres(base, `${size}_${scenario}`)
        try {
          await benchOne('postgres', size, scenario, postgres.url)
        } finally {
          if (flag('keep')) console.log(`\n(kept: ${postgres.url})`)
          else await postgres.drop()
        }
      }
    }
  }
}

main()
  .then(printGoals)
  .catch((error) => {
    console.error(error)
    process.exit(1)
  })
