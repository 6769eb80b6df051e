/**
 * Memory soak: the built server started as `npm start` starts it (scripts/server-command.mjs), as its
 * own process, under widget traffic for a bounded time, on PGlite and on PostgreSQL. Its resident set
 * is read from /proc every 10 s and the V8 heap and external memory from its own /metrics (on, with a
 * token, as a Prometheus would scrape it); the report gives RSS after the warm-up, at the end and
 * 30 s after the load stopped, and the slope after the warm-up (least squares, MB per minute) of RSS,
 * heap and external memory. Goal: RSS flat after the warm-up (slope ≤ GOAL_SLOPE_MB_PER_MIN).
 *
 *   npx tsx tests/bench/soak.bench.ts [--minutes=30] [--warmup=5] [--databases=pglite,postgres]
 *     [--rate=2] [--concurrency=8] [--customers=1200] [--heap-snapshots] [--after-gc]
 *
 * The traffic is bounded (soak-load.ts): `--rate` visits start each second, at most `--concurrency` at
 * once, so a slope measured on a busy machine is a slope under the same traffic as on an idle one. The
 * default rate is one this 2-core machine sustains with both databases soaking at once under other
 * engineers' load; the report prints the rate asked for, the rate achieved and the visits skipped.
 *
 * `--minutes` is per database (the warm-up included). `--heap-snapshots` starts the server with
 * `--heapsnapshot-signal=SIGUSR2` and writes a snapshot after the warm-up and one at the end into
 * tests/artifacts/bench/soak/ (open them in Chrome's DevTools, Memory, "Comparison").
 * `--after-gc` starts it with `--inspect` on a loopback port, runs a full collection through the inspector
 * at each sample and prints what survives it (heap, external with PGlite's WebAssembly memory, array
 * buffers), and the RSS right after it, with their slopes: real retention against growth a collection
 * gives back (soak-inspect.ts). PostgreSQL:
 * BENCH_DATABASE_URL (an empty database) or a throw-away cluster of its own. Every sample is printed
 * (`sample …` lines) so a run's curve can be plotted afterwards. Exits 1 when a slope misses the goal.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createStripeFake } from '@retainkit/fakes/stripe'
import { REPO_ROOT } from '@retainkit/server/app'
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from '@retainkit/server/testing'
import { SERVER_ENTRY, SERVER_NODE_ARGS, serverEnv } from '../../scripts/server-command.mjs'
import { machineNotes } from './machine'
import { connectInspector } from './soak-inspect'
import { startLoad } from './soak-load'
import { provisionSoakMerchant } from './soak-merchant'
import { type GcSample, gcSlopes, type SoakSample, soakTable } from './soak-report'

const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const MINUTES = Number(option('minutes', '30'))
const WARMUP_MINUTES = Number(option('warmup', String(Math.min(5, MINUTES / 3))))
const DATABASES = option('databases', 'pglite,postgres').split(',') as ('pglite' | 'postgres')[]
const RATE = Number(option('rate', '2'))
const CONCURRENCY = Number(option('concurrency', '8'))
// Enough that no subscriber meets the 20-starts-an-hour limit at the default rate (about 7 an hour
// each), few enough to create: the Stripe fake copies its whole state on every write, so creating n
// subscribers costs n² (6,000 took over half an hour on the loaded 2-core machine, 1,200 a few minutes).
const CUSTOMERS = Number(option('customers', '1200'))
const SNAPSHOTS = process.argv.includes('--heap-snapshots')
/** Also collect the garbage (through the inspector) at each sample and read what survives it. */
const AFTER_GC = process.argv.includes('--after-gc')
const SAMPLE_MS = 10_000
const METRICS_TOKEN = 'soak-metrics-token'
const ARTIFACTS = fileURLToPath(new URL('../artifacts/bench/soak/', import.meta.url))

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024
}

/** The V8 heap in use and the external memory (ArrayBuffers: PGlite's WebAssembly memory among them). */
async function processMetrics(base: string): Promise<{ heapMb: number; externalMb: number }> {
  const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
    (response) => response.text(),
    () => '',
  )
  const read = (name: string) => Number(new RegExp(`^${name} ([0-9.e+]+)`, 'm').exec(text)?.[1] ?? Number.NaN)
  return {
    heapMb: read('retainkit_nodejs_heap_size_used_bytes') / 2 ** 20,
    externalMb: read('retainkit_nodejs_external_memory_bytes') / 2 ** 20,
  }
}

async function startServer(database: string, env: Record<string, string>) {
  const port = await freePort()
  const inspectPort = AFTER_GC ? await freePort() : 0
  const args = [
    ...SERVER_NODE_ARGS,
    ...(SNAPSHOTS ? ['--heapsnapshot-signal=SIGUSR2'] : []),
    ...(AFTER_GC ? [`--inspect=127.0.0.1:${inspectPort}`] : []),
    SERVER_ENTRY,
  ]
  const child = spawn(process.execPath, args, {
    cwd: SNAPSHOTS ? ARTIFACTS : REPO_ROOT,
    env: serverEnv({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'development',
      RETAINKIT_SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${database}: the server exited:\n${output}`)
    if (Date.now() > deadline) throw new Error(`${database}: not ready within 180 s:\n${output}`)
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await sleep(250)
  }
  return { child, base, exited, inspectPort, output: () => output }
}

/** Asks the server for a heap snapshot and moves it to a name that says when it was taken. */
async function heapSnapshot(pid: number, name: string) {
  const before = new Set(readdirSync(ARTIFACTS))
  process.kill(pid, 'SIGUSR2')
  for (let i = 0; i < 600; i++) {
    await sleep(1000)
    const made = readdirSync(ARTIFACTS).find((file) => file.endsWith('.heapsnapshot') && !before.has(file))
    // Written in one go once the file is complete; wait a little more for the last bytes.
    if (made) {
      await sleep(3000)
      renameSync(join(ARTIFACTS, made), join(ARTIFACTS, `${name}.heapsnapshot`))
      return
    }
  }
}

async function soak(database: 'pglite' | 'postgres', env: Record<string, string>, dataDir: string) {
  const fake = createStripeFake()
  const stripeServer = await fake.listen()
  const server = await startServer(database, { ...env, DATA_DIR: dataDir, STRIPE_API_BASE: stripeServer.url })
  const pid = server.child.pid ?? 0
  const samples: SoakSample[] = []
  const inspector = AFTER_GC ? await connectInspector(server.inspectPort) : null
  const gcSamples: GcSample[] = []
  try {
    const merchant = await provisionSoakMerchant({ base: server.base, dataDir, fake, customers: CUSTOMERS })
    const load = startLoad({ base: server.base, merchant, concurrency: CONCURRENCY, rate: RATE })
    const started = Date.now()
    const minutes = () => (Date.now() - started) / 60_000
    let snapshotted = false
    while (minutes() < MINUTES) {
      await sleep(SAMPLE_MS)
      // The fake keeps a log of every request for tests' assertions; the soak needs none of it.
      fake.requests.length = 0
      const sample = {
        minute: minutes(),
        rssMb: rssMb(pid),
        ...(await processMetrics(server.base)),
        sessions: load.counters.sessions,
      }
      samples.push(sample)
      console.log(
        `sample ${database} t=${sample.minute.toFixed(2)}min rss=${sample.rssMb.toFixed(1)}MB heap=${sample.heapMb.toFixed(1)}MB external=${sample.externalMb.toFixed(1)}MB sessions=${sample.sessions} visits=${load.counters.visits} skipped=${load.counters.skipped}`,
      )
      if (inspector) {
        const gc = { minute: sample.minute, ...(await inspector.afterGc()), rssAfterGcMb: rssMb(pid) }
        gcSamples.push(gc)
        console.log(
          `after-gc ${database} t=${gc.minute.toFixed(2)}min heap=${gc.heapAfterGcMb.toFixed(1)}MB external=${gc.externalAfterGcMb.toFixed(1)}MB arrayBuffers=${gc.arrayBuffersAfterGcMb.toFixed(1)}MB rss=${gc.rssAfterGcMb.toFixed(1)}MB`,
        )
      }
      if (SNAPSHOTS && !snapshotted && sample.minute >= WARMUP_MINUTES) {
        snapshotted = true
        await heapSnapshot(pid, `${database}-after-warmup`)
      }
    }
    await load.stop()
    const elapsed = minutes()
    if (SNAPSHOTS) await heapSnapshot(pid, `${database}-end`)
    await sleep(30_000)
    const after = rssMb(pid)
    if (inspector) console.log(gcSlopes(database, gcSamples, WARMUP_MINUTES))
    const answers = [...load.counters.answers].sort(([a], [b]) => a.localeCompare(b))
    console.log(`answers ${database}: ${answers.map(([key, n]) => `${key}: ${n}`).join(', ')}`)
    console.log(
      `rate ${database}: ${RATE} visits/s asked, ${(load.counters.visits / (elapsed * 60)).toFixed(2)} achieved, ${load.counters.skipped} skipped (${CONCURRENCY} in flight)`,
    )
    return {
      database,
      minutes: elapsed,
      sessions: load.counters.sessions,
      visitsPerSecond: load.counters.visits / (elapsed * 60),
      samples,
      rssAfterLoadMb: after,
    }
  } finally {
    inspector?.close()
    server.child.kill('SIGTERM')
    await server.exited
    await stripeServer.close()
  }
}

async function main() {
  const loadAtStart = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  })
  if (built.status !== 0) throw new Error('the build failed')
  mkdirSync(ARTIFACTS, { recursive: true })
  const results = []
  for (const database of DATABASES) {
    const dataDir = mkdtempSync(join(tmpdir(), `retainkit-soak-${database}-`))
    let cluster: ThrowawayPostgres | null = null
    try {
      let env: Record<string, string> = {}
      if (database === 'postgres') {
        let url = process.env.BENCH_DATABASE_URL
        if (!url) {
          cluster = startThrowawayPostgres(await freePort())
          url = cluster.url
        }
        env = { DATABASE_URL: url }
      }
      results.push(await soak(database, env, dataDir))
    } finally {
      cluster?.destroy()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const { table, missed } = soakTable(results, WARMUP_MINUTES)
  console.log(
    `\nMemory soak: ${MINUTES} min per database (the first ${WARMUP_MINUTES} min warm-up), ${RATE} visits/s (at most ${CONCURRENCY} at once), /metrics scraped every ${SAMPLE_MS / 1000} s`,
  )
  console.log(`- load average at the start ${loadAtStart}`)
  for (const note of await machineNotes()) console.log(`- ${note}`)
  console.log(table)
  for (const line of missed) console.log(line)
  if (missed.length > 0) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
