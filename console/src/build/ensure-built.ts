import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Node only: builds console/dist (served by the server under /app/) unless it was built from exactly
 * today's inputs. Whether it is current is decided by the repository's one build orchestration
 * (`scripts/build.mjs`, which hashes the console's files, those of the packages it depends on and the
 * lockfile), so this never judges freshness by itself. Used by the bundle budget test and the browser suites.
 */
// From the module's own path (a string): DOM test environments replace the global URL class.
export const CONSOLE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..')
export const CONSOLE_DIST = join(CONSOLE_DIR, 'dist')

export function ensureConsoleBuilt(): void {
  const result = spawnSync(process.execPath, [join(CONSOLE_DIR, '../scripts/build.mjs'), 'console'], {
    cwd: join(CONSOLE_DIR, '..'),
    encoding: 'utf8',
    timeout: 600_000,
  })
  if (result.status !== 0) throw new Error(`console build failed:\n${result.stdout}\n${result.stderr}`)
}
