import type { IncomingMessage } from 'node:http'
import { accountIdSchema } from '@retainkit/shared/schemas'
import { type Context, type Handler, Hono } from 'hono'
import type { AppDeps } from '../../deps'
import type { AppEnv } from '../../http/app-env'
import { HttpError } from '../../http/http-error'
import { parseWith } from '../../http/validate'
import { isOriginAllowed, requestOrigin } from '../../services/widget/origins'
import {
  cachedPublishedConfig,
  knownMissing,
  loadPublishedConfig,
  type PublishedWidgetConfig,
} from '../../services/widget/published-config'
import { recordWidgetErrorInBackground } from '../../services/widget/widget-errors'
import { recordWidgetLoadInBackground } from '../../services/widget/widget-loads'
import { refusedOriginKind } from './auth'
import { configForVersion } from './versions/config-versions'
import { contractVersionOf } from './versions/contract-version'

/**
 * `GET /api/widget/config/:accountId[?v=<contract version>][&mode=test]` → WidgetConfigResponse, bare (not `{data}`: the widget
 * API answers the contract types of shared/widget-api.ts; errors are still `{error}`).
 *
 * The hottest route of the product: every page view of every merchant's site may call it. So it is
 * mounted ahead of the global middleware (app.ts) and sets its own headers; it serves prebuilt bytes
 * from the in-memory cache — identity, or the gzip/brotli variant compressed once per version when the
 * client asks — with a strong ETag (`If-None-Match` → 304), lets browsers and CDNs keep it a minute and
 * serve it stale for ten while revalidating, answers CORS for the account's origins, and records the
 * load for the install indicator after answering.
 */
export const CONFIG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600'
export const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,100}$/

export type Encoding = 'identity' | 'gzip' | 'br'

/** Strong validators per representation (RFC 9110: a compressed body is a different representation). */
const ETAG_SUFFIX: Readonly<Record<Encoding, string>> = { identity: '', gzip: '-gz', br: '-br' }

export const etagFor = (etag: string, encoding: Encoding): string =>
  encoding === 'identity' ? etag : `${etag.slice(0, -1)}${ETAG_SUFFIX[encoding]}"`

/** `If-None-Match` lists (possibly weak) validators or `*`; any representation of this version matches. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  const base = etag.slice(1, -1)
  for (const part of header.split(',')) {
    const candidate = part.trim().replace(/^W\//, '')
    if (candidate === '*') return true
    if (candidate.startsWith(`"${base}`) && /^"[^"]*"$/.test(candidate)) {
      const suffix = candidate.slice(base.length + 1, -1)
      if (suffix === '' || suffix === ETAG_SUFFIX.gzip || suffix === ETAG_SUFFIX.br) return true
    }
  }
  return false
}

/**
 * Accept-Encoding values already decided: every page view from one browser build sends the same string,
 * so the split and the q=0 test ran for the same few strings on every hit.
 */
const encodingMemo = new Map<string, Encoding>()

/** The best encoding the client accepts (q=0 refuses); brotli first, it is the smaller. */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity'
  const known = encodingMemo.get(header)
  if (known !== undefined) return known
  const encoding = parseEncoding(header)
  // Bounded: a client sending ever-new strings resets the memo instead of growing it.
  if (encodingMemo.size >= 64) encodingMemo.clear()
  encodingMemo.set(header, encoding)
  return encoding
}

function parseEncoding(header: string): Encoding {
  let gzip = false
  let br = false
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p))
    if (refused) continue
    if (name === 'br') br = true
    else if (name === 'gzip' || name === '*') gzip = true
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity'
}

export const BODY: Readonly<Record<Encoding, (entry: PublishedWidgetConfig) => Uint8Array>> = {
  identity: (entry) => entry.body,
  gzip: (entry) => entry.gzip,
  br: (entry) => entry.br,
}

/** Origin decisions per cached entry (URL parsing on every hit would dominate the route's cost). */
const originMemo = new WeakMap<PublishedWidgetConfig, Map<string, boolean>>()

function originAllowed(entry: PublishedWidgetConfig, origin: string, testMode: boolean): boolean {
  let memo = originMemo.get(entry)
  if (!memo) {
    memo = new Map()
    originMemo.set(entry, memo)
  }
  const key = testMode ? `t ${origin}` : origin
  let allowed = memo.get(key)
  if (allowed === undefined) {
    allowed = isOriginAllowed(origin, entry.domain, testMode)
    // Bounded: a flood of made-up origins resets the memo instead of growing it.
    if (memo.size >= 256) memo.clear()
    memo.set(key, allowed)
  }
  return allowed
}

/**
 * A request header, from Node's own (lazily parsed, plain-object) headers when served by
 * @hono/node-server — building a fetch `Headers` from the raw headers costs more than this whole
 * route's own work — else through Hono (in-process `app.request()` in tests).
 */
function header(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming) return c.req.header(name)
  const value = incoming.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/**
 * The CORS decision for one request, with its side effects: the `Access-Control-Allow-Origin` value to
 * send (none for a refused page or a request without an Origin), the load recorded for the install
 * indicator, or the refused origin recorded for the merchant. Shared with the node:http fast path
 * (config-fast-path.ts) so both answer alike.
 */
export function allowedOriginFor(
  deps: AppDeps,
  accountId: string,
  entry: PublishedWidgetConfig,
  originHeader: string | undefined,
  referer: string | undefined,
  isTestMode: () => boolean,
): string | undefined {
  if (!originHeader && !referer) return undefined
  const testMode = isTestMode()
  const origin = originHeader ?? requestOrigin(undefined, referer)
  if (origin && originAllowed(entry, origin, testMode)) {
    recordWidgetLoadInBackground(deps, accountId, origin)
    return originHeader
  }
  if (originHeader) {
    // A page the account does not allow: the browser will not let the widget read this answer.
    recordWidgetErrorInBackground(
      deps,
      accountId,
      refusedOriginKind(originHeader, entry.domain, testMode),
      originHeader,
    )
  }
  return undefined
}

function respond(
  deps: AppDeps,
  c: Context<AppEnv>,
  accountId: string,
  published: PublishedWidgetConfig,
): Response {
  // The answer in the contract version the widget speaks (`?v=`; none: version 1).
  const entry = configForVersion(deps, published, contractVersionOf(c.req.query('v')))
  const encoding = pickEncoding(header(c, 'accept-encoding'))
  const headers: Record<string, string> = {
    'Cache-Control': CONFIG_CACHE_CONTROL,
    ETag: etagFor(entry.etag, encoding),
    Vary: 'Origin, Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
  }
  const originHeader = header(c, 'origin')
  const allowOrigin = allowedOriginFor(
    deps,
    accountId,
    entry,
    originHeader,
    originHeader ? undefined : header(c, 'referer'),
    () => c.req.url.includes('mode=test') && c.req.query('mode') === 'test',
  )
  if (allowOrigin) headers['Access-Control-Allow-Origin'] = allowOrigin
  if (etagMatches(header(c, 'if-none-match'), entry.etag)) return new Response(null, { status: 304, headers })
  const body = BODY[encoding](entry)
  headers['Content-Type'] = 'application/json; charset=utf-8'
  headers['Content-Length'] = String(body.byteLength)
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers })
}

const unknownAccount = () => new HttpError('NOT_FOUND', 'No Retainkit account with this id')

export function widgetConfigHandler(deps: AppDeps): Handler<AppEnv> {
  return (c) => {
    const accountId = c.req.param('accountId') ?? ''
    if (!ACCOUNT_ID.test(accountId)) parseWith(accountIdSchema, accountId, ['accountId'])
    // The hit path stays synchronous: no promise, no microtask, for a config already in memory.
    const cached = cachedPublishedConfig(deps, accountId)
    if (cached) return respond(deps, c, accountId, cached)
    // A flood of made-up ids is answered from memory, not from the database.
    if (knownMissing(deps, accountId)) throw unknownAccount()
    return loadPublishedConfig(deps, accountId).then((entry) => {
      if (!entry) throw unknownAccount()
      return respond(deps, c, accountId, entry)
    })
  }
}

/**
 * The config read alone, for app.ts to mount before its global middleware (request ids, security
 * headers, on-the-fly compression, body limits, the API key): none of them applies to this route, and
 * each would re-create its response (Hono rebuilds a finalized response on every header it adds).
 */
export function widgetConfigRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.get('/api/widget/config/:accountId', widgetConfigHandler(deps))
  return app
}
