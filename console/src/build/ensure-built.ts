import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Node only: builds console/dist (served by the server under /app/) when it is missing or older than
 * its sources. Used by the bundle budget test and the browser suites.
 */
// From the module's own path (a string): DOM test environments replace the global URL class.
export const CONSOLE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..')
export const CONSOLE_DIST = join(CONSOLE_DIR, 'dist')

function newestSourceTime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(path))
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

export function ensureConsoleBuilt(): void {
  const manifest = join(CONSOLE_DIST, '.vite', 'manifest.json')
  const fresh =
    existsSync(join(CONSOLE_DIST, 'index.html')) &&
    existsSync(manifest) &&
    statSync(manifest).mtimeMs >=
      Math.max(newestSourceTime(join(CONSOLE_DIR, 'src')), statSync(join(CONSOLE_DIR, 'index.html')).mtimeMs)
  if (fresh) return
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const result = spawnSync('npx', ['vite', 'build'], {
    cwd: CONSOLE_DIR,
    encoding: 'utf8',
    timeout: 240_000,
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error(`console build failed:\n${result.stdout}\n${result.stderr}`)
}
