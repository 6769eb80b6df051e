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
 *   (see benchOne), --keep (leave the
 *   PostgreSQL databases in place and print their URLs, e.g. for EXPLAIN ANALYZE in psql)
 *
 * PostgreSQL comes from TEST_DATABASE_URL or `scripts/test-postgres.mjs` (a throw-away local cluster);
 * the benchmark creates its own database there and drops it afterwards. Prints markdown tables.
 */

import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { followSaves, shapeDurability, tallyOfSave } from '@retainkit/server/analytics/durability'
import { resolveRange } from '@retainkit/server/analytics/range'
import {
  lastReasons,
  lastReasonsByMonth,
  offerOutcomes,
  outcomesByMonth,
  savesByMonth,
  writeInWordCounts,
} from '@retainkit/server/analytics/raw-queries'
import { createApp } from '@retainkit/server/app'
import { type DatabaseHandle, openDatabase } from '@retainkit/server/database'
import { migrate } from '@retainkit/server/migrate'
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
const NOISE_ACCOUNTS = ['noise-1', 'noise-2', 'noise-3']
/** The five data sets the dashboard prefetches; saved-revenue is measured on its own. */
const DASHBOARD = ANALYTICS_ENDPOINTS.slice(0, 5)

// Weighted like a real merchant's reasons: 20 slots, too_expensive most common.
const REASON_SLOTS = [
  ...Array(6).fill('too_expensive'),
  ...Array(4).fill('not_using_enough'),
  ...Array(3).fill('switched_competitor'),
  ...Array(2).fill('temporary_break'),
  ...Array(2).fill('missing_features'),
  'technical_issues',
  ...Array(2).fill('other'),
] as string[]
const PHRASES = [
  'Too expensive for what it is.',
  "I don't use it enough anymore.",
  'Found a cheaper alternative elsewhere.',
  'Money is tight this month, sorry!',
  'The app kept crashing on my phone.',
  'Missing the integrations my team needs.',
  'Taking a break over the summer.',
  'Great product but the price went up again',
  'Switching to a competitor with better reporting',
  'Customer support never answered my emails',
  'Moving abroad, will be back next year',
  'Too many features I never touch',
  'Billing was confusing and I got charged twice',
  "It's fine, just not for me right now.",
  'Café-quality coffee but too much of it; bags pile up.',
  'Delivery was late three times in a row',
]
// Each text ends in ' #<n>': digits make no words, but every text differs, as real feedback does (so
// PostgreSQL cannot memoize the tokeniser on repeated texts).

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

/**
 * Loads `sessions` cancel sessions (4.64 events each on average) spread over [start, end) for one account,
 * with generate_series, plus a save per accepted offer. Each session follows a real flow:
 * session_started → reason_selected → feedback_submitted (40%) → reason_continue (12%) or
 * offer_shown → offer_accepted | offer_declined → cancel_completed (or flow_abandoned).
 */
async function loadAccount(
  database: DatabaseHandle,
  accountId: string,
  tag: string,
  sessions: number,
  start: Date,
  end: Date,
) {
  const db = database.db
  const span = sql`(${start.toISOString()}::timestamptz + (g::float8 / ${sessions}) * (${end.toISOString()}::timestamptz - ${start.toISOString()}::timestamptz))`
  await sql`
    insert into cancel_sessions (id, account_id, customer_id, created_at)
    select ${tag} || '-' || g, ${accountId}, 'cus_' || g, ${span}
    from generate_series(1, ${sessions}) as g`.execute(db)
  await sql`
    insert into session_events (account_id, session_id, step, reason_key, offer, text, created_at)
    select ${accountId}, s.id, v.step, v.reason_key, v.offer, v.text, s.t0 + v.delay
    from (
      select r.*,
        case r.reason
          when 'too_expensive' then 'discount' when 'switched_competitor' then 'discount'
          when 'not_using_enough' then 'plan_switch' when 'temporary_break' then 'pause'
          when 'missing_features' then 'billing_cycle_switch'
        end as offer
      from (
        select ${tag} || '-' || g as id, ${span} as t0,
          (${REASON_SLOTS}::text[])[1 + floor(random() * ${REASON_SLOTS.length})::int] as reason,
          random() as r_feedback, random() as r_outcome,
          (${PHRASES}::text[])[1 + floor(random() * ${PHRASES.length})::int] || ' ' ||
            (${PHRASES}::text[])[1 + floor(random() * ${PHRASES.length})::int] || ' #' || g as text
        from generate_series(1, ${sessions}) as g
      ) as r
    ) as s
    cross join lateral (values
      ('session_started', null, null, null, interval '0 s'),
      ('reason_selected', s.reason, null, null, interval '15 s'),
      (case when s.r_feedback < 0.4 then 'feedback_submitted' end, null, null, s.text, interval '40 s'),
      (case when s.r_outcome < 0.12 then 'reason_continue' end, null, null, null, interval '60 s'),
      (case when s.r_outcome >= 0.12 and s.offer is not null then 'offer_shown' end, null, s.offer, null, interval '60 s'),
      (case when s.r_outcome >= 0.12 and s.offer is not null
        then case when s.r_outcome < 0.42 then 'offer_accepted' else 'offer_declined' end end,
        null, s.offer, null, interval '75 s'),
      (case when s.r_outcome >= 0.42 or (s.r_outcome >= 0.12 and s.offer is null)
        then case when s.r_outcome > 0.97 then 'flow_abandoned' else 'cancel_completed' end end,
        null, null, null, interval '90 s')
    ) as v(step, reason_key, offer, text, delay)
    where v.step is not null`.execute(db)
  await sql`
    insert into saves (account_id, session_id, customer_id, mechanism, mrr_before, mrr_after, currency, created_at)
    select account_id, session_id, 'cus_bench',
      case offer when 'billing_cycle_switch' then 'billing_cycle' else offer end, 3000,
      case offer when 'discount' then 2400 when 'plan_switch' then 1800 when 'billing_cycle_switch' then 2700 else 3000 end,
      'usd', created_at
    from session_events where account_id = ${accountId} and step = 'offer_accepted'`.execute(db)
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
  // A session averages 4.64 events with the flow's probabilities below.
  const sessions = Math.round(size / 4.64)
  // Events a minute inside the range so none falls on its edges.
  const start = new Date(period.start.getTime() + 60_000)
  const end = new Date(now.getTime() - 3_600_000)
  if (scenario === 'dense') {
    await loadAccount(database, ACCOUNT, 'recent', sessions, start, end)
    const before = new Date(start.getTime() - 86_400_000)
    const older = new Date(start.getTime() - 270 * 86_400_000)
    await loadAccount(database, ACCOUNT, 'older', Math.round(sessions / 2), older, before)
  } else {
    await loadAccount(database, ACCOUNT, 'year', sessions, new Date(now.getTime() - 365 * 86_400_000), end)
  }
  for (const noise of NOISE_ACCOUNTS) {
    await loadAccount(database, noise, noise, Math.round(sessions / 12), start, end)
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
  rows.push([
    'dashboard: the combined call (/api/analytics/dashboard, all six, from the rollups)',
    await measure(RUNS, meter, async () => {
      const res = await app.request(`/api/analytics/dashboard?account_id=${ACCOUNT}`, {
        headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
      })
      if (res.status !== 200) throw new Error(`dashboard: HTTP ${res.status}`)
      await res.arrayBuffer()
    }),
  ])
  // Before the rollups: the raw-event queries every call ran (kept as the rollups' test oracle), the six
  // in parallel as the dashboard asked for them, without HTTP.
  const range = resolveRange(undefined, undefined, new Date())
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
  rows.push([
    'BEFORE: save durability from raw rows (no HTTP)',
    await measure(RUNS, meter, async () => {
      const now = new Date()
      shapeDurability((await followSaves(database.db, ACCOUNT, range, now)).map(tallyOfSave), 0, now)
    }),
  ])
  await postgresMeter?.close()
  await database.close()

  console.log(
    `\n### ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${scenario}: one account with ${total.toLocaleString('en-US')} events, ${inRange.toLocaleString('en-US')} of them in the 3-month range (+${NOISE_ACCOUNTS.length} noise accounts); ${RUNS} runs; loaded in ${loadSeconds.toFixed(1)} s\n`,
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

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
