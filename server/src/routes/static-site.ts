import { gzipSync } from 'node:zlib'
import { CONSOLE_ROUTE_NAMES, ROUTES } from '@retainkit/shared/routes'
import { type Context, Hono } from 'hono'
import { parseAccept } from 'hono/utils/accept'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { createStaticReader, type StaticFile } from '../services/static-files'
import { widgetReleasesFor } from '../services/widget/releases'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

/**
 * The origin the marketing build writes into canonical links, Open Graph, JSON-LD, sitemap.xml and
 * robots.txt (marketing/src/site.ts holds the same string). The build runs once, before operators set
 * PUBLIC_URL; the server knows it, so it puts it in when it serves those files.
 */
export const PUBLIC_URL_PLACEHOLDER = 'https://public-url.retainkit.invalid'

/**
 * PUBLIC_URL as it is written into html and xml: any http(s) URL passes the config check, so the few
 * characters markup would read as syntax are percent-encoded, which leaves the URL's meaning intact.
 */
export function publicUrlForMarkup(publicUrl: string): string {
  return publicUrl.replace(/[&<>"']/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * If-None-Match against the file's ETag with the weak comparison RFC 9110 asks for: compress() sends
 * compressed bodies with a weak `W/` ETag, which browsers send back as it is.
 */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const candidate = tag.trim()
    return candidate === '*' || candidate.replace(/^W\//, '') === etag
  })
}

/** compress()'s threshold: smaller files go out as they are. */
const COMPRESS_FROM_BYTES = 1024
/** Larger files (none in our builds) are left to compress() rather than gzipped whole in one go. */
const GZIP_IN_MEMORY_UP_TO = 1024 * 1024
/** Each served file's gzip, made on its first gzip request (the readers keep the file objects). */
const gzipped = new WeakMap<StaticFile, Uint8Array<ArrayBuffer>>()

/** Whether the request takes gzip: named with q > 0, or `*` with q > 0 where gzip is not named. */
function takesGzip(header: string | undefined): boolean {
  if (!header) return false
  const accepts = parseAccept(header)
  const named = accepts.find((accept) => accept.type.toLowerCase() === 'gzip')
  return (named ? named.q : (accepts.find((accept) => accept.type === '*')?.q ?? 0)) > 0
}

/**
 * A built file, gzipped once and then sent from memory whole: compress() gzipped every request anew
 * (the widget bundle a cold cancel click waits for took ~4.8 ms to fetch that way, ~1.4 ms as it is).
 * The answer carries compress()'s headers — Vary, a weak ETag — so a 304 and a cache read it alike;
 * compress() leaves an answer that already has a Content-Encoding alone.
 */
function send(c: Context<AppEnv>, file: StaticFile, cacheControl: string, status: 200 | 404 = 200): Response {
  if (status === 200 && matchesEtag(c.req.header('if-none-match'), file.etag)) {
    return c.body(null, 304, { ETag: file.etag, 'Cache-Control': cacheControl })
  }
  const headers = {
    'Content-Type': file.type,
    'Cache-Control': cacheControl,
    ETag: file.etag,
    'X-Content-Type-Options': 'nosniff',
  }
  const size = file.body.byteLength
  if (
    size >= COMPRESS_FROM_BYTES &&
    size <= GZIP_IN_MEMORY_UP_TO &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(file.type) &&
    takesGzip(c.req.header('accept-encoding'))
  ) {
    let body = gzipped.get(file)
    if (!body) {
      body = new Uint8Array(gzipSync(file.body, { level: 9 }))
      gzipped.set(file, body)
    }
    return c.body(body, status, {
      ...headers,
      ETag: `W/${file.etag}`,
      'Content-Encoding': 'gzip',
      'Content-Length': String(body.byteLength),
      Vary: 'Accept-Encoding',
    })
  }
  return c.body(file.body as Uint8Array<ArrayBuffer>, status, headers)
}

const CONSOLE_PREFIXES = CONSOLE_ROUTE_NAMES.map((name) => ROUTES[name].replace(/\/$/, ''))

/** Console routes are answered by the SPA's index.html, with or without a trailing slash or sub-path. */
export function isConsolePath(path: string): boolean {
  return CONSOLE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

/**
 * The built front ends: widget files under /w/, the console SPA on its routes, the
 * prerendered marketing pages everywhere else, and the not-found page with HTTP 404 for unknown paths.
 */
export function staticSiteRoutes(deps: AppDeps) {
  const widget = createStaticReader(deps.staticRoots.widget)
  // Hashed bundles and chunks: this build's, else a previous release's (services/widget/releases.ts).
  const releases = widgetReleasesFor(deps.staticRoots)
  const consoleApp = createStaticReader(deps.staticRoots.console)
  const marketing = createStaticReader(deps.staticRoots.marketing, {
    replaceText: { from: PUBLIC_URL_PLACEHOLDER, to: publicUrlForMarkup(deps.config.publicUrl) },
  })
  const app = new Hono<AppEnv>()

  const notFoundPage = (c: Context<AppEnv>) => {
    const page = marketing.read('404/index.html')
    if (page) return send(c, page, REVALIDATE, 404)
    return c.text('Not found', 404)
  }

  app.get('/w/:file{[A-Za-z0-9._-]+}', (c) => {
    const name = c.req.param('file')
    // Content-hashed bundles never change; the loader keeps a fixed name for the snippet, so it revalidates.
    const hashed = /\.[0-9a-f]{8,}\.js$/.test(name)
    const file = (hashed && releases.hashed(name)) || widget.read(name)
    if (!file) return c.text('Not found', 404)
    c.header('Access-Control-Allow-Origin', '*')
    c.header('Cross-Origin-Resource-Policy', 'cross-origin')
    return send(c, file, hashed ? IMMUTABLE : 'public, max-age=300, must-revalidate')
  })

  app.get('/app/*', (c) => {
    const file = consoleApp.read(c.req.path.slice('/app/'.length))
    if (!file) return notFoundPage(c)
    return send(c, file, c.req.path.startsWith('/app/assets/') ? IMMUTABLE : REVALIDATE)
  })

  app.get('*', (c) => {
    // urlHygiene (app.ts) has refused paths that do not decode; this app may also be mounted alone.
    let path: string
    try {
      path = decodeURIComponent(c.req.path)
    } catch {
      return c.text('Malformed percent-encoding in the URL', 400)
    }
    if (path.startsWith('/api/') || path.startsWith('/auth/v1/')) {
      return c.json({ error: { code: 'NOT_FOUND', message: 'The requested item was not found.' } }, 404)
    }
    if (isConsolePath(path)) {
      const index = consoleApp.read('index.html')
      return index
        ? send(c, index, REVALIDATE)
        : c.text('The console is not built yet: run npm run build', 503)
    }
    if (path === '/404/' || path === '/404') return notFoundPage(c)
    if (path.startsWith('/assets/')) {
      const asset = marketing.read(path.slice(1))
      return asset ? send(c, asset, IMMUTABLE) : notFoundPage(c)
    }
    if (path.endsWith('/')) {
      const page = marketing.read(`${path.slice(1)}index.html`)
      return page ? send(c, page, REVALIDATE) : notFoundPage(c)
    }
    const file = marketing.read(path.slice(1))
    if (file) return send(c, file, 'public, max-age=3600')
    // Payment recovery answers with and without the trailing slash; other pages redirect.
    const page = marketing.read(`${path.slice(1)}/index.html`)
    if (page && `${path}/` === ROUTES.paymentRecovery) return send(c, page, REVALIDATE)
    if (page) return c.redirect(`${path}/${new URL(c.req.url).search}`, 301)
    return notFoundPage(c)
  })
  return app
}
