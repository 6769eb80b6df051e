// What counts as product code for the lint checks (file cycles, server floors, function size): each
// workspace's src/, without tests, test support, fuzzing, benches or generated output.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCE = /\.(?:ts|tsx|mts|mjs|js)$/
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'coverage',
  'artifacts',
  'test-results',
  'test-support',
  'fuzz',
  'test',
])
// Test helpers kept beside the code they drive (`testing.ts`, `billing-testing.ts`, `settings-test-support.tsx`)
// are test code too; file-cycles.mjs checks that no product file imports one.
const NOT_PRODUCT =
  /\.(?:test|e2e|bench|spec)\.tsx?$|\.d\.ts$|-harness\.tsx?$|^(?:.+-)?(?:testing|test-support)\.tsx?$/

/** The product source trees: each workspace's `src/` (tests and support folders skipped). */
export const PRODUCT_ROOTS = [
  'shared/src',
  'server/src',
  'console/src',
  'widget/src',
  'marketing/src',
  'packages/node/src',
  'packages/js/src',
  'packages/react/src',
]

/** The product source files under `dir`, sorted. */
export function* productFiles(dir) {
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir).sort()) {
    if (SKIPPED_DIRS.has(entry) || entry.startsWith('.')) continue
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) yield* productFiles(path)
    else if (SOURCE.test(entry) && !NOT_PRODUCT.test(entry)) yield path
  }
}
