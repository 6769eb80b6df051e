import { execFileSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The package as a merchant gets it: `npm pack`, then `npm install <tarball>` into an empty project
 * outside this repository, then plain `node` imports it both ways and TypeScript reads its declarations
 * under NodeNext resolution (the exports map's import/require/types conditions).
 */
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))
const ROOT = join(PACKAGE_DIR, '../..')
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')
const SECRET = 'rkws_pack_test_secret'
const OPTIONS = `{ accountId: 'acct_pack', customerId: 'cus_pack', mode: 'test', secret: '${SECRET}', now: new Date(1800000000000) }`

let scratch: string
let tarball: string

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'retainkit-node-pack-'))
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', scratch], PACKAGE_DIR)) as {
    filename: string
    files: { path: string }[]
  }[]
  tarball = join(scratch, packed[0]?.filename ?? '')
  expect(packed[0]?.files.map((file) => file.path).sort()).toEqual([
    'README.md',
    'dist/cjs/index.d.ts',
    'dist/cjs/index.js',
    'dist/cjs/package.json',
    'dist/esm/index.d.ts',
    'dist/esm/index.js',
    'package.json',
  ])
  const project = join(scratch, 'merchant-server')
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'merchant-server', private: true }))
  // No registry needed: the package has no dependencies at all.
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], project)
}, 120_000)

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

function expectSignedToken(token: string) {
  const [header, payload, signature] = token.trim().split('.')
  expect(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url')).toBe(signature)
  expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())).toEqual({
    iss: 'acct_pack',
    sub: 'cus_pack',
    mode: 'test',
    iat: 1800000000,
    exp: 1800000900,
  })
}

describe('@retainkit/node from its npm tarball', () => {
  it('runs on a Node the README names (22.12 or newer)', () => {
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
    expect(major > 22 || (major === 22 && minor >= 12)).toBe(true)
  })

  it('declares no dependencies: node:crypto is all it uses', () => {
    const manifest = JSON.parse(
      readFileSync(join(scratch, 'merchant-server/node_modules/@retainkit/node/package.json'), 'utf8'),
    )
    expect(manifest.dependencies).toBeUndefined()
    expect(manifest.private).toBeUndefined()
  })

  it('node -e "import(\'@retainkit/node\')" mints a signed token', () => {
    const out = run(
      process.execPath,
      ['-e', `import('@retainkit/node').then((m) => console.log(m.createSubscriberToken(${OPTIONS})))`],
      join(scratch, 'merchant-server'),
    )
    expectSignedToken(out)
  })

  it('node -e "require(\'@retainkit/node\')" mints the same token (CommonJS build)', () => {
    const out = run(
      process.execPath,
      ['-e', `const m = require('@retainkit/node'); console.log(m.createSubscriberToken(${OPTIONS}))`],
      join(scratch, 'merchant-server'),
    )
    expectSignedToken(out)
    const kind = run(
      process.execPath,
      ['-p', "require.resolve('@retainkit/node')"],
      join(scratch, 'merchant-server'),
    )
    expect(kind.trim()).toMatch(/dist\/cjs\/index\.js$/)
  })

  it('types resolve for import and require under NodeNext, and catch a wrong mode', () => {
    const project = join(scratch, 'merchant-server')
    const body = (importLine: string) =>
      `${importLine}\nconst token: string = createSubscriberToken({ accountId: 'a', customerId: 'cus_1', secret: 's', handles: ['offers'], country: 'US', state: 'MN' })\n// @ts-expect-error: only 'live' or 'test'\ncreateSubscriberToken({ accountId: 'a', customerId: 'c', secret: 's', mode: 'prod' })\nexport { token }\n`
    writeFileSync(join(project, 'esm.mts'), body("import { createSubscriberToken } from '@retainkit/node'"))
    writeFileSync(join(project, 'cjs.cts'), body("import { createSubscriberToken } from '@retainkit/node'"))
    const args = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext']
    const typesRoot = ['--types', 'node', '--typeRoots', join(ROOT, 'node_modules/@types')]
    const traced = run(
      process.execPath,
      [TSC, ...args, ...typesRoot, '--traceResolution', 'esm.mts', 'cjs.cts'],
      project,
    )
    expect(traced).toContain('dist/esm/index.d.ts')
    expect(traced).toContain('dist/cjs/index.d.ts')
  }, 60_000)
})
