import { writeDemoTemplate } from '../seed/demo-template'
import { writePgliteTemplate } from './pglite-template'

// Run by server/build.mjs after the bundle: the pre-migrated template a new DATA_DIR starts from, and
// the same with today's demo merchant in it (seed/demo-template.ts).
const path = await writePgliteTemplate()
process.stdout.write(`PGlite template: ${path}\n`)
const demo = await writeDemoTemplate()
if (demo) process.stdout.write(`PGlite demo template: ${demo}\n`)
