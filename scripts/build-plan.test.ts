import { spawnSync } from 'node:child_process'
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildWorkspace } from './build-plan.mjs'

/**
 * `npm run build` on a small workspace of its own (a library and an app that depends on it, each
 * build logging that it ran): what runs after a lockfile change, a source change, a change that no
 * build reads, and nothing at all — and then the same on this repository.
 */

const BUILDS = [
  { name: 'lib', dir: 'lib', output: 'dist/out.txt' },
  { name: 'app', dir: 'app', output: 'dist/out.txt' },
]
const BUILD_SCRIPT = `
const { appendFileSync, mkdirSync, writeFileSync } = require('node:fs')
mkdirSync('dist', { recursive: true })
writeFileSync('dist/out.txt', 'built')
appendFileSync('../builds.log', require('./package.json').name + '\\n')
`

let root = ''
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}
const manifest = (name: string, dependencies: Record<string, string> = {}) =>
  JSON.stringify({ name, private: true, scripts: { build: 'node build.cjs' }, dependencies })
const build = () => buildWorkspace(root, { builds: BUILDS, log: () => {} })
const logged = () => readFileSync(join(root, 'builds.log'), 'utf8').trim().split('\n')

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-plan-'))
  write('package.json', JSON.stringify({ name: 'fixture', private: true, workspaces: ['lib', 'app'] }))
  write(
    'package-lock.json',
    JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/zod': '4.0.0' } }),
  )
  write('builds.log', '')
  write('lib/package.json', manifest('@fixture/lib'))
  write('lib/build.cjs', BUILD_SCRIPT)
  write('lib/src/index.ts', 'export const answer = 42\n')
  write('app/package.json', manifest('@fixture/app', { '@fixture/lib': '*' }))
  write('app/build.cjs', BUILD_SCRIPT)
  write('app/src/main.ts', "import { answer } from '@fixture/lib'\nconsole.log(answer)\n")
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('one build orchestration', () => {
  it('builds everything once, then nothing while nothing changed', () => {
    expect(build()).toEqual(['lib', 'app'])
    const started = performance.now()
    expect(build()).toEqual([])
    expect(performance.now() - started).toBeLessThan(2000)
    expect(logged()).toEqual(['@fixture/lib', '@fixture/app'])
  })

  it('rebuilds every package after a lockfile change, saying so', () => {
    build()
    write(
      'package-lock.json',
      JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/zod': '4.0.1' } }),
    )
    const lines: string[] = []
    expect(buildWorkspace(root, { builds: BUILDS, log: (line) => lines.push(line) })).toEqual(['lib', 'app'])
    expect(lines).toContain('[build] lib: building (package-lock.json changed)…')
    expect(build()).toEqual([])
  })

  it('rebuilds a package when a workspace package it depends on changes, and only what depends on it', () => {
    build()
    appendFileSync(join(root, 'lib/src/index.ts'), 'export const more = 1\n')
    expect(build()).toEqual(['lib', 'app'])
    appendFileSync(join(root, 'app/src/main.ts'), 'console.log(2)\n')
    expect(build()).toEqual(['app'])
  })

  it('ignores what no build reads (tests, docs) and rebuilds output that went missing', () => {
    build()
    write('lib/src/index.test.ts', 'it.todo("x")\n')
    write('app/README.md', '# app\n')
    expect(build()).toEqual([])
    rmSync(join(root, 'app/dist/out.txt'))
    expect(build()).toEqual(['app'])
  })

  it('builds only the packages named and those they depend on', () => {
    expect(buildWorkspace(root, { builds: BUILDS, names: ['lib'], log: () => {} })).toEqual(['lib'])
    expect(() => buildWorkspace(root, { builds: BUILDS, names: ['nope'], log: () => {} })).toThrow(
      /Unknown build nope/,
    )
  })

  it('does nothing on this repository, in under 2 s of CPU, once it is built', () => {
    const repository = join(dirname(fileURLToPath(import.meta.url)), '..')
    // CPU time (user + system) of the build and every process it waited for, as bash's `time` reads
    // it: on a busy CI machine the wall clock follows the neighbours (it read 4.5 s at load ~9).
    const run = () =>
      spawnSync('bash', ['-c', 'TIMEFORMAT="cpu %U %S"; time "$0" scripts/build.mjs', process.execPath], {
        cwd: repository,
        encoding: 'utf8',
        timeout: 600_000,
      })
    expect(run().status).toBe(0)
    const second = run()
    expect(second.status).toBe(0)
    expect(second.stdout).not.toContain('building')
    expect(second.stdout.match(/up to date/g)).toHaveLength(8)
    const [, user, system] = /cpu (\d+\.\d+) (\d+\.\d+)\s*$/.exec(second.stderr) ?? []
    expect(Number(user) + Number(system)).toBeLessThan(2)
  }, 600_000)
})
