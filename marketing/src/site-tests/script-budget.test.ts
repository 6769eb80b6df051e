import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROUTES } from '@retainkit/shared/routes'
import { beforeAll, describe, expect, it } from 'vitest'
import { builtSite, readBuilt } from '../../test-support/built-site'
import { parseHtml } from '../../test-support/parse-html'

/** A content-only page ships at most this much JavaScript, gzipped. */
const CONTENT_PAGE_BUDGET_BYTES = 60 * 1024

let root = ''

beforeAll(async () => {
  root = await builtSite()
}, 240_000)

/** Static and dynamic imports inside a built module, as site paths. */
function importsOf(source: string, from: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+\.js)["']/g)].map(
    (match) => match[1] ?? '',
  )
  return specifiers.map((specifier) => new URL(specifier, `http://site${from}`).pathname)
}

/** Every script a page references, with everything those scripts import, and their gzip sizes. */
function scriptClosure(pagePath: string): Map<string, number> {
  const file = join(...pagePath.split('/').filter(Boolean), 'index.html')
  const document = parseHtml(readBuilt(root, file))
  const queue = [
    ...[...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src') ?? ''),
    ...[...document.querySelectorAll('link[rel="modulepreload"]')].map(
      (link) => link.getAttribute('href') ?? '',
    ),
  ]
  const sizes = new Map<string, number>()
  while (queue.length > 0) {
    const path = queue.pop() ?? ''
    if (sizes.has(path)) continue
    const source = readFileSync(join(root, path))
    sizes.set(path, gzipSync(source, { level: 9 }).length)
    queue.push(...importsOf(source.toString('utf8'), path))
  }
  return sizes
}

function total(sizes: Map<string, number>): number {
  return [...sizes.values()].reduce((sum, size) => sum + size, 0)
}

describe('JavaScript budget', () => {
  it('the terms page ships at most 60 KB gzip of JavaScript', () => {
    const sizes = scriptClosure(ROUTES.terms)
    const bytes = total(sizes)
    console.info(`terms page JavaScript: ${(bytes / 1024).toFixed(1)} KB gzip in ${sizes.size} files`)
    expect(sizes.size).toBeGreaterThan(0)
    expect(bytes).toBeLessThanOrEqual(CONTENT_PAGE_BUDGET_BYTES)
  })

  it('content pages load only the navigation island; interactive pages add their own', () => {
    const entries = (path: string) =>
      [
        ...parseHtml(
          readBuilt(root, join(...path.split('/').filter(Boolean), 'index.html')),
        ).querySelectorAll('script[src]'),
      ]
        .map((script) => script.getAttribute('src') ?? '')
        .map((src) => src.replace(/^\/assets\/([a-z-]+)\.client-.*$/, '$1'))
    expect(entries(ROUTES.terms)).toEqual(['site-nav'])
    expect(entries(ROUTES.about)).toEqual(['site-nav'])
    expect(entries(ROUTES.pricing).sort()).toEqual(['pricing-plans', 'site-nav'])
    expect(entries(ROUTES.contact).sort()).toEqual(['contact-form', 'site-nav'])
    expect(entries(ROUTES.roiCalculator).sort()).toEqual(['roi-calculator', 'site-nav'])
    expect(entries(ROUTES.paymentRecovery).sort()).toEqual(['site-nav', 'waitlist-form'])
  })

  it('ships no React and no zod to the browser', () => {
    for (const path of [ROUTES.pricing, ROUTES.contact, ROUTES.roiCalculator, ROUTES.paymentRecovery]) {
      for (const script of scriptClosure(path).keys()) {
        const source = readFileSync(join(root, script), 'utf8')
        expect(source, script).not.toContain('react.production')
        expect(source, script).not.toMatch(/ZodError|__SECRET_INTERNALS/)
      }
    }
  })
})
