import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { WIDGET_DIST as DIST, ensureWidgetBuilt } from './build/ensure-built'

/**
 * The budgets (DESIGN 6), checked on the built files: the loader ≤ 2 KB gzip, loader + widget bundle
 * (cancel flow and banner) ≤ 12 KB gzip. Builds first when dist is missing or older than any source.
 */
export const LOADER_BUDGET = 2048
export const TOTAL_BUDGET = 12 * 1024

const gzip = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length

describe('size budgets', () => {
  let widgetFile = ''
  beforeAll(() => {
    widgetFile = ensureWidgetBuilt().widgetFile
  }, 180_000)

  it('builds the files the server serves under /w/, without source maps', () => {
    expect(widgetFile).toMatch(/^widget\.[0-9a-f]{8,}\.js$/)
    const files = readdirSync(DIST)
    expect(files).toEqual(expect.arrayContaining(['loader.js', widgetFile, 'preview.js', 'sizes.json']))
    expect(files.filter((name) => name.endsWith('.map'))).toEqual([])
    // The loader knows the hashed bundle name (the second build pass injected it).
    expect(readFileSync(join(DIST, 'loader.js'), 'utf8')).toContain(`"${widgetFile}"`)
    for (const file of ['loader.js', widgetFile]) {
      expect(readFileSync(join(DIST, file), 'utf8')).not.toMatch(/sourceMappingURL|from"zod"|ZodError/)
    }
  })

  it(`keeps the loader within ${LOADER_BUDGET} bytes gzip`, () => {
    const loader = gzip('loader.js')
    console.log(`[size] loader.js ${loader} B gzip (budget ${LOADER_BUDGET})`)
    expect(loader).toBeLessThanOrEqual(LOADER_BUDGET)
  })

  it(`keeps loader + cancel flow + banner within ${TOTAL_BUDGET} bytes gzip`, () => {
    const loader = gzip('loader.js')
    const widget = gzip(widgetFile)
    console.log(
      `[size] ${widgetFile} ${widget} B gzip; loader + widget ${loader + widget} B gzip (budget ${TOTAL_BUDGET})`,
    )
    expect(JSON.parse(readFileSync(join(DIST, 'sizes.json'), 'utf8')).gzip.total).toBe(loader + widget)
    expect(loader + widget).toBeLessThanOrEqual(TOTAL_BUDGET)
  })
})
