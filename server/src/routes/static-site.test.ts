import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { createApp } from '../app'
import { PUBLIC_URL_PLACEHOLDER, publicUrlForMarkup } from './static-site'

/**
 * The built front ends as the server hosts them, over small stand-in builds in a temporary
 * directory, through the whole app (compression and headers included).
 */

const P = PUBLIC_URL_PLACEHOLDER
// Above compress()'s 1 KB threshold, so the page goes out gzipped with a weak ETag when asked.
const filler = `<p>${'Keep more subscribers. '.repeat(80)}</p>`
const MARKETING: Record<string, string> = {
  'index.html': `<link rel="canonical" href="${P}/"><script type="application/ld+json">{"url":"${P}/"}</script>${filler}`,
  'pricing/index.html': `<h1>Pricing</h1><meta property="og:url" content="${P}/pricing/">`,
  'products/payment-recovery/index.html': '<h1>Payment Recovery</h1>',
  '404/index.html': '<h1>Page not found</h1>',
  'sitemap.xml': `<urlset><url><loc>${P}/</loc></url><url><loc>${P}/pricing/</loc></url></urlset>`,
  'robots.txt': `User-agent: *\nSitemap: ${P}/sitemap.xml\n`,
  // Scripts and styles are served byte for byte: only html, xml and txt carry the public URL.
  'assets/site-nav.client-abc123.js': `console.log("${P}")`,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
}

// A widget bundle above the 1 KB threshold, as the real one is (~40 KB before compression).
const BIG_BUNDLE = `export const words = ${JSON.stringify('Keep your plan at half price. '.repeat(200))}`

let t: TestContext
let root = ''

function writeTree(dir: string, files: Record<string, string>): void {
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), body)
  }
}

/** The real app, serving the stand-in builds, as an operator who set PUBLIC_URL runs it. */
function appFor(publicUrl: string) {
  return createApp({
    ...t.deps,
    config: { ...t.deps.config, publicUrl },
    staticRoots: {
      widget: join(root, 'widget'),
      widgetReleases: join(root, 'releases'),
      console: join(root, 'console'),
      marketing: join(root, 'marketing'),
    },
  })
}

beforeAll(async () => {
  t = await createTestContext()
  root = mkdtempSync(join(tmpdir(), 'static-site-'))
  writeTree(join(root, 'marketing'), MARKETING)
  writeTree(join(root, 'console'), { 'index.html': '<div id="root">console</div>' })
  writeTree(join(root, 'widget'), {
    'loader.js': 'void 0',
    'widget.0000aaaa.js': 'this build',
    'widget.3333eeee.js': BIG_BUNDLE,
  })
  const release = (contract: number, bundle: string) =>
    JSON.stringify({ contract, release: '0.1.0', commit: 'c', loader: 'loader.js', bundle, chunks: [] })
  writeTree(join(root, 'releases'), {
    '1/release.json': release(1, 'widget.1111bbbb.js'),
    '1/widget.1111bbbb.js': 'release one',
    '1/loader.js': 'release one loader',
    '1/widget.2222cccc.js': 'not in the manifest',
    // Not older than this build's own version: never served from the archive.
    '99/release.json': release(99, 'widget.9999dddd.js'),
    '99/widget.9999dddd.js': 'a version from the future',
  })
})

afterAll(async () => {
  await t.close()
  rmSync(root, { recursive: true, force: true })
})

describe('the public URL in the prerendered marketing site', () => {
  const app = () => appFor('https://retain.example.com')

  it('replaces the build placeholder with PUBLIC_URL in html, xml and txt', async () => {
    const server = app()
    const home = await (await server.request('/')).text()
    expect(home).toContain('<link rel="canonical" href="https://retain.example.com/">')
    expect(home).toContain('{"url":"https://retain.example.com/"}')
    expect(await (await server.request('/pricing/')).text()).toContain(
      'content="https://retain.example.com/pricing/"',
    )
    expect(await (await server.request('/sitemap.xml')).text()).toBe(
      '<urlset><url><loc>https://retain.example.com/</loc></url><url><loc>https://retain.example.com/pricing/</loc></url></urlset>',
    )
    expect(await (await server.request('/robots.txt')).text()).toBe(
      'User-agent: *\nSitemap: https://retain.example.com/sitemap.xml\n',
    )
    for (const path of ['/', '/pricing/', '/sitemap.xml', '/robots.txt']) {
      expect(await (await server.request(path)).text(), path).not.toContain(P)
    }
  })

  it('leaves scripts byte for byte', async () => {
    const response = await app().request('/assets/site-nav.client-abc123.js')
    expect(await response.text()).toBe(`console.log("${P}")`)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('computes the ETag after the replacement: another PUBLIC_URL, another ETag', async () => {
    const etag = async (publicUrl: string) =>
      (await appFor(publicUrl).request('/robots.txt')).headers.get('etag')
    const first = await etag('https://one.example')
    expect(first).toMatch(/^"[\w-]+"$/)
    expect(await etag('https://one.example')).toBe(first)
    expect(await etag('https://two.example')).not.toBe(first)
  })

  it('replaces once per file: later requests are served from memory', async () => {
    const server = app()
    const before = await (await server.request('/pricing/')).text()
    writeFileSync(join(root, 'marketing/pricing/index.html'), '<h1>Rebuilt</h1>')
    try {
      expect(await (await server.request('/pricing/')).text()).toBe(before)
      expect(await (await app().request('/pricing/')).text()).toBe('<h1>Rebuilt</h1>')
    } finally {
      writeFileSync(join(root, 'marketing/pricing/index.html'), MARKETING['pricing/index.html'] ?? '')
    }
  })

  it('percent-encodes the characters markup would read as syntax', async () => {
    expect(publicUrlForMarkup('https://retain.example.com/a&b"c<d>\'')).toBe(
      'https://retain.example.com/a%26b%22c%3Cd%3E%27',
    )
    const sitemap = await (await appFor('https://x.example/a&b').request('/sitemap.xml')).text()
    expect(sitemap).toContain('<loc>https://x.example/a%26b/</loc>')
  })
})

describe('caching', () => {
  it('answers 304 to the ETag it sent, also the weak one of a compressed page', async () => {
    const server = appFor('https://retain.example.com')
    const plain = await server.request('/')
    const etag = plain.headers.get('etag') ?? ''
    expect(plain.headers.get('cache-control')).toBe('no-cache')
    expect((await server.request('/', { headers: { 'if-none-match': etag } })).status).toBe(304)

    const gzipped = await server.request('/', { headers: { 'accept-encoding': 'gzip' } })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    const weak = gzipped.headers.get('etag') ?? ''
    expect(weak).toBe(`W/${etag}`)
    const revalidated = await server.request('/', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': `"stale", ${weak}` },
    })
    expect(revalidated.status).toBe(304)
    expect((await server.request('/', { headers: { 'if-none-match': '"stale"' } })).status).toBe(200)
  })

  it('sends the widget bundle compressed once, from memory: whole, with its length, as often as asked', async () => {
    // A cold cancel click waits for this file: gzipping it on every request cost ~3 ms of the click.
    const server = appFor('https://retain.example.com')
    const plain = await server.request('/w/widget.3333eeee.js')
    const asked = { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }
    const first = await server.request('/w/widget.3333eeee.js', asked)
    const second = await server.request('/w/widget.3333eeee.js', asked)
    for (const res of [first, second]) {
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe('gzip')
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
      expect(res.headers.get('etag')).toBe(`W/${plain.headers.get('etag')}`)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const body = Buffer.from(await res.arrayBuffer())
      // Sent whole with its length (a stream compressed per request has none).
      expect(res.headers.get('content-length')).toBe(String(body.byteLength))
      expect(gunzipSync(body).toString()).toBe(BIG_BUNDLE)
      expect(body.byteLength).toBeLessThan(BIG_BUNDLE.length / 10)
    }
    // Who does not take gzip gets the file as it is; deflate alone is still compressed per request.
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(BIG_BUNDLE)
    const deflate = await server.request('/w/widget.3333eeee.js', {
      headers: { 'accept-encoding': 'deflate' },
    })
    expect(deflate.headers.get('content-encoding')).toBe('deflate')
    const refused = await server.request('/w/widget.3333eeee.js', {
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    })
    expect(refused.headers.get('content-encoding')).toBeNull()
    expect(await refused.text()).toBe(BIG_BUNDLE)
  })
})

describe('routing', () => {
  const app = () => appFor('https://retain.example.com')

  it('answers unknown paths and /404/ with the not-found page and HTTP 404', async () => {
    for (const path of ['/no-such-page/', '/no/such/file.txt', '/404/', '/..%2f..%2fetc%2fpasswd']) {
      const response = await app().request(path)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).toBe('<h1>Page not found</h1>')
    }
  })

  it('serves payment recovery with and without the trailing slash, and redirects other pages to it', async () => {
    for (const path of ['/products/payment-recovery/', '/products/payment-recovery']) {
      const response = await app().request(path)
      expect(response.status, path).toBe(200)
      expect(await response.text()).toBe('<h1>Payment Recovery</h1>')
    }
    const redirect = await app().request('/pricing?ref=nav')
    expect(redirect.status).toBe(301)
    expect(redirect.headers.get('location')).toBe('/pricing/?ref=nav')
  })

  it('answers console routes with the console index and unknown API paths with JSON', async () => {
    for (const path of ['/login/', '/signup', '/auth/callback', '/dashboard/?account_id=a']) {
      const response = await app().request(path)
      expect(response.status, path).toBe(200)
      expect(await response.text()).toContain('console')
    }
    const api = await app().request('/api/no-such-thing', { headers: { 'x-api-key': t.apiKey } })
    expect(api.status).toBe(404)
    expect(await api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
  })
})

describe('previous releases of the widget', () => {
  it("serves an archived release's hashed bundle (browsers still hold its loader) as immutably as this build's", async () => {
    const server = appFor('https://retain.example.com')
    for (const [name, body] of [
      ['widget.0000aaaa.js', 'this build'],
      ['widget.1111bbbb.js', 'release one'],
    ]) {
      const res = await server.request(`/w/${name}`)
      expect(res.status, name).toBe(200)
      expect(await res.text()).toBe(body)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
    }
  })

  it("serves only what a release in the support window lists; the loader stays this build's", async () => {
    const server = appFor('https://retain.example.com')
    expect((await server.request('/w/widget.2222cccc.js')).status).toBe(404)
    expect((await server.request('/w/widget.9999dddd.js')).status).toBe(404)
    expect(await (await server.request('/w/loader.js')).text()).toBe('void 0')
  })
})
