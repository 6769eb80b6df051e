import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { WIDGET_DIST as DIST, ensureWidgetBuilt } from './build/ensure-built'

/**
 * The budgets, checked on the built files (builds first when dist is missing or older than any source),
 * and printed on every run: the loader ≤ 2 KB gzip (DESIGN 6); loader + cancel flow + banner ≤ 14 KB
 * gzip (issue 4's acceptance limit) and ≤ 12 KB (DESIGN 6's budget, the stricter of the two).
 */
export const LOADER_BUDGET = 2048
export const ISSUE_LIMIT = 14 * 1024
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

  it('leaves the contrast maths out of the bundle: the config carries the theme as `themeCss`', () => {
    const bundle = readFileSync(join(DIST, widgetFile), 'utf8')
    expect(bundle).not.toMatch(/"--rk-muted"|Not a hex colour/)
    expect(bundle).toContain('var(--rk-muted)')
  })

  it(`keeps the loader within ${LOADER_BUDGET} bytes gzip`, () => {
    const loader = gzip('loader.js')
    console.log(`[size] loader.js ${loader} B gzip (budget ${LOADER_BUDGET})`)
    expect(loader).toBeLessThanOrEqual(LOADER_BUDGET)
  })

  const total = () => {
    const loader = gzip('loader.js')
    const widget = gzip(widgetFile)
    expect(JSON.parse(readFileSync(join(DIST, 'sizes.json'), 'utf8')).gzip.total).toBe(loader + widget)
    console.log(`[size] ${widgetFile} ${widget} B gzip; loader + widget ${loader + widget} B gzip`)
    return loader + widget
  }

  it(`keeps loader + cancel flow + banner within the issue's ${ISSUE_LIMIT} bytes gzip`, () => {
    expect(total()).toBeLessThanOrEqual(ISSUE_LIMIT)
  })

  it(`keeps loader + cancel flow + banner within DESIGN's ${TOTAL_BUDGET} bytes gzip`, () => {
    const size = total()
    console.log(`[size] ${TOTAL_BUDGET - size} B left in the ${TOTAL_BUDGET}-byte budget`)
    expect(size).toBeLessThanOrEqual(TOTAL_BUDGET)
  })
})
