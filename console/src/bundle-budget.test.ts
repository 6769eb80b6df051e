import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_DIST, ensureConsoleBuilt } from './build/ensure-built'

/**
 * Budgets on the built console (console/dist), built here when missing or older than the sources —
 * never skipped:
 * - what /login/ loads before its first paint (the entry chunk and every chunk it imports statically,
 *   JavaScript and CSS) stays under 100 KB gzip, with neither chart code, zod, the editor, supabase-js's
 *   auth client, the router nor the signed-in chrome in it (the auth client and the router with its
 *   route table arrive beside the runtime config, the chrome with the first signed-in page or the idle
 *   preload);
 * - chart code (nivo) sits only in chunks that the dashboard page alone imports.
 */

const dist = CONSOLE_DIST
const LOGIN_BUDGET_BYTES = 100 * 1024

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

let manifest: Manifest
const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file))).length
const text = (file: string) => readFileSync(join(dist, file), 'utf8')

/** The manifest key of `chunk` and of every chunk it imports statically, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen)
  return seen
}

function entryKey(): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry)
  expect(entries).toHaveLength(1)
  return entries[0]?.[0] ?? ''
}

// Any quote: the minifier may print string literals as template literals (`nivo`).
const NIVO_MARKERS = [/scheme:["'`]nivo["'`]/, /nivo:\[["'`]#e8c1a0["'`]/]
const ZOD_MARKERS = [/ZodError/, /\$ZodType/]
const AUTH_CLIENT_MARKERS = [/GoTrueClient/]
// react-router's own error text for a hook used outside a router.
const ROUTER_MARKERS = [/may be used only in the context of a <Router> component/]

beforeAll(() => {
  ensureConsoleBuilt()
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest
}, 300_000)

describe('console bundle budgets', () => {
  it('serves its assets from /app/ and loads the entry from index.html', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8')
    const entry = manifest[entryKey()]
    expect(html).toContain(`src="/app/${entry?.file}"`)
    for (const [, src] of html.matchAll(/(?:src|href)="([^"]+\.js)"/g)) {
      expect(src?.startsWith('/app/assets/')).toBe(true)
    }
  })

  it('keeps what /login/ loads before its first paint under 100 KB gzip', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8')
    const keys = [...staticClosure(entryKey())]
    const initial = keys.map((key) => manifest[key]?.file ?? '')
    // Whatever index.html itself asks for (entry script, modulepreloads, styles) belongs to the same set.
    for (const [, src] of html.matchAll(/(?:src|href)="\/app\/([^"]+\.(?:js|css))"/g)) {
      if (src?.endsWith('.js')) expect(initial).toContain(src)
    }
    const styles = keys.flatMap((key) => manifest[key]?.css ?? [])
    const files = [...initial, ...styles]
    const total = files.reduce((sum, file) => sum + gzipSize(file), 0)
    console.info(
      `[budget] /login/ before first paint: ${(total / 1024).toFixed(1)} KB gzip in ${files.length} file(s)`,
    )
    expect(total).toBeLessThan(LOGIN_BUDGET_BYTES)
  })

  it('has no chart code, zod, editor, auth client or router in what /login/ loads', () => {
    const initialKeys = staticClosure(entryKey())
    // The editor, dashboard and preview are separate chunks the entry only names (dynamic imports).
    const sources = [...initialKeys].map((key) => manifest[key]?.src ?? key)
    expect(sources.some((src) => /pages\/(editor|dashboard|preview)\//.test(src))).toBe(false)
    expect(
      sources.some((src) => /components\/app-shell|lib\/auth-client|app\/(create-router|routes)/.test(src)),
    ).toBe(false)
    const lazy = manifest[entryKey()]?.dynamicImports ?? []
    // The whole console's start (app-start: session sync, preloads of the pages), the signed-out page,
    // supabase-js's auth client and the router are all fetched on demand.
    expect(lazy).toEqual(
      expect.arrayContaining([
        'src/app/app-start.ts',
        'src/app/public-auth.tsx',
        'src/lib/auth-client.ts',
        'src/app/create-router.ts',
      ]),
    )
    // The signed-out /login/ (entry and its page) has none of the signed-in console in it.
    const publicKeys = [...staticClosure('src/app/public-auth.tsx', new Set(initialKeys))]
    const publicSources = publicKeys.map((key) => manifest[key]?.src ?? key)
    expect(
      publicSources.filter((src) =>
        /pages\/(editor|dashboard|preview|settings)\/|components\/app-shell|lib\/(auth-client|api-client)|session\/|app\/(create-router|routes|app-start)/.test(
          src,
        ),
      ),
    ).toEqual([])
    const appStart = [...staticClosure('src/app/app-start.ts')].flatMap(
      (key) => manifest[key]?.dynamicImports ?? [],
    )
    expect(appStart).toEqual(
      expect.arrayContaining([
        'src/pages/editor/editor-page.tsx',
        'src/pages/dashboard/dashboard-page.tsx',
        'src/pages/preview/preview-page.tsx',
        'src/components/app-shell.tsx',
      ]),
    )
    for (const key of initialKeys) {
      const code = text(manifest[key]?.file ?? '')
      for (const marker of [...NIVO_MARKERS, ...ZOD_MARKERS, ...AUTH_CLIENT_MARKERS, ...ROUTER_MARKERS])
        expect(marker.test(code), `${key} ${marker}`).toBe(false)
    }
    // A positive control: the router's marker is found in the chunk that does carry it.
    const routerChunks = Object.values(manifest).filter(
      (chunk) => chunk.file.endsWith('.js') && ROUTER_MARKERS.some((marker) => marker.test(text(chunk.file))),
    )
    expect(routerChunks.length).toBeGreaterThan(0)
  })

  it('puts chart code (nivo) only in chunks that the dashboard page alone imports', () => {
    const dashboardKey = Object.keys(manifest).find((key) =>
      manifest[key]?.src?.endsWith('pages/dashboard/dashboard-page.tsx'),
    )
    expect(dashboardKey).toBeDefined()
    const withNivo = Object.entries(manifest)
      .filter(([, chunk]) => chunk.file.endsWith('.js'))
      .filter(([, chunk]) => NIVO_MARKERS.some((marker) => marker.test(text(chunk.file))))
      .map(([key]) => key)
    // A positive control: if the markers stopped matching, this test would prove nothing.
    expect(withNivo.length).toBeGreaterThan(0)
    for (const key of withNivo) {
      if (key === dashboardKey) continue
      const importers = Object.entries(manifest)
        .filter(([, chunk]) => chunk.imports?.includes(key) || chunk.dynamicImports?.includes(key))
        .map(([importer]) => importer)
      expect(importers, `${key} is imported by ${importers.join(', ')}`).toEqual([dashboardKey])
    }
  })
})
