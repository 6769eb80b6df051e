#!/usr/bin/env node
// `npm test`: build what the browser suites serve (only what changed), then run every Vitest project once.
// Extra arguments are passed to Vitest (e.g. `npm test -- --project node`). Vitest's own report ends
// with the slowest files and each project's time (scripts/timing-reporter.ts); this adds the two phases.
// First: on a Node older than Retainkit supports, this re-runs itself on the pinned Node 24.
import './require-node.mjs'
import { join } from 'node:path'
import { exitAs, run } from './child-process.mjs'

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`
const started = Date.now()
const built = await run(process.execPath, ['scripts/build.mjs', '--if-needed'])
const buildTime = seconds(started)
if (built.code !== 0) exitAs(built)
else {
  const testStarted = Date.now()
  const tested = await run(process.execPath, [
    join('node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...process.argv.slice(2),
  ])
  process.stdout.write(`\nnpm test phases: build ${buildTime}, vitest ${seconds(testStarted)}\n`)
  exitAs(tested)
}
