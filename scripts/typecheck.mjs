#!/usr/bin/env node
// `npm run typecheck`: every workspace's `typecheck` script and the scripts' own tsconfig, as many at
// once as the machine has cores (at least two). Each `tsc` is one thread, and one after another they
// left a 2-core CI machine half idle for the whole phase. Each check's output is printed whole when it
// ends (never interleaved), with its time; the run fails if any check failed.
// A check whose tsconfig references another workspace's project (tests and examples use the server's
// declarations instead of checking its 350 source files again) starts once that workspace's check has
// passed: `tsc -b` then finds the referenced project up to date instead of building it twice at once.
import './require-node.mjs'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'

const root = JSON.parse(readFileSync('package.json', 'utf8'))
const npm = process.env.npm_execpath
  ? [process.execPath, process.env.npm_execpath]
  : [process.platform === 'win32' ? 'npm.cmd' : 'npm']

/** The checks, longest first (CPU seconds of each measured alone: server 23, console and tests next). */
const LONGEST_FIRST = [
  'server',
  'console',
  'tests',
  'examples',
  'marketing',
  'widget',
  'packages/fakes',
  'shared',
]
const rank = (name) => {
  const at = LONGEST_FIRST.indexOf(name)
  return at === -1 ? LONGEST_FIRST.length : at
}
/** The workspaces a workspace's tsconfig references (`references: [{ path: '../server' }]`). */
const referencedBy = (dir) => {
  const config = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8'))
  return (config.references ?? []).map(({ path }) => join(dir, path))
}
const checks = [
  ...root.workspaces
    .filter((dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.typecheck)
    .map((dir) => ({
      name: dir,
      command: [...npm, 'run', '--silent', 'typecheck', `--workspace=${dir}`],
      needs: referencedBy(dir),
    })),
  {
    name: 'scripts',
    command: [
      process.execPath,
      join('node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      'scripts/tsconfig.json',
    ],
    needs: [],
  },
].sort((a, b) => rank(a.name) - rank(b.name))

/** Runs one check with its output captured: resolves to whether it passed. */
function runCheck({ name, command }) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('error', (error) => {
      output += `${error.message}\n`
    })
    child.on('close', (code) => {
      const took = ((Date.now() - started) / 1000).toFixed(1)
      process.stdout.write(`${code === 0 ? 'ok    ' : 'FAILED'} ${took.padStart(6)} s  ${name}\n${output}`)
      resolve(code === 0)
    })
  })
}

const queue = [...checks]
const passedChecks = new Set()
let running = 0
/** Settles whenever a check ends: a lane with nothing ready waits for it. */
let checkEnded = Promise.withResolvers()
const lanes = Math.min(queue.length, Math.max(2, availableParallelism()))
const started = Date.now()

/** The next queued check whose referenced projects have passed (null: none yet; undefined: queue empty). */
const nextReady = () => {
  if (queue.length === 0) return undefined
  const at = queue.findIndex((check) => check.needs.every((dir) => passedChecks.has(dir)))
  return at === -1 ? null : queue.splice(at, 1)[0]
}

async function lane() {
  const results = []
  for (let check = nextReady(); check !== undefined; check = nextReady()) {
    if (check === null) {
      // Waiting on a referenced project still being checked; if every lane waits, it failed.
      if (running === 0) {
        for (const blocked of queue.splice(0))
          process.stdout.write(`FAILED        ${blocked.name}: a project it references failed\n`)
        results.push(false)
        break
      }
      await checkEnded.promise
      continue
    }
    running++
    const ok = await runCheck(check)
    running--
    if (ok) passedChecks.add(check.name)
    results.push(ok)
    checkEnded.resolve()
    checkEnded = Promise.withResolvers()
  }
  return results
}
const passed = (await Promise.all(Array.from({ length: lanes }, lane))).flat()
const failed = passed.filter((ok) => !ok).length
process.stdout.write(
  `typecheck: ${checks.length} checks, ${lanes} at a time, ${((Date.now() - started) / 1000).toFixed(1)} s${failed ? `, ${failed} failed` : ''}\n`,
)
process.exitCode = failed ? 1 : 0
