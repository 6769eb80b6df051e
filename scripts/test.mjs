#!/usr/bin/env node
// `npm test`: build what the browser suites serve (only what changed), then run every Vitest project once.
// Extra arguments are passed to Vitest (e.g. `npm test -- --project node`).
// First: on an unsupported Node this stops with the version needed before anything else loads.
import './require-node.mjs'
import { spawnSync } from 'node:child_process'

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run('node', ['scripts/build.mjs', '--if-needed'])
run('npx', ['vitest', 'run', ...process.argv.slice(2)])
