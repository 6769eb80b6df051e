import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Node only: makes sure widget/dist is built from today's inputs, building it when not. Used by the size
 * test and the browser suites, which serve dist through the real server. Whether it is current is
 * decided by the repository's one build orchestration (scripts/build.mjs, which hashes the widget's
 * files, those of the packages it depends on and the lockfile, under a cross-process lock).
 */
// From the module's own path (a string): DOM test environments replace the global URL class.
export const WIDGET_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..')
export const WIDGET_DIST = join(WIDGET_DIR, 'dist')
const REPOSITORY_ROOT = join(WIDGET_DIR, '..')

export interface WidgetSizes {
  widgetFile: string
  gzip: Record<string, number>
}

export function ensureWidgetBuilt(): WidgetSizes {
  const build = spawnSync(process.execPath, [join(REPOSITORY_ROOT, 'scripts/build.mjs'), 'widget'], {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
    timeout: 600_000,
  })
  if (build.status !== 0) throw new Error(`widget build failed:\n${build.stdout}\n${build.stderr}`)
  return JSON.parse(readFileSync(join(WIDGET_DIST, 'sizes.json'), 'utf8')) as WidgetSizes
}
