import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Builds the React example (examples/spa, `spa/vite.config.ts`) into examples/dist/spa unless it was
 * built from exactly today's inputs — decided by the repository's one build orchestration
 * (`scripts/build.mjs examples`), never here.
 */
const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), '../..')
export const SPA_DIST = join(EXAMPLES, 'dist/spa')

export async function ensureSpaBuilt(): Promise<void> {
  const result = spawnSync(process.execPath, [join(EXAMPLES, '../scripts/build.mjs'), 'examples'], {
    cwd: join(EXAMPLES, '..'),
    encoding: 'utf8',
    timeout: 600_000,
  })
  if (result.status !== 0) throw new Error(`examples build failed:\n${result.stdout}\n${result.stderr}`)
}
