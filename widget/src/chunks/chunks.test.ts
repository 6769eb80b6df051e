import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { WIDGET_DIST as DIST, ensureWidgetBuilt } from '../build/ensure-built'

/**
 * The lazily loaded chunks (the statutory page, the question after cancelling, the payment prompt, the
 * reactivation banner, the already-scheduled dialog): each its own
 * content-hashed ES module under /w/, named in sizes.json for the server, at most 4 KB gzip, drawing
 * with the bundle's Preact (none of its own), and reading only names the bundle's minifier keeps.
 */
export const CHUNK_BUDGET = 4 * 1024
const PRIVATE = JSON.parse(
  readFileSync(join(__dirname, '../build/private-properties.json'), 'utf8'),
) as string[]

interface Sizes {
  chunks?: Record<string, { file: string; gzip: number }>
}

describe('lazily loaded chunks', () => {
  let sizes: Sizes = {}
  beforeAll(() => {
    ensureWidgetBuilt()
    sizes = JSON.parse(readFileSync(join(DIST, 'sizes.json'), 'utf8')) as Sizes
  }, 600_000)

  it('are built, hashed and named in sizes.json for the server', () => {
    expect(Object.keys(sizes.chunks ?? {}).sort()).toEqual([
      'after-cancel',
      'banner',
      'payment-prompt',
      'scheduled',
      'statutory',
    ])
    for (const [name, { file }] of Object.entries(sizes.chunks ?? {}))
      expect(file).toMatch(new RegExp(`^${name}\\.[0-9a-f]{8,}\\.js$`))
  })

  it(`each stays within ${CHUNK_BUDGET} bytes gzip, with no Preact of its own`, () => {
    for (const [name, { file, gzip }] of Object.entries(sizes.chunks ?? {})) {
      const code = readFileSync(join(DIST, file))
      const measured = gzipSync(code, { level: 9 }).length
      console.log(`[size] chunk ${name}: ${measured} B gzip (budget ${CHUNK_BUDGET})`)
      expect(measured).toBe(gzip)
      expect(measured).toBeLessThanOrEqual(CHUNK_BUDGET)
      // Preact's own markers (its namespaces, its diff): a chunk draws with the bundle's.
      expect(code.toString()).not.toMatch(/w3\.org|__k|dangerouslySetInnerHTML/)
      expect(code.toString()).toMatch(/export\s*\{\s*\w+\s+as\s+default\s*\}/)
    }
  })

  it('reads no property the bundle shortens (they would be undefined in the chunk)', () => {
    for (const { file } of Object.values(sizes.chunks ?? {})) {
      const code = readFileSync(join(DIST, file), 'utf8')
      for (const name of PRIVATE)
        expect(code, `${file} reads .${name}`).not.toMatch(new RegExp(`\\.${name}\\b`))
    }
  })
})
