import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { AppDeps } from '../../deps'
import { nowMs } from '../../services/clock'
import type { PublishedWidgetConfig } from '../../services/widget/published-config'
import { recordWidgetLoadInBackground } from '../../services/widget/widget-loads'
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

/** An allowed page origin of one entry: its header lists, and when its load is next handed on. */
interface AllowedOrigin {
  ok: Partial<Record<Encoding, string[]>>
  notModified: Partial<Record<Encoding, string[]>>
  /**
   * Clock time (ms) from which a hit hands its load to recordWidgetLoadInBackground again, whose own
   * throttle (once a minute per account and origin) decides; between two, a hit only compares numbers.
   */
  recheckAt: number
}

/** How often an allowed origin's hits ask the load recorder (its throttle is a minute: ≤ 1 s late). */
const RECHECK_LOAD_MS = 1000

interface Prebuilt {
  /** The answer (the cached entry in the version asked for). */
  entry: PublishedWidgetConfig
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
   * Allowed page origins (`Origin` values) seen for this entry, live and test mode apart: their whole
   * header lists, built once instead of spread per hit (a merchant's pages come from one or two origins).
   */
  origins: Map<string, AllowedOrigin>
  testOrigins: Map<string, AllowedOrigin>
}

const ENCODINGS = ['identity', 'gzip', 'br'] as const satisfies readonly Encoding[]
/** Per cached entry, by contract version: configForVersion's answer, prebuilt. */
const prebuiltFor = new WeakMap<PublishedWidgetConfig, Map<number, Prebuilt>>()

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
    entry,
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
    origins: new Map(),
    testOrigins: new Map(),
  }
}

/** The header list for `status` with this allowed origin. */
function headersWithOrigin(prebuilt: Prebuilt, status: 200 | 304, encoding: Encoding, origin: string) {
  return status === 304
    ? ['access-control-allow-origin', origin, ...prebuilt.notModified[encoding]]
    : [...prebuilt.okHead[encoding], 'Access-Control-Allow-Origin', origin, ...prebuilt.okTail[encoding]]
}

/** An allowed origin's header list for `status` and `encoding`, built on its first hit and kept. */
function linesFor(
  prebuilt: Prebuilt,
  known: AllowedOrigin,
  status: 200 | 304,
  encoding: Encoding,
  origin: string,
) {
  const kept = status === 304 ? known.notModified : known.ok
  let lines = kept[encoding]
  if (!lines) {
    lines = headersWithOrigin(prebuilt, status, encoding, origin)
    kept[encoding] = lines
  }
  return lines
}

/** The entry in the version asked for, prebuilt, made on its first hit. */
function prebuiltVersion(deps: AppDeps, published: PublishedWidgetConfig, version: number): Prebuilt {
  let byVersion = prebuiltFor.get(published)
  if (!byVersion) {
    byVersion = new Map()
    prebuiltFor.set(published, byVersion)
  }
  let prebuilt = byVersion.get(version)
  if (!prebuilt) {
    prebuilt = prebuild(configForVersion(deps, published, version))
    byVersion.set(version, prebuilt)
  }
  return prebuilt
}

/** cachedPublishedConfig's read, at a time the caller took (one clock read per hit). */
function cachedAt(deps: AppDeps, accountId: string, now: number): PublishedWidgetConfig | undefined {
  const cached = deps.widgetConfigCache.get(accountId, now)
  return cached?.payload && cached.gzip && cached.br ? (cached as PublishedWidgetConfig) : undefined
}

/**
 * The headers it reads, from `req.headers`: Node's own request handler has already built that object for
 * every HTTP/1.1 request (it reads `host` and `expect` from it), so these are plain property reads. A
 * header sent twice follows Node's rules (the first kept for some names, joined with ", " for others),
 * as the Fetch Request Hono reads does.
 */
function header(
  req: IncomingMessage,
  name: 'host' | 'accept-encoding' | 'origin' | 'referer' | 'if-none-match',
) {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** True when it answered the request; false leaves the request untouched for the framework. */
export type PreHandler = (req: IncomingMessage, res: ServerResponse) => boolean

/**
 * A 200 this pre-handler wrote, kept per URL: the next request for that URL whose deciding headers are
 * the same strings (Host, Accept-Encoding, Origin, and no If-None-Match) while the cache still holds the
 * same entry gets the same answer. Page views of one merchant's pages send the same headers from one
 * browser build, so a hit replaces the URL and query parsing, the Host check, the encoding, version and
 * origin lookups with string comparisons; a request that differs in any of them takes the whole path
 * and becomes the remembered one. Only answers whose side effects a hit repeats are kept: an allowed
 * Origin (its load is handed on as before) or neither Origin nor Referer (nothing to record); a refused
 * origin or a Referer-only request takes the whole path every time, as its recording asks.
 */
interface RememberedAnswer {
  accountId: string
  /** The cache entry the answer was built from: a publish, an invalidation or expiry replaces it. */
  published: PublishedWidgetConfig
  host: string
  acceptEncoding: string | undefined
  origin: string | undefined
  /** The allowed origin's record (its load recheck); none for a request with neither Origin nor Referer. */
  known: AllowedOrigin | undefined
  lines: string[]
  body: Uint8Array
}

/** Bounded: a client asking ever-new URLs (query strings) resets it instead of growing it. */
const MAX_REMEMBERED = 256

/**
 * Whether this request would be answered exactly as `answer` was: every deciding header the same plain
 * string (a header sent twice reaches here as what Node made of it, never equal), no revalidation, and
 * an allowed Origin or neither Origin nor Referer (the only answers whose side effects a repeat redoes).
 * The one test for both keeping an answer and answering from it.
 */
function repeats(answer: RememberedAnswer, headers: IncomingMessage['headers']): boolean {
  return (
    headers.host === answer.host &&
    headers['accept-encoding'] === answer.acceptEncoding &&
    headers.origin === answer.origin &&
    headers['if-none-match'] === undefined &&
    (answer.known !== undefined || (answer.origin === undefined && headers.referer === undefined))
  )
}

/** The remembered answer for this URL, written when the request matches it; false when none applies. */
function answerRemembered(
  deps: AppDeps,
  remembered: Map<string, RememberedAnswer>,
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
): boolean {
  const last = remembered.get(url)
  if (!last || !repeats(last, req.headers)) return false
  const now = nowMs(deps.clock)
  if (deps.widgetConfigCache.get(last.accountId, now) !== last.published) return false
  if (last.known) handOnLoad(deps, last.known, last.accountId, last.origin as string, now)
  res.writeHead(200, last.lines as unknown as OutgoingHttpHeaders)
  res.end(last.body)
  return true
}

/** An allowed origin's hit: its load goes to the recorder again once RECHECK_LOAD_MS has passed. */
function handOnLoad(deps: AppDeps, known: AllowedOrigin, accountId: string, origin: string, now: number) {
  if (now < known.recheckAt) return
  known.recheckAt = now + RECHECK_LOAD_MS
  recordWidgetLoadInBackground(deps, accountId, origin)
}

/**
 * The CORS decision for this request: the allowed origin's record (met before, or met now and kept), or
 * undefined for a request without an allowed Origin (allowedOriginFor records what it must).
 */
function allowedOrigin(
  deps: AppDeps,
  req: IncomingMessage,
  prebuilt: Prebuilt,
  accountId: string,
  originHeader: string | undefined,
  testMode: boolean,
  now: number,
): AllowedOrigin | undefined {
  const origins = testMode ? prebuilt.testOrigins : prebuilt.origins
  const met = originHeader ? origins.get(originHeader) : undefined
  if (met) {
    handOnLoad(deps, met, accountId, originHeader as string, now)
    return met
  }
  const referer = originHeader ? undefined : header(req, 'referer')
  const allowOrigin = allowedOriginFor(deps, accountId, prebuilt.entry, originHeader, referer, () => testMode)
  if (!allowOrigin) return undefined
  const known = { ok: {}, notModified: {}, recheckAt: now + RECHECK_LOAD_MS }
  // Bounded: pages on ever-new allowed origins (a localhost port per dev server) reset it.
  if (origins.size >= 64) origins.clear()
  origins.set(allowOrigin, known)
  return known
}

/** Keeps a 200 for its URL when a later request can be answered from it (see `repeats`). */
function remember(
  remembered: Map<string, RememberedAnswer>,
  req: IncomingMessage,
  url: string,
  answer: RememberedAnswer,
) {
  if (!repeats(answer, req.headers)) return
  if (remembered.size >= MAX_REMEMBERED) remembered.clear()
  remembered.set(url, answer)
}

export function widgetConfigPreHandler(deps: AppDeps): PreHandler {
  const remembered = new Map<string, RememberedAnswer>()
  return function answerConfigFromMemory(req, res) {
    if (req.method !== 'GET') return false
    const url = req.url ?? ''
    if (!url.startsWith(PREFIX)) return false
    if (answerRemembered(deps, remembered, req, res, url)) return true
    const host = header(req, 'host')
    if (!host || !PLAIN_HOST.test(host)) return false
    const queryAt = url.indexOf('?')
    const accountId = url.slice(PREFIX.length, queryAt === -1 ? undefined : queryAt)
    if (!ACCOUNT_ID.test(accountId)) return false
    const now = nowMs(deps.clock)
    const published = cachedAt(deps, accountId, now)
    if (!published) return false
    // The contract version the widget speaks; one the route would refuse is left to it.
    const raw = queryAt === -1 ? undefined : versionParameter(url)
    if (raw !== undefined && !SUPPORTED.has(raw)) return false
    const prebuilt = prebuiltVersion(deps, published, raw === undefined ? UNSTATED_VERSION : Number(raw))
    const entry = prebuilt.entry
    const acceptEncoding = header(req, 'accept-encoding')
    const encoding = pickEncoding(acceptEncoding)
    const origin = header(req, 'origin')
    const testMode =
      queryAt !== -1 &&
      url.includes('mode=test') &&
      new URLSearchParams(url.slice(queryAt + 1)).get('mode') === 'test'
    const known = allowedOrigin(deps, req, prebuilt, accountId, origin, testMode, now)
    if (etagMatches(header(req, 'if-none-match'), entry.etag)) {
      const lines = known
        ? linesFor(prebuilt, known, 304, encoding, origin as string)
        : prebuilt.notModified[encoding]
      res.writeHead(304, lines as unknown as OutgoingHttpHeaders)
      res.end()
      return true
    }
    const lines = known ? linesFor(prebuilt, known, 200, encoding, origin as string) : prebuilt.ok[encoding]
    const body = BODY[encoding](entry)
    res.writeHead(200, lines as unknown as OutgoingHttpHeaders)
    res.end(body)
    remember(remembered, req, url, { accountId, published, host, acceptEncoding, origin, known, lines, body })
    return true
  }
}
