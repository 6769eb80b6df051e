/**
 * Node only: keeps marketing/dist current for the suites that serve it through the real server
 * (tests/e2e/marketing.e2e.ts, tests/lighthouse/run.ts), and builds the site into other directories for
 * the tests that read the prerendered output (test-support/built-site.ts).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// From the module's own path (a string): DOM test environments replace the global URL class.
export const MARKETING_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
export const MARKETING_DIST = join(MARKETING_DIR, 'dist')

const SOURCES = [
  ...['src', 'scripts', 'public', 'vite.config.ts', 'package.json'].map((path) => join(MARKETING_DIR, path)),
  join(MARKETING_DIR, '..', 'shared', 'src'),
]
const LOCK_STALE_MS = 5 * 60_000

/** Every file the build reads, in a stable order; tests are not among them. */
export function buildInputs(): string[] {
  const list = (path: string): string[] => {
    if (!existsSync(path)) return []
    if (statSync(path).isFile()) return /\.test\.tsx?$/.test(path) ? [] : [path]
    return readdirSync(path)
      .sort()
      .flatMap((name) => list(join(path, name)))
  }
  return SOURCES.flatMap(list)
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/**
 * A directory as a cross-process lock: Vitest workers and a script started beside them must not build
 * into the same place at once. A lock older than 5 minutes was left by a killed build and is taken over.
 */
export function withBuildLock<T>(lock: string, run: () => T): T {
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      if (Date.now() - since > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true })
      else sleep(250)
    }
  }
  try {
    return run()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Runs scripts/build.ts into `outDir`; throws with the build's output when it fails. */
export function runBuild(outDir: string, env: Record<string, string> = {}): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', outDir], {
    cwd: MARKETING_DIR,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(`marketing build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
  }
}

/**
 * Builds marketing/dist unless it was built from exactly today's inputs; returns its path. Whether it
 * is current is decided by the repository's one build orchestration (`scripts/build.mjs`, which
 * hashes the site's files, those of the packages it depends on and the lockfile).
 */
export function ensureMarketingBuilt(): string {
  const result = spawnSync(process.execPath, [join(MARKETING_DIR, '../scripts/build.mjs'), 'marketing'], {
    cwd: join(MARKETING_DIR, '..'),
    encoding: 'utf8',
    timeout: 600_000,
  })
  if (result.status !== 0) {
    throw new Error(`marketing build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
  }
  return MARKETING_DIST
}
