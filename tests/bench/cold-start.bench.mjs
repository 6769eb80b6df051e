#!/usr/bin/env node
// `npm start` → first 200 from /health on an empty DATA_DIR, after `npm install` (everything built):
// the wall time a new merchant waits. Runs `node scripts/start.mjs` as npm start does, polls /health
// every 20 ms, prints the median of --runs (default 3) and exits 1 above the 3 s goal.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const GOAL_MS = 3000
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 3)

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
      if (healthy) return performance.now() - started
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

const times = []
for (let run = 0; run < runs; run++) times.push(await once())
times.sort((a, b) => a - b)
const median = times[Math.floor(times.length / 2)]
console.log(
  `| cold start: npm start → /health, empty DATA_DIR | ${(median / 1000).toFixed(2)} s | goal ≤ ${GOAL_MS / 1000} s | ${(median / GOAL_MS).toFixed(2)}× goal | runs: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} |`,
)
if (median > GOAL_MS) process.exitCode = 1
