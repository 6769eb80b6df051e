import { spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Only widget/src/host/ may touch the page's globals: every other widget module gets them through the
 * Host it is handed, so it runs against any window (tests, the console's preview). Biome enforces it
 * (biome.json, noRestrictedGlobals); this proves the rule is live by linting a probe module that reads
 * `window` and `document`, once outside host/ and once inside.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const BIOME = `${ROOT}node_modules/.bin/biome`
const PROBE = 'export const probe = () => document.title + window.name + String(globalThis.name)\n'

function lint(relativeDir: string) {
  const file = `${ROOT}${relativeDir}/globals-probe-${process.pid}.ts`
  writeFileSync(file, PROBE)
  try {
    const run = spawnSync(BIOME, ['lint', '--max-diagnostics=50', file], { cwd: ROOT, encoding: 'utf8' })
    const output = `${run.stdout}${run.stderr}`
    return { status: run.status, globals: output.match(/Do not use the global variable \w+/g) ?? [] }
  } finally {
    rmSync(file, { force: true })
  }
}

describe('the page globals stay in widget/src/host', () => {
  it('fails the lint when another widget module reads window, document or globalThis', () => {
    const result = lint('widget/src/ui')
    expect(result.status).not.toBe(0)
    expect(result.globals).toEqual([
      'Do not use the global variable document',
      'Do not use the global variable window',
      'Do not use the global variable globalThis',
    ])
  }, 30_000)

  it('lets widget/src/host read them', () => {
    expect(lint('widget/src/host')).toEqual({ status: 0, globals: [] })
  }, 30_000)
})
