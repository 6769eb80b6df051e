import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Node only: makes sure widget/dist is built and newer than every source it comes from (widget/src,
 * shared/src, the Rollup config), building it when not. Used by the size test and the browser suites,
 * which serve dist through the real server.
 */
// From the module's own path (a string): DOM test environments replace the global URL class.
export const WIDGET_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..')
export const WIDGET_DIST = join(WIDGET_DIR, 'dist')
const SOURCES = [
  join(WIDGET_DIR, 'src'),
  join(WIDGET_DIR, '../shared/src'),
  join(WIDGET_DIR, 'rollup.config.mjs'),
]

function newest(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

export interface WidgetSizes {
  widgetFile: string
  gzip: Record<string, number>
}

const MARKER = join(WIDGET_DIST, 'sizes.json')
const LOCK = join(WIDGET_DIR, '.build-lock')
const LOCK_STALE_MS = 5 * 60_000

const isFresh = () => existsSync(MARKER) && statSync(MARKER).mtimeMs >= Math.max(...SOURCES.map(newest))
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** A directory as a cross-process lock: suites running side by side must not build over each other. */
function withBuildLock<T>(run: () => T): T {
  for (;;) {
    try {
      mkdirSync(LOCK)
      break
    } catch {
      const since = statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      // A lock left by a killed build would block forever: after 5 minutes it is taken over.
      if (Date.now() - since > LOCK_STALE_MS) rmSync(LOCK, { recursive: true, force: true })
      else sleep(250)
    }
  }
  try {
    return run()
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

export function ensureWidgetBuilt(): WidgetSizes {
  if (!isFresh()) {
    withBuildLock(() => {
      // Another process may have built it while we waited.
      if (isFresh()) return
      const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: WIDGET_DIR, encoding: 'utf8' })
      if (build.status !== 0) throw new Error(`widget build failed:\n${build.stdout}\n${build.stderr}`)
    })
  }
  return JSON.parse(readFileSync(MARKER, 'utf8')) as WidgetSizes
}
