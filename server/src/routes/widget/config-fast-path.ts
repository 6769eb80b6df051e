import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { AppDeps } from '../../deps'
import { cachedPublishedConfig, type PublishedWidgetConfig } from '../../services/widget/published-config'
import {
  ACCOUNT_ID,
  allowedOriginFor,
  BODY,
  CONFIG_CACHE_CONTROL,
  type Encoding,
  etagFor,
  etagMatches,
  pickEncoding,
} from './config'
import { SUPPORTED_VERSIONS } from './versions/changes'
import { configForVersion } from './versions/config-versions'
import { UNSTATED_VERSION, versionParameter } from './versions/contract-version'

/**
 * `GET /api/widget/config/:accountId` answered before the framework: a node:http pre-handler that serves
 * a config already in memory straight onto the socket, with its headers built once per cached version
 * and encoding. Going through Hono costs a Request, a Response and header objects per hit, about a
 * third of the route's CPU on a page-view-heavy load.
 *
 * It answers exactly what the Hono route (config.ts) answers — same status, headers in the same order
 * and spelling, same bytes (config-fast-path.test.ts compares them on real sockets) — and declines
 * (returns false) everything else: other methods, other paths, ids the route would refuse, and configs
 * not in memory (the route loads them, caches them, and the next hit comes here). Publishing replaces
 * the cached entry, so the prebuilt headers of the old version are never used again.
 */

const PREFIX = '/api/widget/config/'
/** The `v` values answered here: the versions of the support window, written as the widget writes them. */
const SUPPORTED = new Set(SUPPORTED_VERSIONS.map(String))
/** Hosts @hono/node-server certainly accepts; anything odder goes its way (it may answer 400). */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$/

interface Prebuilt {
  /** 200: the headers before the CORS header, and after it (in the route's order). */
  okHead: Record<Encoding, string[]>
  okTail: Record<Encoding, string[]>
  /** 200 without a CORS header, whole. */
  ok: Record<Encoding, string[]>
  /**
   * 304s go out the way @hono/node-server writes a bodiless Response: names lower-cased and sorted, then
   * its default content type.
   */
  notModified: Record<Encoding, string[]>
  /**
   * Whole header lists with an allowed origin's CORS header, keyed by status, encoding and origin: a
   * merchant's pages come from one or two origins, so the list is built once instead of spread per hit.
   */
  withOrigin: Map<string, string[]>
}

const ENCODINGS = ['identity', 'gzip', 'br'] as const satisfies readonly Encoding[]
const prebuiltFor = new WeakMap<PublishedWidgetConfig, Prebuilt>()

const perEncoding = (build: (encoding: Encoding) => string[]) =>
  Object.fromEntries(ENCODINGS.map((encoding) => [encoding, build(encoding)])) as Record<Encoding, string[]>

function prebuild(entry: PublishedWidgetConfig): Prebuilt {
  const head = (encoding: Encoding) => [
    'Cache-Control',
    CONFIG_CACHE_CONTROL,
    'ETag',
    etagFor(entry.etag, encoding),
    'Vary',
    'Origin, Accept-Encoding',
    'X-Content-Type-Options',
    'nosniff',
  ]
  const tail = (encoding: Encoding) => [
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(BODY[encoding](entry).byteLength),
    ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
  ]
  const okHead = perEncoding(head)
  const okTail = perEncoding(tail)
  return {
    okHead,
    okTail,
    ok: perEncoding((encoding) => [...okHead[encoding], ...okTail[encoding]]),
    notModified: perEncoding((encoding) => [
      'cache-control',
      CONFIG_CACHE_CONTROL,
      'etag',
      etagFor(entry.etag, encoding),
      'vary',
      'Origin, Accept-Encoding',
      'x-content-type-options',
      'nosniff',
      'content-type',
      'text/plain; charset=UTF-8',
    ]),
    withOrigin: new Map(),
  }
}

/** The header list for `status` with this allowed origin, built on the first hit and kept. */
function headersWithOrigin(prebuilt: Prebuilt, status: 200 | 304, encoding: Encoding, origin: string) {
  const key = `${status} ${encoding} ${origin}`
  let headers = prebuilt.withOrigin.get(key)
  if (!headers) {
    headers =
      status === 304
        ? ['access-control-allow-origin', origin, ...prebuilt.notModified[encoding]]
        : [...prebuilt.okHead[encoding], 'Access-Control-Allow-Origin', origin, ...prebuilt.okTail[encoding]]
    // Bounded: pages on ever-new allowed origins (a localhost port per dev server) reset it.
    if (prebuilt.withOrigin.size >= 64) prebuilt.withOrigin.clear()
    prebuilt.withOrigin.set(key, headers)
  }
  return headers
}

/** The request headers the pre-handler reads. */
type ReadHeader = 'host' | 'accept-encoding' | 'origin' | 'referer' | 'if-none-match'
type ReadHeaders = Partial<Record<ReadHeader, string>>
const READ: ReadonlySet<string> = new Set<ReadHeader>([
  'host',
  'accept-encoding',
  'origin',
  'referer',
  'if-none-match',
])

/**
 * The headers it reads, from the raw list Node already holds. `req.headers` is built on first use from
 * every line a browser sends (a dozen and more: user agent, client hints, fetch metadata), about 1.3 µs
 * per request that a server writing prebuilt bytes never spends. A header sent twice takes Node's own
 * rules (first one kept for some names, joined for others), read from `req.headers`.
 */
function readHeaders(req: IncomingMessage): ReadHeaders {
  const raw = req.rawHeaders
  const found: ReadHeaders = {}
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string
    // Only names as long as one of those read are lower-cased and looked up.
    const length = name.length
    if (length !== 4 && length !== 6 && length !== 7 && length !== 13 && length !== 15) continue
    const key = name.toLowerCase()
    if (!READ.has(key)) continue
    if (found[key as ReadHeader] !== undefined) return parsedHeaders(req)
    found[key as ReadHeader] = raw[i + 1]
  }
  return found
}

function parsedHeaders(req: IncomingMessage): ReadHeaders {
  const found: ReadHeaders = {}
  for (const name of READ) {
    const value = req.headers[name]
    if (value !== undefined) found[name as ReadHeader] = Array.isArray(value) ? value.join(', ') : value
  }
  return found
}

/** True when it answered the request; false leaves the request untouched for the framework. */
export type PreHandler = (req: IncomingMessage, res: ServerResponse) => boolean

export function widgetConfigPreHandler(deps: AppDeps): PreHandler {
  return (req, res) => {
    if (req.method !== 'GET') return false
    const url = req.url ?? ''
    if (!url.startsWith(PREFIX)) return false
    const headers = readHeaders(req)
    const host = headers.host
    if (!host || !PLAIN_HOST.test(host)) return false
    const queryAt = url.indexOf('?')
    const accountId = url.slice(PREFIX.length, queryAt === -1 ? undefined : queryAt)
    if (!ACCOUNT_ID.test(accountId)) return false
    const published = cachedPublishedConfig(deps, accountId)
    if (!published) return false
    // The contract version the widget speaks; one the route would refuse is left to it.
    const raw = queryAt === -1 ? undefined : versionParameter(url)
    if (raw !== undefined && !SUPPORTED.has(raw)) return false
    const entry = configForVersion(deps, published, raw === undefined ? UNSTATED_VERSION : Number(raw))
    let prebuilt = prebuiltFor.get(entry)
    if (!prebuilt) {
      prebuilt = prebuild(entry)
      prebuiltFor.set(entry, prebuilt)
    }
    const encoding = pickEncoding(headers['accept-encoding'])
    const originHeader = headers.origin
    const allowOrigin = allowedOriginFor(
      deps,
      accountId,
      entry,
      originHeader,
      originHeader ? undefined : headers.referer,
      () =>
        queryAt !== -1 &&
        url.includes('mode=test') &&
        new URLSearchParams(url.slice(queryAt + 1)).get('mode') === 'test',
    )
    if (etagMatches(headers['if-none-match'], entry.etag)) {
      const lines = allowOrigin
        ? headersWithOrigin(prebuilt, 304, encoding, allowOrigin)
        : prebuilt.notModified[encoding]
      res.writeHead(304, lines as unknown as OutgoingHttpHeaders)
      res.end()
      return true
    }
    const lines = allowOrigin
      ? headersWithOrigin(prebuilt, 200, encoding, allowOrigin)
      : prebuilt.ok[encoding]
    res.writeHead(200, lines as unknown as OutgoingHttpHeaders)
    res.end(BODY[encoding](entry))
    return true
  }
}
