/**
 * Node only: keeps marketing/dist as fresh as its sources for the suites that serve it through the real
 * server (tests/e2e/marketing.e2e.ts, tests/lighthouse/run.ts), building it when a source is newer.
 * `npm test` builds first, so there this costs one directory walk.
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

const isFresh = () => {
  // robots.txt is the build's last file: its presence means the build finished.
  const marker = join(MARKETING_DIST, 'robots.txt')
  if (!existsSync(marker)) return false
  const newest = Math.max(...buildInputs().map((file) => statSync(file).mtimeMs))
  return statSync(marker).mtimeMs >= newest
}

/** Builds marketing/dist when it is missing or older than a source; returns its path. */
export function ensureMarketingBuilt(): string {
  if (!isFresh()) {
    withBuildLock(join(MARKETING_DIR, '.build-lock'), () => {
      // Another process may have built it while this one waited for the lock.
      if (!isFresh()) runBuild(MARKETING_DIST)
    })
  }
  return MARKETING_DIST
}
