#!/usr/bin/env node
// `npm run build [-- name…] [-- --force]`: builds the publishable token helper (@retainkit/node, which
// the widget's `/token` re-exports), the front ends the server serves (widget before console, whose
// editor embeds the widget's preview; console, marketing) and the server's own bundle — each only when
// its inputs (scripts/build-plan.mjs: its files, its workspace dependencies', the lockfile) differ from
// those of its last successful build. With nothing changed it does nothing. `--force` rebuilds all;
// `--if-needed` (what `prepare`, `npm start` and `npm test` pass) is the default and kept for them.
// First: on a Node older than Retainkit supports (the `prepare` of `npm install` on Debian's Node 20),
// this re-runs itself on the pinned Node 24.
import './require-node.mjs'
import { fileURLToPath } from 'node:url'
import { buildWorkspace } from './build-plan.mjs'

const args = process.argv.slice(2)
const names = args.filter((arg) => !arg.startsWith('--'))
try {
  await buildWorkspace(fileURLToPath(new URL('..', import.meta.url)), {
    names,
    force: args.includes('--force'),
  })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
