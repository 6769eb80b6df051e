#!/usr/bin/env node
// `npm test`: build what the browser suites serve (only what changed), then run every Vitest project once.
// Extra arguments are passed to Vitest (e.g. `npm test -- --project node`).
// First: on a Node older than Retainkit supports, this re-runs itself on the pinned Node 24.
import './require-node.mjs'
import { join } from 'node:path'
import { exitAs, run, runAndExit } from './child-process.mjs'

const built = await run(process.execPath, ['scripts/build.mjs', '--if-needed'])
if (built.code !== 0) exitAs(built)
else
  await runAndExit(process.execPath, [
    join('node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...process.argv.slice(2),
  ])
