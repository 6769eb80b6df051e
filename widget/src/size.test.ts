import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { WIDGET_DIST as DIST, ensureWidgetBuilt } from './build/ensure-built'

/**
 * The budgets, checked on the built files (builds first when dist is missing or older than any source),
 * and printed on every run: the loader ≤ 1,200 B gzip; loader + cancel flow + banner, drawn by Preact,
 * ≤ 14,336 B gzip. CI fails when the total passes the hard limit of 16,384 B; below it, the gap to the
 * budget is printed on every run (a budget is met by cutting our own bytes, never by dropping Preact).
 */
export const LOADER_BUDGET = 1200
export const TOTAL_BUDGET = 14 * 1024
export const TOTAL_LIMIT = 16 * 1024

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

  it("opens the lazily loaded bundle with V8's compile hint (only it: the loader's functions mostly wait for a click)", () => {
    // Chrome then compiles the whole bundle while it streams in, not function by function at the click.
    expect(readFileSync(join(DIST, widgetFile), 'utf8')).toMatch(/^\/\/# allFunctionsCalledOnLoad\n!function/)
    expect(readFileSync(join(DIST, 'loader.js'), 'utf8')).not.toContain('allFunctionsCalledOnLoad')
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

  it(`keeps loader + cancel flow + banner under the ${TOTAL_LIMIT}-byte limit, printing the gap to the ${TOTAL_BUDGET}-byte budget`, () => {
    const loader = gzip('loader.js')
    const widget = gzip(widgetFile)
    const total = loader + widget
    expect(JSON.parse(readFileSync(join(DIST, 'sizes.json'), 'utf8')).gzip.total).toBe(total)
    const gap = total - TOTAL_BUDGET
    console.log(
      `[size] ${widgetFile} ${widget} B gzip; loader + widget ${total} B gzip: ${
        gap > 0 ? `${gap} B OVER` : `${-gap} B under`
      } the ${TOTAL_BUDGET}-byte budget (CI limit ${TOTAL_LIMIT})`,
    )
    expect(total).toBeLessThanOrEqual(TOTAL_LIMIT)
  })
})
