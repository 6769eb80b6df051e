import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { publint } from 'publint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectWithPacked, ROOT } from '../../../scripts/packed-packages.mjs'

/**
 * @retainkit/react with @retainkit/js, both from their npm tarballs (unpacked into a project's
 * node_modules; React from the repository's): the files npm ships, publint and Are the Types Wrong,
 * and a server-side render of a page importing both, through the ESM and the CommonJS entries.
 */
let project: string
let packed: ReturnType<typeof projectWithPacked>['packed']
const installed = () => join(project, 'node_modules/@retainkit/react')
const node = (args: string[]) =>
  execFileSync(process.execPath, args, { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

beforeAll(() => {
  ;({ project, packed } = projectWithPacked(['@retainkit/js', '@retainkit/react'], 'react-'))
}, 180_000)
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true })
})

// Each test starts Node or a packing tool of its own: seconds, more on a loaded machine.
describe('@retainkit/react from its npm tarball', { timeout: 120_000 }, () => {
  it('ships the bundles, the declarations, the README and the changelog; React is a peer', () => {
    expect(packed['@retainkit/react']?.files).toEqual([
      'CHANGELOG.md',
      'README.md',
      'dist/index.cjs',
      'dist/index.d.cts',
      'dist/index.d.ts',
      'dist/index.js',
      'package.json',
    ])
    const manifest = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8'))
    expect(manifest.dependencies).toEqual({ '@retainkit/js': '0.1.0' })
    expect(manifest.peerDependencies).toEqual({ react: '^18.0.0 || ^19.0.0' })
    const js = JSON.parse(readFileSync(join(project, 'node_modules/@retainkit/js/package.json'), 'utf8'))
    expect(js.version).toBe('0.1.0')
  })

  it('is clean for publint and Are the Types Wrong', async () => {
    const { messages } = await publint({ pkgDir: installed(), pack: false, strict: true })
    expect(messages).toEqual([])
    const attw = execFileSync(
      join(ROOT, 'node_modules/.bin/attw'),
      [packed['@retainkit/react']?.tarball as string, '--format', 'json'],
      { encoding: 'utf8' },
    )
    expect(JSON.parse(attw).analysis.problems).toEqual([])
  })

  it('renders on the server a page importing both packages (ESM and CommonJS), touching no window', () => {
    const page = `
      const { createElement: h } = React
      const html = renderToString(
        h(RetainkitProvider, { accountId: 'acct_1', mode: 'test', serverUrl: 'https://retain.example.com' },
          h('main', null,
            h(CancelButton, { token: 'tok', className: 'cancel' }, 'Cancel subscription'),
            h(CancelButton, { token: 'tok', href: '/account/cancel' }, 'Cancel by link'))))
      js.init({ accountId: 'acct_1', serverUrl: 'https://retain.example.com' })
      js.showCancelFlow({ token: 'tok' }).then((result) =>
        console.log(JSON.stringify({ window: typeof globalThis.window, html, result })))`
    const expected = JSON.stringify({
      window: 'undefined',
      html: '<main><button type="button" class="cancel">Cancel subscription</button><a href="/account/cancel">Cancel by link</a></main>',
      result: { outcome: 'fallback' },
    })
    const esm = node([
      '--input-type=module',
      '-e',
      `import React from 'react'; import { renderToString } from 'react-dom/server';
       import { RetainkitProvider, CancelButton } from '@retainkit/react'; import * as js from '@retainkit/js';
       ${page}`,
    ])
    expect(esm.trim()).toBe(expected)
    const cjs = node([
      '--input-type=commonjs',
      '-e',
      `const React = require('react'); const { renderToString } = require('react-dom/server');
       const { RetainkitProvider, CancelButton } = require('@retainkit/react'); const js = require('@retainkit/js');
       ${page}`,
    ])
    expect(cjs.trim()).toBe(expected)
  })
})
