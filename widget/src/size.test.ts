import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { WIDGET_DIST as DIST, ensureWidgetBuilt } from './build/ensure-built'

/**
 * The budgets, checked on the built files (builds first when dist is missing or older than any source):
 * the loader ≤ 2 KB gzip (DESIGN 6), and loader + widget bundle (cancel flow and banner) ≤ 14 KB gzip,
 * the acceptance limit. DESIGN 6 sets 12 KB as the product's budget; the bundle does not meet
 * it yet (Preact alone is ~4 KB of it, the shared flow machine ~3 KB, the style sheet ~1 KB), so the
 * test enforces the 14 KB limit and prints the gap to the 12 KB target on every run rather than hide it.
 */
export const LOADER_BUDGET = 2048
export const TOTAL_LIMIT = 14 * 1024
export const TOTAL_TARGET = 12 * 1024

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

  it(`keeps loader + cancel flow + banner within ${TOTAL_LIMIT} bytes gzip`, () => {
    const loader = gzip('loader.js')
    const widget = gzip(widgetFile)
    const total = loader + widget
    const gap = total - TOTAL_TARGET
    console.log(
      `[size] ${widgetFile} ${widget} B gzip; loader + widget ${total} B gzip (limit ${TOTAL_LIMIT}; ` +
        (gap > 0
          ? `DESIGN target ${TOTAL_TARGET} NOT met: ${gap} B over)`
          : `DESIGN target ${TOTAL_TARGET} met, ${-gap} B to spare)`),
    )
    expect(JSON.parse(readFileSync(join(DIST, 'sizes.json'), 'utf8')).gzip.total).toBe(total)
    expect(total).toBeLessThanOrEqual(TOTAL_LIMIT)
  })
})
