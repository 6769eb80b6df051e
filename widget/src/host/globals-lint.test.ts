import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

/**
 * Lints the probe as if it were at `relativeDir` of this repository, with this repository's biome.json,
 * in a directory of its own: written into widget/src, it changed the widget's sources under a build
 * another test file ran at the same time (a CI's widget build failed on the probe's ENOENT).
 */
function lint(relativeDir: string) {
  const root = mkdtempSync(join(tmpdir(), 'retainkit-globals-probe-'))
  try {
    const config = JSON.parse(readFileSync(`${ROOT}biome.json`, 'utf8'))
    // Not a git checkout: the repository's .gitignore is not there to read.
    config.vcs = { enabled: false }
    delete config.$schema
    writeFileSync(join(root, 'biome.json'), JSON.stringify(config))
    mkdirSync(join(root, relativeDir), { recursive: true })
    const file = join(relativeDir, 'globals-probe.ts')
    writeFileSync(join(root, file), PROBE)
    const run = spawnSync(BIOME, ['lint', '--max-diagnostics=50', file], { cwd: root, encoding: 'utf8' })
    const output = `${run.stdout}${run.stderr}`
    return { status: run.status, globals: output.match(/Do not use the global variable \w+/g) ?? [] }
  } finally {
    rmSync(root, { recursive: true, force: true })
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
