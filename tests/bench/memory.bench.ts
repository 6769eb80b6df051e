/**
 * Idle memory of the real server: the built bundle started exactly as `npm start` starts it
 * (scripts/server-command.mjs), as its own process, its resident set read from /proc. Four starts:
 * PGlite on a fresh DATA_DIR (migrations and the demo merchant seeded), PGlite again on that directory,
 * and the same two on PostgreSQL. Goals: ≤ 250 MB on PGlite with the demo merchant, ≤ 120 MB on
 * PostgreSQL. Each start is idle for IDLE_MS after a few ordinary reads (health, the demo's widget
 * config, the console page) before five samples a second apart; the largest is reported, with the
 * peak (VmHWM) the start reached. Exits 1 when a goal is missed.
 *
 *   npx tsx tests/bench/memory.bench.ts
 *   BENCH_DATABASE_URL=postgres://… uses that (empty) database; otherwise a throw-away PostgreSQL cluster
 *   of its own is started on a free port (PostgreSQL must be installed).
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from '@retainkit/server/app'
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from '@retainkit/server/testing'
import { SERVER_ENTRY, SERVER_NODE_ARGS, serverEnv } from '../../scripts/server-command.mjs'

const IDLE_MS = 10_000
const GOALS_MB = { pglite: 250, postgres: 120 } as const

interface Sample {
  label: string
  database: keyof typeof GOALS_MB
  rssMb: number
  peakMb: number
}

const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function measure(label: string, database: Sample['database'], env: Record<string, string>) {
  const port = await freePort()
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: serverEnv({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'development',
      RETAINKIT_SEED_DEMO: '1',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const pid = child.pid
  if (pid === undefined) throw new Error('the server did not start')
  try {
    const base = `http://127.0.0.1:${port}`
    const deadline = Date.now() + 120_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${label}: the server exited:\n${output}`)
      if (Date.now() > deadline) throw new Error(`${label}: not ready within 120 s:\n${output}`)
      const ok = await fetch(`${base}/health`).then(
        (res) => res.ok,
        () => false,
      )
      if (ok) break
      await sleep(200)
    }
    for (const path of ['/health', '/api/widget/config/demo', '/app/', '/api/openapi.json']) {
      await (await fetch(`${base}${path}`)).arrayBuffer()
    }
    await sleep(IDLE_MS)
    const samples: number[] = []
    for (let i = 0; i < 5; i += 1) {
      samples.push(statusMb(pid, 'VmRSS'))
      await sleep(1000)
    }
    const sample = { label, database, rssMb: Math.max(...samples), peakMb: statusMb(pid, 'VmHWM') }
    console.log(
      `idle RSS ${label}: ${sample.rssMb.toFixed(0)} MB (peak ${sample.peakMb.toFixed(0)} MB; goal ≤ ${GOALS_MB[database]} MB)`,
    )
    return sample
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

async function main() {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  })
  if (built.status !== 0) throw new Error('the build failed')

  const samples: Sample[] = []
  const pgliteDir = mkdtempSync(join(tmpdir(), 'retainkit-memory-pglite-'))
  try {
    samples.push(await measure('PGlite, first start (demo seeded)', 'pglite', { DATA_DIR: pgliteDir }))
    samples.push(await measure('PGlite, restart (demo present)', 'pglite', { DATA_DIR: pgliteDir }))
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true })
  }

  let cluster: ThrowawayPostgres | null = null
  const pgDir = mkdtempSync(join(tmpdir(), 'retainkit-memory-pg-'))
  try {
    let url = process.env.BENCH_DATABASE_URL
    if (!url) {
      cluster = startThrowawayPostgres(await freePort())
      url = cluster.url
    }
    const env = { DATA_DIR: pgDir, DATABASE_URL: url }
    samples.push(await measure('PostgreSQL, first start (demo seeded)', 'postgres', env))
    samples.push(await measure('PostgreSQL, restart (demo present)', 'postgres', env))
  } finally {
    cluster?.destroy()
    rmSync(pgDir, { recursive: true, force: true })
  }

  const missed = samples.filter((s) => s.rssMb > GOALS_MB[s.database])
  for (const s of missed) {
    console.log(
      `MISSED ${s.label}: ${s.rssMb.toFixed(0)} MB is ${(s.rssMb - GOALS_MB[s.database]).toFixed(0)} MB over the goal`,
    )
  }
  if (missed.length > 0) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
