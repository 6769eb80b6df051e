#!/usr/bin/env node
// `npm run typecheck`: every workspace's `typecheck` script and the scripts' own tsconfig, as many at
// once as the machine has cores (at least two). Each `tsc` is one thread, and one after another they
// left a 2-core CI machine half idle for the whole phase. Each check's output is printed whole when it
// ends (never interleaved), with its time; the run fails if any check failed.
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
const checks = [
  ...root.workspaces
    .filter((dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.typecheck)
    .map((dir) => ({ name: dir, command: [...npm, 'run', '--silent', 'typecheck', `--workspace=${dir}`] })),
  {
    name: 'scripts',
    command: [
      process.execPath,
      join('node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      'scripts/tsconfig.json',
    ],
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
const lanes = Math.min(queue.length, Math.max(2, availableParallelism()))
const started = Date.now()
const passed = (
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      const results = []
      for (let check = queue.shift(); check; check = queue.shift()) results.push(await runCheck(check))
      return results
    }),
  )
).flat()
const failed = passed.filter((ok) => !ok).length
process.stdout.write(
  `typecheck: ${checks.length} checks, ${lanes} at a time, ${((Date.now() - started) / 1000).toFixed(1)} s${failed ? `, ${failed} failed` : ''}\n`,
)
process.exitCode = failed ? 1 : 0
