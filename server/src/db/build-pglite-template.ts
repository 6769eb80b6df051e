import { writePgliteTemplate } from './pglite-template'

// Run by server/build.mjs after the bundle: the pre-migrated template a new DATA_DIR starts from.
const path = await writePgliteTemplate()
process.stdout.write(`PGlite template: ${path}\n`)
