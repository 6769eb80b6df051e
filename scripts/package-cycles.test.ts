import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { describeCycles, exportsSubpath, packageCycles, packageEdges, problems } from './package-cycles.mjs'

/**
 * The package-cycle check on a small workspace of its own — where a cycle hides in a test file and
 * behind a relative path into another package — and then on this repository, where it must find none.
 */

let root = ''
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}
const check = () =>
  spawnSync(process.execPath, [join(scriptsDir, 'package-cycles.mjs'), root], { encoding: 'utf8' })
const scriptsDir = dirname(fileURLToPath(import.meta.url))

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'package-cycles-'))
  write('package.json', JSON.stringify({ private: true, workspaces: ['core', 'app', 'suite'] }))
  const dependsOn = { core: [], app: ['@fx/core'], suite: ['@fx/app', '@fx/core'] }
  for (const [name, names] of Object.entries(dependsOn)) {
    const dependencies = Object.fromEntries(names.map((dependency) => [dependency, '*']))
    write(`${name}/package.json`, JSON.stringify({ name: `@fx/${name}`, dependencies }))
  }
  write('core/src/index.ts', 'export const core = 1\n')
  write('app/src/index.ts', "import { core } from '@fx/core'\nexport const app = core\n")
  write(
    'suite/run.ts',
    "import { app } from '@fx/app'\nimport { core } from '@fx/core/src/index'\nconsole.log(app, core)\n",
  )
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('package-cycle check', () => {
  it('passes a workspace whose packages depend one way only', () => {
    expect(packageCycles(packageEdges(root))).toEqual([])
    const result = check()
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('package cycles: 0, boundary breaches: 0')
  })

  it('finds a cycle made by a test file importing a package that depends on it', () => {
    write('core/src/index.test.ts', "import { app } from '@fx/app'\nexpect(app).toBe(1)\n")
    expect(packageCycles(packageEdges(root))).toEqual([['@fx/app', '@fx/core']])
    const result = check()
    expect(result.status).toBe(1)
    expect(result.stdout).toContain('package cycles: 1')
    expect(result.stderr).toContain(
      "core/src/index.test.ts: imports @fx/app, which @fx/core's package.json does not declare",
    )
    expect(result.stderr).toContain('@fx/core → @fx/app (core/src/index.test.ts)')
  })

  it('finds a cycle made by a relative path into another package', () => {
    write('core/src/support.ts', "export { app } from '../../suite/run'\n")
    const edges = packageEdges(root)
    const cycles = packageCycles(edges)
    expect(cycles).toEqual([['@fx/app', '@fx/core', '@fx/suite']])
    expect(describeCycles(edges, cycles)[0]).toContain('@fx/core → @fx/suite (core/src/support.ts)')
  })

  it('fails on a reach into another package by path, even without a cycle', () => {
    write('app/src/extra.ts', "export { core } from '../../core/src/index'\n")
    expect(packageCycles(packageEdges(root))).toEqual([])
    expect(problems).toEqual([
      "app/src/extra.ts: reaches into @fx/core by path ('../../core/src/index'); import its public entry",
    ])
    expect(check().status).toBe(1)
  })

  it("fails on an import of an internal the target's exports map does not offer", () => {
    write(
      'core/package.json',
      JSON.stringify({ name: '@fx/core', exports: { '.': './src/index.ts', './testing/*': './test/*.ts' } }),
    )
    write(
      'app/src/extra.ts',
      "export { a } from '@fx/core/testing/fixtures'\nexport { b } from '@fx/core/src/db'\n",
    )
    expect(packageCycles(packageEdges(root))).toEqual([])
    expect(problems).toEqual([
      "app/src/extra.ts: imports '@fx/core/src/db', an internal @fx/core does not export",
      "suite/run.ts: imports '@fx/core/src/index', an internal @fx/core does not export",
    ])
    expect(check().status).toBe(1)
  })

  it('finds none in this repository', () => {
    const repository = join(scriptsDir, '..')
    const edges = packageEdges(repository)
    expect(edges.get('@retainkit/console')?.has('@retainkit/shared')).toBe(true)
    expect(describeCycles(edges, packageCycles(edges))).toEqual([])
    expect(problems).toEqual([])
  })
})

describe("the server's doors", () => {
  // Three subpaths, each documented in server/README.md; anything else other packages need goes
  // through one of them, so an internal (a raw query, a worker) is never imported from outside by name.
  const server = join(scriptsDir, '..', 'server')

  it('offer ./app, ./admin and ./testing and nothing else', () => {
    const { exports } = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'))
    expect(Object.keys(exports).sort()).toEqual(['./admin', './app', './testing'])
    for (const internal of [
      './bootstrap',
      './analytics/raw-queries',
      './widget/ingest-groups',
      './testing/template-db',
    ])
      expect(exportsSubpath(server, internal)).toBe(false)
  })
})

describe('the publishable packages for apps in this repository', () => {
  // What npm users install must not drag in the monorepo: @retainkit/js reads only the widget's
  // snippet and public types (at build time, inlined), @retainkit/react only @retainkit/js.
  const edges = packageEdges(join(scriptsDir, '..'))
  const out = (name: string) => [...(edges.get(name)?.keys() ?? [])].sort()

  it('@retainkit/js depends on the widget alone, @retainkit/react on @retainkit/js alone', () => {
    expect(out('@retainkit/js')).toEqual(['@retainkit/widget'])
    expect(out('@retainkit/react')).toEqual(['@retainkit/js'])
  })

  it('only the examples and the cross-package suites use them', () => {
    const users = [...edges.entries()]
      .filter(([, targets]) => targets.has('@retainkit/js') || targets.has('@retainkit/react'))
      .map(([name]) => name)
      .sort()
    expect(
      users.filter((name) => !['@retainkit/examples', '@retainkit/react', '@retainkit/tests'].includes(name)),
    ).toEqual([])
  })
})
