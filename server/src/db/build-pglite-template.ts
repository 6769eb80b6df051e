import { writeDemoTemplate } from '../seed/demo-template'
import { writePgliteTemplate } from './pglite-template'

// Run by server/build.mjs after the bundle: the pre-migrated template a new DATA_DIR starts from, and
// the same with the demo merchant seeded now (seed/demo-template.ts). `--demo-at=<ISO time>` seeds it
// as if at that moment instead: the cold-start benchmark measures a start from a template days old.
const demoAt = process.argv.find((arg) => arg.startsWith('--demo-at='))?.slice('--demo-at='.length)
const at = demoAt ? new Date(demoAt) : new Date()
if (Number.isNaN(at.getTime())) throw new Error(`--demo-at: not a time: ${demoAt}`)
const path = await writePgliteTemplate()
process.stdout.write(`PGlite template: ${path}\n`)
const demo = await writeDemoTemplate(undefined, at)
if (demo) process.stdout.write(`PGlite demo template: ${demo}\n`)
