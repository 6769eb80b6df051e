#!/usr/bin/env node
// `npm start` → first 200 from /health on an empty DATA_DIR, after `npm install` (everything built):
// the wall time a new merchant waits. Runs `node scripts/start.mjs` as npm start does, polls /health
// every 20 ms, prints the median of --runs (default 3) with the CPU time npm start's processes used
// to get there, and exits 1 above the 3 s goal. Then the same from a demo template made --aged-days
// (default 3; 0 skips) before: what a start on a later day than `npm install` costs (it writes the
// demo sessions since). For that it replaces the build's demo template with one made as if then, and
// puts today's back when done.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const GOAL_MS = 3000
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const option = (name, fallback) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const runs = option('runs', 3)
const agedDays = option('aged-days', 3)

/**
 * CPU seconds used so far by `pid` (start.mjs: its own and its finished children's, the build check) and
 * by its children still running (the server), read from /proc: on a shared machine the wall time
 * depends on the neighbours, the CPU much less. 0 where /proc is missing.
 */
function cpuOfTree(pid) {
  const ticks = (id, withChildren) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ')
      // utime, stime, cutime, cstime are fields 14–17 of stat; here, after the name, indexes 11–14.
      const own = Number(fields[11]) + Number(fields[12])
      return withChildren ? own + Number(fields[13]) + Number(fields[14]) : own
    } catch {
      return 0
    }
  }
  let total = ticks(pid, true)
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/))
      if (child) total += ticks(child, false)
  } catch {
    // no children listed
  }
  return (total * 1000) / 100
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

async function once() {
  const dataDir = mkdtempSync(join(tmpdir(), 'retainkit-cold-'))
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    // From the repository root, wherever the benchmark was started (run-all runs from tests/).
    cwd: ROOT,
    // npm start's own environment (no NODE_ENV=production: that one asks for an SMTP server first).
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: start.mjs runs the server as a child of its own, which must stop too.
    detached: true,
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
      const healthy = await fetch(`http://127.0.0.1:${port}/health`)
        .then((response) => response.status === 200)
        .catch(() => false)
      if (healthy) return { ms: performance.now() - started, cpuMs: cpuOfTree(child.pid) }
      if (performance.now() - started > 60_000) throw new Error('no /health within 60 s')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  } finally {
    // An exited child emits no second 'exit': only wait for one that is still running.
    const exited =
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once('exit', resolve))
        : Promise.resolve()
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // The whole group has already gone.
    }
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** `runs` cold starts: the median's row, true when it met the goal. */
async function measure(label) {
  const results = []
  for (let run = 0; run < runs; run++) results.push(await once())
  results.sort((a, b) => a.ms - b.ms)
  const median = results[Math.floor(results.length / 2)]
  const cpus = results.map((r) => r.cpuMs).sort((a, b) => a - b)
  console.log(
    `| cold start: npm start → /health, empty DATA_DIR${label} | ${(median.ms / 1000).toFixed(2)} s | goal ≤ ${GOAL_MS / 1000} s | ${(median.ms / GOAL_MS).toFixed(2)}× goal | runs: ${results.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s; CPU (npm start's processes) median ${(cpus[Math.floor(cpus.length / 2)] / 1000).toFixed(2)} s; load ${loadavg()[0].toFixed(2)} |`,
  )
  return median.ms <= GOAL_MS
}

/** The build's template script (server/build.mjs runs it): the demo template, seeded as if at `at`. */
const writeTemplates = (at) => {
  const args = ['server/dist/build-pglite-template.mjs', ...(at ? [`--demo-at=${at.toISOString()}`] : [])]
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`build-pglite-template.mjs ${args.slice(1).join(' ')} failed`)
}

// The figure is the one after `npm install`: whatever is out of date (sources changed since the last
// build, templates included) is built first, untimed. Each timed start still runs npm start's build
// check, which then finds nothing to do; its time is part of the figure.
const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], {
  cwd: ROOT,
  stdio: 'inherit',
})
if (built.status !== 0) throw new Error('the build failed')
let met = await measure('')
if (agedDays > 0) {
  writeTemplates(new Date(Date.now() - agedDays * 86_400_000))
  try {
    met = (await measure(`, demo template ${agedDays} days old`)) && met
  } finally {
    writeTemplates()
  }
}
if (!met) process.exitCode = 1
