import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaticReader } from './static-files'

let root = ''
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'retainkit-static-'))
  mkdirSync(join(root, 'assets'), { recursive: true })
  for (let i = 0; i < 10; i += 1) writeFileSync(join(root, 'assets', `chunk-${i}.js`), 'x'.repeat(1000))
  writeFileSync(join(root, 'index.html'), '<h1>Home</h1>')
  writeFileSync(join(root, 'big.js'), 'y'.repeat(2000))
  mkdirSync(join(root, '..', 'outside-secret'), { recursive: true })
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('createStaticReader', () => {
  it('keeps nothing for paths that do not exist, however many are asked for', () => {
    const reader = createStaticReader(root)
    for (let i = 0; i < 5_000; i += 1) expect(reader.read(`no/such/${i}-${Math.random()}.html`)).toBeNull()
    expect(reader.stats()).toEqual({ files: 0, bytes: 0 })
    expect(reader.read('index.html')?.body.byteLength).toBe(13)
    expect(reader.stats()).toEqual({ files: 1, bytes: 13 })
  })

  it('bounds the bytes it keeps, evicting the least recently served file first', () => {
    const reader = createStaticReader(root, { maxBytes: 8_000 })
    for (let i = 0; i < 8; i += 1) reader.read(`assets/chunk-${i}.js`)
    expect(reader.stats()).toEqual({ files: 8, bytes: 8_000 })
    reader.read('assets/chunk-0.js') // now the most recent
    reader.read('assets/chunk-8.js') // evicts chunk-1, the least recent
    reader.read('assets/chunk-9.js') // evicts chunk-2
    expect(reader.stats()).toEqual({ files: 8, bytes: 8_000 })
    expect(reader.cachedPaths()).toEqual([3, 4, 5, 6, 7, 0, 8, 9].map((i) => `assets/chunk-${i}.js`))
    // A file over an eighth of the budget is served, not kept.
    expect(reader.read('big.js')?.body.byteLength).toBe(2000)
    expect(reader.stats().bytes).toBe(8_000)
  })

  it('stays inside its root', () => {
    const reader = createStaticReader(join(root, 'assets'))
    for (const path of ['../index.html', '../../outside-secret', '/etc/passwd', 'a/../../index.html']) {
      expect(reader.read(path), path).toBeNull()
    }
    expect(reader.read('./chunk-1.js')).not.toBeNull()
  })
})
