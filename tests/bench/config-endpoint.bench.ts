/**
 * Config endpoint benchmark (a performance budget): `GET /api/widget/config/:accountId` through the real
 * app (createApp over createDeps, @hono/node-server) against a bare `node:http` server returning the
 * same bytes and headers. Goals (issue 37), as medians of the paired rounds' ratios: at least 0.95× the
 * bare server's throughput and a p99 at most 1.2× its p99. A hundred rounds of 150 ms each, alternating
 * bare and app: this machine's CPU speed swings (a single-threaded loop's rate per 500 ms slice ranged
 * 0.58–1.30× its mean, and its two halves run at ~11k or ~22k req/s here for seconds at a time), so a
 * pair of rounds is only comparable when the two run back to back and short, and only many pairs give
 * a median that holds: ten pairs of 1.5 s read 0.88–1.02 on an A/A run, a hundred of 150 ms 1.00. At
 * full load a p99 measures the queue that 50 connections keep full on a small machine as much as the
 * server (the bare server's is printed beside
 * it), so both are measured again with 4 connections (--light-concurrency=N, 0 skips, held to ≤ 5 ms),
 * where the p99 is the time a request takes. (A paced, open-loop generator was tried: on 2 cores its own timers fired late
 * enough to put the bare server's p99 at 34 ms at a fifth of its throughput.)
 *
 *   npx tsx tests/bench/config-endpoint.bench.ts
 *   options: --concurrency=N (default 50), --duration=MS per round (default 150), --rounds=N (default 100),
 *   --threads=N load-generator worker threads (default 2), --no-prehandler (the app through Hono alone),
 *   --bare-twice (the "app" is a second bare server: what the ratios read when nothing differs),
 *   --light-concurrency=N (default 4, 0 skips: the second measure, below),
 *   --profile (writes a V8 CPU profile of the server process under the printed directory)
 *
 * Both servers run in one child process (so they get the same CPU); the load generator runs in worker
 * threads of this one (http-load-worker.mjs), started once and holding their keep-alive connections to
 * both servers across rounds, so it is not one event loop racing the server and a round holds no
 * thread start-up: the same concurrency for both, rounds alternating bare/app after a warm-up, so a
 * noisy neighbour hurts both alike. The app is served the way `npm start` serves
 * it (http/node-listener.ts: the config pre-handler, then Hono). Prints the generator's own ceiling (what
 * it reaches against the bare server, which does nothing but write prebuilt bytes), requests/s, p50, p99
 * and server CPU per request per target and the ratio; exits 1 when a goal is missed.
 */
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { getRequestListener } from '@hono/node-server'
import { createApp, createAppServer, createDeps, createLogger, loadConfig } from '@retainkit/server/app'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { BROWSER_CONNECTIONS, BROWSER_HEADERS, MERCHANT_DOMAIN } from './browser-load'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) =>
  Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const CONCURRENCY = option('concurrency', BROWSER_CONNECTIONS)
const DURATION_MS = option('duration', 150)
const ROUNDS = option('rounds', 100)
const WARMUP_MS = 1500
/** Throughput at least this share of the bare server's, p99 at most this multiple of its p99. */
const GOAL = 0.95
const P99_GOAL = 1.2
/** The lighter load's p99 (a request's own time, no queue) is held to an absolute bound. */
const P99_GOAL_MS = 5
const THREADS = option('threads', 2)
const LIGHT_CONCURRENCY = option('light-concurrency', 4)

const ACCOUNT = 'bench-shop'
const PATH = `/api/widget/config/${ACCOUNT}`
/**
 * A browser's widget load: cross-origin from the merchant's site with everything Chrome sends (its
 * encodings, languages, user agent), so encoding negotiation, CORS and the load record all run.
 */
const REQUEST_HEADERS = BROWSER_HEADERS

interface Ports {
  app: number
  bare: number
  bytes: number
}

/** Child: the real app and the bare server, side by side. */
async function serveBoth(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'retainkit-bench-'))
  // Production settings (no mail is ever sent: the SMTP URL only satisfies the startup check).
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    RETAINKIT_SEED_DEMO: '0',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  })
  const { deps, close } = await createDeps(config, createLogger({ level: 'warn' }))
  await deps.db
    .insertInto('accounts')
    .values({ id: ACCOUNT, name: 'Bench Shop', slug: ACCOUNT, tier: 'pro', domain: MERCHANT_DOMAIN })
    .execute()
  await deps.db
    .insertInto('flow_configs')
    .values({ account_id: ACCOUNT, version: 1, config: JSON.stringify(createDefaultConfig()) })
    .execute()
  const app = createApp(deps)

  // The bare server answers exactly what the app answers (body and headers, minus per-request ones).
  const probe = await app.request(PATH, { headers: REQUEST_HEADERS })
  if (probe.status !== 200) throw new Error(`probe answered ${probe.status}`)
  const body = Buffer.from(await probe.arrayBuffer())
  const headers: Record<string, string> = {}
  probe.headers.forEach((value, key) => {
    if (!['x-request-id', 'date', 'content-length', 'connection', 'keep-alive'].includes(key))
      headers[key] = value
  })
  headers['content-length'] = String(body.length)
  const answerBare: http.RequestListener = (_req, res) => {
    res.writeHead(200, headers)
    res.end(body)
  }
  const bare = http.createServer(answerBare)
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  // --no-prehandler: the app through Hono alone, as before the pre-handler (for a before/after).
  // --bare-twice: a second bare server in its place, to read the bench's own spread (an A/A run).
  const appServer = process.env.BENCH_BARE_TWICE
    ? http.createServer(answerBare)
    : process.env.BENCH_NO_PREHANDLER
      ? http.createServer(getRequestListener(app.fetch))
      : createAppServer(app, deps)
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve))
  const portOf = (server: { address(): unknown }) => (server.address() as { port: number }).port
  const ports: Ports = { app: portOf(appServer), bare: portOf(bare), bytes: body.length }
  process.send?.(ports)
  process.on('message', async (message) => {
    // The load generator asks for this process's CPU time around each round (µs, user + system).
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage()
      process.send?.({ cpu: user + system })
      return
    }
    bare.close()
    appServer.close()
    await close()
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
}

interface RoundResult {
  /** Server-process CPU time during the round, µs. */
  cpu: number
  requests: number
  errors: number
  seconds: number
  latencies: number[]
}

let serverCpu: () => Promise<number> = async () => 0

/** The load generator's threads, started once (http-load-worker.mjs): each holds its own connections. */
let workers: Worker[] = []

function startWorkers() {
  workers = Array.from(
    { length: THREADS },
    () =>
      new Worker(new URL('./http-load-worker.mjs', import.meta.url), {
        workerData: { path: PATH, headers: REQUEST_HEADERS },
      }),
  )
}

interface SliceResult {
  latencies: Float64Array
  errors: number
  seconds: number
}

function runSlice(worker: Worker, slice: { port: number; durationMs: number; concurrency: number }) {
  return new Promise<SliceResult>((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    worker.once('error', onError)
    worker.once('message', (result: SliceResult) => {
      worker.off('error', onError)
      resolve(result)
    })
    worker.postMessage(slice)
  })
}

/** Keep-alive load from the THREADS worker threads, `concurrency` loops in all, for `durationMs`. */
async function load(port: number, durationMs: number, concurrencyInAll = CONCURRENCY): Promise<RoundResult> {
  const cpuBefore = await serverCpu()
  const parts = await Promise.all(
    workers.map((worker, index) =>
      runSlice(worker, {
        port,
        durationMs,
        concurrency: Math.floor(concurrencyInAll / THREADS) + (index < concurrencyInAll % THREADS ? 1 : 0),
      }),
    ),
  )
  const cpu = (await serverCpu()) - cpuBefore
  const latencies = parts.flatMap((part) => [...part.latencies])
  // Each thread's rate by its own clock, summed: a thread that began a few ms later is not averaged
  // over a wall time it did not run in.
  const rps = parts.reduce((sum, part) => sum + part.latencies.length / part.seconds, 0)
  return {
    cpu,
    requests: latencies.length,
    errors: parts.reduce((n, p) => n + p.errors, 0),
    // (A round with no answer at all: its nominal length, so its rate reads 0, not NaN.)
    seconds: rps > 0 ? latencies.length / rps : durationMs / 1000,
    latencies,
  }
}

function summary(rounds: RoundResult[]) {
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  const requests = rounds.reduce((n, r) => n + r.requests, 0)
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0)
  return {
    requests,
    cpuPerRequest: rounds.reduce((n, r) => n + r.cpu, 0) / Math.max(1, requests),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    rps: requests / seconds,
    p50: at(0.5),
    p99: at(0.99),
  }
}

/**
 * ROUNDS rounds against each server at `concurrency`, alternating who goes first, so a slow spell of the
 * machine does not always hit the same target.
 */
async function measureBoth(ports: Ports, concurrency: number) {
  const results = { bare: [] as RoundResult[], app: [] as RoundResult[] }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)
    for (const target of order) results[target].push(await load(ports[target], DURATION_MS, concurrency))
  }
  // Each round's pair ran back to back: their ratios, and the medians of those, are what noise spares.
  const pairs = results.app.map((app, round) => {
    const [a, b] = [summary([app]), summary([results.bare[round] as RoundResult])]
    return { throughput: a.rps / b.rps, p99: a.p99 / b.p99 }
  })
  return {
    bare: summary(results.bare),
    app: summary(results.app),
    throughput: pairs.map((pair) => pair.throughput),
    p99: pairs.map((pair) => pair.p99),
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}
/** A hundred rounds' ratios, summed up: how many, and the middle half of them. */
const rounds = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => (sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(2)
  return `${values.length}, quartiles ${at(0.25)}–${at(0.75)}`
}

function goalRow(
  measure: string,
  value: string,
  baseline: string,
  ratio: number,
  goal: string,
  pass: boolean,
) {
  return `| goal: ${measure} | ${value} | ${baseline} | ${ratio.toFixed(2)}× | ${goal} | ${pass ? 'PASS' : 'FAIL'} |`
}

type Summary = ReturnType<typeof summary>

function printTable(bare: Summary, app: Summary) {
  const row = (name: string, s: Summary) =>
    `| ${name.padEnd(28)} | ${String(s.requests).padStart(9)} | ${s.rps.toFixed(0).padStart(9)} | ${s.p50.toFixed(2).padStart(8)} | ${s.p99.toFixed(2).padStart(8)} | ${s.cpuPerRequest.toFixed(1).padStart(17)} | ${String(s.errors).padStart(6)} |`
  console.log(
    '| target                       |  requests |    req/s | p50 (ms) | p99 (ms) | server CPU µs/req | errors |',
  )
  console.log(
    '|------------------------------|-----------|----------|----------|----------|-------------------|--------|',
  )
  console.log(row('bare node:http', bare))
  console.log(row('GET /api/widget/config/:id', app))
}

async function main(): Promise<void> {
  const profileDir = args.includes('--profile')
    ? mkdtempSync(join(tmpdir(), 'retainkit-bench-profile-'))
    : null
  const execArgv = profileDir
    ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${profileDir}`]
    : process.execArgv
  const env = {
    ...process.env,
    ...(args.includes('--no-prehandler') ? { BENCH_NO_PREHANDLER: '1' } : {}),
    ...(args.includes('--bare-twice') ? { BENCH_BARE_TWICE: '1' } : {}),
  }
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv, env })
  if (profileDir) console.log(`CPU profile of the server process: ${profileDir}`)
  const ports = await new Promise<Ports>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ports))
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)))
  })
  serverCpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (message) => resolve((message as { cpu: number }).cpu))
      child.send('cpu')
    })
  startWorkers()
  try {
    console.log(
      `config endpoint vs bare node:http — ${ports.bytes} bytes, concurrency ${CONCURRENCY}, ${ROUNDS} rounds × ${DURATION_MS} ms each, keep-alive`,
    )
    await load(ports.bare, WARMUP_MS)
    await load(ports.app, WARMUP_MS)
    const { bare, app, throughput, p99 } = await measureBoth(ports, CONCURRENCY)
    printTable(bare, app)
    const ratio = median(throughput)
    const p99Ratio = median(p99)
    const pass = ratio >= GOAL && p99Ratio <= P99_GOAL && app.errors === 0
    console.log(
      `\nload generator ceiling (${THREADS} worker threads, against the bare server): ${bare.rps.toFixed(0)} req/s`,
    )
    console.log(
      `ratio app/bare: ${ratio.toFixed(3)} (median of rounds ${rounds(throughput)}; goal ≥ ${GOAL}), p99 app/bare ${p99Ratio.toFixed(2)} (rounds ${rounds(p99)}; goal ≤ ${P99_GOAL}) — ${pass ? 'PASS' : 'FAIL'}`,
    )
    // Throughput is bounded by the load generator too when both share a small machine; the server's
    // CPU per request is the cost ratio that decides throughput once the server is the bottleneck.
    console.log(`server CPU per request, bare/app: ${(bare.cpuPerRequest / app.cpuPerRequest).toFixed(3)}`)
    let lightPass = true
    if (LIGHT_CONCURRENCY > 0) {
      const { bare: lightBare, app: lightApp } = await measureBoth(ports, LIGHT_CONCURRENCY)
      console.log(`\nconcurrency ${LIGHT_CONCURRENCY}: the same, without a deep queue`)
      printTable(lightBare, lightApp)
      lightPass = lightApp.p99 <= P99_GOAL_MS && lightApp.errors === 0
      console.log(
        `concurrency ${LIGHT_CONCURRENCY}: app p99 ${lightApp.p99.toFixed(2)} ms, bare ${lightBare.p99.toFixed(2)} ms (goal ≤ ${P99_GOAL_MS}) — ${lightPass ? 'PASS' : 'FAIL'}`,
      )
    }
    console.log('\n| goal | measured | baseline (same run) | ratio | target | result |')
    console.log('|---|---|---|---:|---|---|')
    console.log(
      goalRow(
        `config endpoint throughput, ${CONCURRENCY} browser connections`,
        `${app.rps.toFixed(0)} req/s`,
        `bare node:http ${bare.rps.toFixed(0)} req/s`,
        ratio,
        `≥ ${GOAL}×`,
        ratio >= GOAL && app.errors === 0,
      ),
    )
    console.log(
      goalRow(
        `config endpoint p99, ${CONCURRENCY} browser connections`,
        `${app.p99.toFixed(2)} ms`,
        `bare node:http ${bare.p99.toFixed(2)} ms`,
        p99Ratio,
        `≤ ${P99_GOAL}×`,
        p99Ratio <= P99_GOAL,
      ),
    )
    if (!pass || !lightPass) process.exitCode = 1
  } finally {
    for (const worker of workers) worker.postMessage('close')
    child.send('stop')
  }
}

if (args.includes('--serve')) {
  serveBoth().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
} else {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
