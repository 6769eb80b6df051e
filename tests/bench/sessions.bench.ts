/**
 * Sessions page benchmark (issue 33): the server time of `GET /api/sessions/{accountId}` through the
 * real route (`app.request()`: API key, bearer token, membership, the query) on PostgreSQL, for one
 * account with 1M cancel sessions over the last 12 months, beside a baseline account of 10k sessions in
 * the same database, measured in the same run (a goal in absolute time is also read as a ratio, so a slow machine does not fail it).
 *
 *   npx tsx tests/bench/sessions.bench.ts                 # 1M sessions, 20 runs of each page
 *   npx tsx tests/bench/sessions.bench.ts --sessions=200000 --runs=5
 *
 * The data is written by the database itself (generate_series, hashes for the values, so a run is
 * deterministic), triggers held back as the analytics benchmark's bulk load does: each session with
 * its outcome, reason, segment and arm, MRR, the facts of its plan; an `offer_shown` event for six in
 * ten and `offer_accepted` for one in six; who the customer is (700k customers, e-mail and name).
 *
 * Pages measured: the first page (the whole year, newest first); a filtered page (cancelled, reason
 * "too expensive"); an offer filter; an e-mail search by prefix; a page deep in the log (by its
 * cursor); and the worst cases, a filter nothing matches — a segment, a reason, an outcome, a kind, an
 * offer — which read the whole year before each had an index of its own (a reason: 227 ms at 1M).
 * Prints a markdown table, the goals (first and filtered page each under 50 ms, and their ratio to the
 * baseline's) and the load average.
 */
import { randomUUID } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { createApp } from '@retainkit/server/app'
import { type DatabaseHandle, migrate, openDatabase } from '@retainkit/server/testing'
import { sql } from 'kysely'
import { API_KEY, benchDeps, freshPostgres, postgresBase } from './bench-app'

const args = process.argv.slice(2)
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]
const SESSIONS = Number(option('sessions') ?? 1_000_000)
const BASELINE_SESSIONS = 10_000
const RUNS = Number(option('runs') ?? 20)
const GOAL_MS = 50

const REASONS = [
  'too_expensive',
  'too_expensive',
  'not_using_enough',
  'switched_competitor',
  'missing_features',
  'other',
]
const OUTCOMES = ['canceled', 'canceled', 'canceled', 'saved', 'stayed', 'abandoned']

/** One account's sessions over the last 12 months, with events and customers (see the header). */
async function load(db: DatabaseHandle['db'], accountId: string, sessions: number, seed: number) {
  const now = Date.now()
  const yearAgo = new Date(now - 365 * 86_400_000).toISOString()
  const end = new Date(now - 3_600_000).toISOString()
  const at = sql`(${yearAgo}::timestamptz + (g::float8 / ${sessions}) * (${end}::timestamptz - ${yearAgo}::timestamptz))`
  const u = (purpose: number) =>
    sql`((hashint8extended(g, ${seed * 16 + purpose}) & 4294967295)::float8 / 4294967296)`
  const pick = (list: readonly string[], purpose: number) =>
    sql`(${list}::text[])[1 + floor(${u(purpose)} * ${list.length})::int]`
  const customers = Math.max(1, Math.round(sessions * 0.7))
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx)
    await sql`
      insert into cancel_sessions (id, account_id, kind, mode, customer_id, subscription_id, status,
        reason_key, mrr, currency, segment_id, arm_id, experiment_id, subscriber_facts, created_at,
        updated_at, completed_at)
      select ${accountId} || '-' || g, ${accountId}, 'cancel', 'live',
        'cus_' || ${accountId} || '_' || (g % ${customers}), 'sub_' || g, ${pick(OUTCOMES, 1)},
        ${pick(REASONS, 2)}, 1000 + floor(${u(3)} * 9000)::int, 'usd',
        case when ${u(4)} < 0.2 then 'seg_premium000001' end,
        case when ${u(5)} < 0.1 then 'arm_b00000001' end, case when ${u(5)} < 0.1 then 'exp_00000001' end,
        jsonb_build_object('product', 'Pro', 'plan', 'price_pro_monthly', 'billing_interval', 'month'),
        ${at}, ${at}, ${at} + interval '90 s'
      from generate_series(1, ${sessions}) as g`.execute(trx)
    await sql`
      insert into session_events (account_id, session_id, step, offer, created_at, live)
      select ${accountId}, ${accountId} || '-' || g, v.step, v.offer, ${at} + interval '60 s', true
      from generate_series(1, ${sessions}) as g
      cross join lateral (values
        (case when ${u(6)} < 0.6 then 'offer_shown' end, ${pick(['discount', 'pause', 'plan_switch'], 7)}),
        (case when ${u(6)} < 0.16 then 'offer_accepted' end, ${pick(['discount', 'pause', 'plan_switch'], 7)})
      ) as v(step, offer)
      where v.step is not null`.execute(trx)
    await sql`
      insert into subscriber_customers (account_id, customer_id, email, name, updated_at)
      select ${accountId}, 'cus_' || ${accountId} || '_' || c, 'user' || c || '@example' || (c % 50) || '.com',
        'Customer ' || c, now()
      from generate_series(0, ${customers - 1}) as c`.execute(trx)
  })
}

async function buildApp(database: DatabaseHandle, accounts: readonly string[]) {
  const { deps, signingKeys } = await benchDeps(database)
  const userId = randomUUID()
  await database.db.insertInto('users').values({ id: userId, email: 'bench@example.com' }).execute()
  for (const id of accounts) {
    await database.db.insertInto('accounts').values({ id, name: id, slug: id, tier: 'pro' }).execute()
    await database.db
      .insertInto('memberships')
      .values({ account_id: id, user_id: userId, role: 'owner' })
      .execute()
  }
  const token = await signingKeys.sign(
    { email: 'bench@example.com', role: 'authenticated', session_id: randomUUID() },
    { subject: userId, expiresInSeconds: 24 * 3600, now: new Date() },
  )
  return { app: createApp(deps), token }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN
}

async function main() {
  console.log(`# Sessions page benchmark (${new Date().toISOString()}, Node ${process.version})`)
  const base = await postgresBase()
  if (!base) throw new Error('PostgreSQL is needed for this benchmark')
  const postgres = await freshPostgres(base, `sessions_${SESSIONS}`)
  const database = await openDatabase({ databaseUrl: postgres.url })
  try {
    await migrate(database)
    const { app, token } = await buildApp(database, ['bench', 'baseline'])
    const loadStarted = performance.now()
    await load(database.db, 'bench', SESSIONS, 1)
    await load(database.db, 'baseline', BASELINE_SESSIONS, 2)
    await sql`vacuum analyze`.execute(database.db)
    console.log(
      `loaded ${SESSIONS.toLocaleString('en-US')} + ${BASELINE_SESSIONS.toLocaleString('en-US')} sessions in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
    )

    const year = `startDate=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}`
    const call = async (accountId: string, query: string) => {
      const res = await app.request(`/api/sessions/${accountId}?${year}&${query}`, {
        headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
      })
      if (res.status !== 200) throw new Error(`${query}: HTTP ${res.status} ${await res.text()}`)
      return (await res.json()) as { data: { sessions: unknown[]; next_cursor: string | null } }
    }
    const time = async (accountId: string, query: string) => {
      await call(accountId, query)
      const times: number[] = []
      let rows = 0
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now()
        rows = (await call(accountId, query)).data.sessions.length
        times.push(performance.now() - started)
      }
      return { ms: median(times), rows }
    }
    // A cursor half-way down the log: read by walking pages of 100 from a mid-year day.
    const midYear = new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10)
    const deep = (await call('bench', `endDate=${midYear}&limit=1`)).data.next_cursor ?? ''
    const pages: Array<[label: string, query: string, goal: boolean]> = [
      ['first page', 'limit=25', true],
      ['filtered page (cancelled, too expensive)', 'outcome=canceled&reason=too_expensive', true],
      ['offer filter (pause shown)', 'offer=pause', false],
      ['e-mail search by prefix', 'q=user4242%40', false],
      ['page half-way down the log (cursor)', `cursor=${deep}`, false],
      ['a segment nothing matches (its own index)', 'segment_id=seg_nobody000001', false],
      ['a reason nothing matches (its own index)', 'reason=no_such_reason', false],
      ['an outcome nothing matches (its own index)', 'outcome=open', false],
      ['a kind nothing matches (banner sessions; its own index)', 'kind=reactivation', false],
      ['an offer nothing matches (trial extension; shown offers by offer)', 'offer=trial_extension', false],
    ]
    console.log(
      `\nserver time, median of ${RUNS} runs; account: ${SESSIONS.toLocaleString('en-US')} sessions`,
    )
    console.log('| page | account | rows | 10k-session baseline | ratio | goal | result |')
    console.log('|---|---:|---:|---:|---:|---|---|')
    for (const [label, query, goal] of pages) {
      const big = await time('bench', query)
      const small = await time('baseline', query.startsWith('cursor=') ? 'limit=25' : query)
      const ratio = big.ms / small.ms
      const verdict = goal ? (big.ms < GOAL_MS ? 'PASS' : 'FAIL') : ''
      console.log(
        `| ${label} | ${big.ms.toFixed(1)} ms | ${big.rows} | ${small.ms.toFixed(1)} ms | ${ratio.toFixed(2)}× | ${goal ? `< ${GOAL_MS} ms` : ''} | ${verdict} |`,
      )
    }
    // Wall times on a shared machine follow the neighbours: say how busy it was.
    console.log(
      `\nload ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')} (${cpus().length} CPUs) at the end`,
    )
  } finally {
    await database.close()
    await postgres.drop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
