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
  it('builds everything once, then nothing while nothing changed', async () => {
    expect(await build()).toEqual(['lib', 'app'])
    const started = performance.now()
    expect(await build()).toEqual([])
    expect(performance.now() - started).toBeLessThan(2000)
    expect(logged()).toEqual(['@fixture/lib', '@fixture/app'])
  })

  it('rebuilds every package after a lockfile change, saying so', async () => {
    await build()
    write(
      'package-lock.json',
      JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/zod': '4.0.1' } }),
    )
    const lines: string[] = []
    expect(await buildWorkspace(root, { builds: BUILDS, log: (line) => lines.push(line) })).toEqual([
      'lib',
      'app',
    ])
    expect(lines).toContain('[build] lib: building (package-lock.json changed)…')
    expect(await build()).toEqual([])
  })

  it('rebuilds a package when a workspace package it depends on changes, and only what depends on it', async () => {
    await build()
    appendFileSync(join(root, 'lib/src/index.ts'), 'export const more = 1\n')
    expect(await build()).toEqual(['lib', 'app'])
    appendFileSync(join(root, 'app/src/main.ts'), 'console.log(2)\n')
    expect(await build()).toEqual(['app'])
  })

  it('ignores what no build reads (tests, docs, typecheck state) and rebuilds output that went missing', async () => {
    await build()
    write('lib/src/index.test.ts', 'it.todo("x")\n')
    write('app/README.md', '# app\n')
    // `npm run typecheck` (tsc --build) leaves its incremental state beside a package's tsconfig.
    write('app/tsconfig.tsbuildinfo', '{"version":"5"}\n')
    expect(await build()).toEqual([])
    rmSync(join(root, 'app/dist/out.txt'))
    expect(await build()).toEqual(['app'])
  })

  it('builds only the packages named and those they depend on', async () => {
    expect(await buildWorkspace(root, { builds: BUILDS, names: ['lib'], log: () => {} })).toEqual(['lib'])
    await expect(buildWorkspace(root, { builds: BUILDS, names: ['nope'], log: () => {} })).rejects.toThrow(
      /Unknown build nope/,
    )
  })

  it('runs independent builds side by side, a dependent one only after what it waits for', async () => {
    // Each build logs its start and its end. A build with a wait-for.txt ends only once the build named
    // there has started (10 s at most): so lib and tool, each waiting for the other, both start before
    // either ends only when they really run at once, however slowly a loaded machine starts them.
    const timed = `
const { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs')
const name = require('./package.json').name
appendFileSync('../builds.log', 'start ' + name + '\\n')
const partner = existsSync('wait-for.txt') ? readFileSync('wait-for.txt', 'utf8') : ''
const until = Date.now() + 10000
const finish = () => {
  if (partner && Date.now() < until && !readFileSync('../builds.log', 'utf8').includes('start ' + partner))
    return setTimeout(finish, 20)
  mkdirSync('dist', { recursive: true })
  writeFileSync('dist/out.txt', 'built')
  appendFileSync('../builds.log', 'end ' + name + '\\n')
}
finish()
`
    write(
      'package.json',
      JSON.stringify({ name: 'fixture', private: true, workspaces: ['lib', 'app', 'tool'] }),
    )
    write('tool/package.json', manifest('@fixture/tool'))
    for (const dir of ['lib', 'app', 'tool']) write(`${dir}/build.cjs`, timed)
    write('lib/wait-for.txt', '@fixture/tool')
    write('tool/wait-for.txt', '@fixture/lib')
    const builds = [...BUILDS, { name: 'tool', dir: 'tool', output: 'dist/out.txt' }]
    expect(await buildWorkspace(root, { builds, log: () => {}, parallel: 2 })).toEqual(['lib', 'app', 'tool'])
    const events = logged()
    const at = (event: string) => events.indexOf(event)
    // lib and tool at once (both started before either ended); app after lib.
    expect(at('start @fixture/tool')).toBeLessThan(at('end @fixture/lib'))
    expect(at('start @fixture/lib')).toBeLessThan(at('end @fixture/tool'))
    expect(at('start @fixture/app')).toBeGreaterThan(at('end @fixture/lib'))
    // One at a time when asked (nothing to wait for): every build ends before the next starts.
    rmSync(join(root, 'lib/wait-for.txt'))
    rmSync(join(root, 'tool/wait-for.txt'))
    write('builds.log', '')
    await buildWorkspace(root, { builds, log: () => {}, parallel: 1, force: true })
    expect(logged().map((line) => line.split(' ')[0])).toEqual([
      'start',
      'end',
      'start',
      'end',
      'start',
      'end',
    ])
  })

  it('starts nothing more after a build fails, and says which', async () => {
    write('lib/build.cjs', 'process.exit(3)\n')
    await expect(build()).rejects.toThrow('[build] lib: FAILED (exit 3)')
    // app waits for lib: it never ran.
    expect(logged()).toEqual([''])
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
