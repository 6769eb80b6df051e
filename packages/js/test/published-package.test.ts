import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { publint } from 'publint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectWithPacked, ROOT } from '../../../scripts/packed-packages.mjs'

/**
 * @retainkit/js as an app gets it: packed by npm, unpacked into a project's node_modules, imported by
 * plain Node both ways (the exports map's import/require conditions), read by TypeScript under NodeNext,
 * linted by publint and Are the Types Wrong, and measured as an app's bundler ships it.
 */
const BUDGET_GZIP = 2048

let project: string
let packed: ReturnType<typeof projectWithPacked>['packed']
const installed = () => join(project, 'node_modules/@retainkit/js')
const node = (args: string[]) =>
  execFileSync(process.execPath, args, { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

beforeAll(() => {
  ;({ project, packed } = projectWithPacked(['@retainkit/js'], 'js-'))
}, 180_000)
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true })
})

// Each test starts Node, TypeScript or a packing tool of its own: seconds, more on a loaded machine.
describe('@retainkit/js from its npm tarball', { timeout: 120_000 }, () => {
  it('ships the bundles, one declaration file per format, the README and the changelog', () => {
    expect(packed['@retainkit/js']?.files).toEqual([
      'CHANGELOG.md',
      'README.md',
      'dist/index.cjs',
      'dist/index.d.cts',
      'dist/index.d.ts',
      'dist/index.js',
      'package.json',
    ])
    const manifest = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8'))
    expect(manifest.dependencies).toBeUndefined()
    expect(manifest.private).toBeUndefined()
    expect(manifest.sideEffects).toBe(false)
  })

  it('is clean for publint and Are the Types Wrong', async () => {
    const { messages } = await publint({ pkgDir: installed(), pack: false, strict: true })
    expect(messages).toEqual([])
    const attw = execFileSync(
      join(ROOT, 'node_modules/.bin/attw'),
      [packed['@retainkit/js']?.tarball as string, '--format', 'json'],
      { encoding: 'utf8' },
    )
    expect(JSON.parse(attw).analysis.problems).toEqual([])
  })

  it(`weighs at most ${BUDGET_GZIP} B gzip minified, and an app keeps only what it imports`, async () => {
    const bundle = async (contents: string) => {
      const result = await build({
        stdin: { contents, resolveDir: project, loader: 'js' },
        bundle: true,
        minify: true,
        format: 'esm',
        write: false,
      })
      return result.outputFiles[0]?.text ?? ''
    }
    const whole = await bundle("export * from '@retainkit/js'")
    const size = gzipSync(whole, { level: 9 }).length
    console.log(`@retainkit/js: ${size} B gzip minified (budget ${BUDGET_GZIP} B)`)
    expect(size).toBeLessThanOrEqual(BUDGET_GZIP)
    const banner = await bundle(
      "import { showReactivation } from '@retainkit/js'; showReactivation({ token: 't' })",
    )
    expect(banner).not.toContain('"attach"')
    expect(banner.length).toBeLessThan(whole.length)
  })

  it('imports under Node (no window) both ways, and its calls answer without a browser (SSR)', () => {
    const script = `
      const rk = %IMPORT%
      rk.init({ accountId: 'acct_1', serverUrl: 'https://retain.example.com' })
      Promise.all([
        rk.showCancelFlow({ token: 't' }),
        rk.showReactivation({ token: 't' }),
        rk.attach('#cancel', { token: 't' }),
        rk.destroy(),
      ]).then((results) => console.log(JSON.stringify([typeof globalThis.window, Object.keys(rk).sort(), results])))`
    const expected = JSON.stringify([
      'undefined',
      ['attach', 'destroy', 'init', 'showCancelFlow', 'showReactivation'],
      [{ outcome: 'fallback' }, { shown: false }, null, null],
    ])
    const esm = node([
      '--input-type=module',
      '-e',
      script.replace('%IMPORT%', "await import('@retainkit/js')"),
    ])
    expect(esm.trim()).toBe(expected)
    const cjs = node(['--input-type=commonjs', '-e', script.replace('%IMPORT%', "require('@retainkit/js')")])
    expect(cjs.trim()).toBe(expected)
  })

  // A TypeScript run of its own (DOM and Node typings): seconds, many more on a loaded machine.
  it("carries its types: the snippet API's options and results, checked by TypeScript (NodeNext)", {
    timeout: 120_000,
  }, () => {
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
    const app = join(project, 'app.mts')
    const source = `
      import { init, showCancelFlow, type SessionResult } from '@retainkit/js'
      init({ accountId: 'acct_1', mode: 'test', serverUrl: 'https://retain.example.com' })
      const result: Promise<SessionResult> = showCancelFlow({
        getToken: async () => 'token',
        handleCancel: ({ reasonKey, feedback }) => console.log(reasonKey, feedback),
        onSave: (saved) => console.log(saved.outcome, saved.offer),
        onStepChange: (screen) => console.log(screen.kind),
      })
      // @ts-expect-error a cancel flow needs a token or getToken
      showCancelFlow({ onSave: () => {} })
      // @ts-expect-error the mode is live or test
      init({ accountId: 'a', mode: 'staging', serverUrl: 'https://x' })
      void result
    `
    writeFileSync(app, source)
    const out = execFileSync(
      process.execPath,
      [
        tsc,
        '--ignoreConfig',
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--lib',
        'es2022,dom',
        '--types',
        'node',
        app,
      ],
      { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    expect(out).toBe('')
  })
})
