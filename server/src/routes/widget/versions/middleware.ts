import { API_RESPONSES } from '@retainkit/shared/api'
import { WIDGET_CONTRACT_VERSION } from '@retainkit/shared/widget-api'
import type { MiddlewareHandler } from 'hono'
import type { AppDeps } from '../../../deps'
import { widgetReleasesFor } from '../../../services/widget/releases'
import type { WidgetEnv } from '../cors'
import { adaptAnswer, answerChanges, requestChanges, upgradeRequest } from './adapt'
import type { WidgetCall } from './changes'
import { contractVersionOf } from './contract-version'

/** Each widget call's path pattern (`{id}` one segment), to name the call a request is. */
const CALLS: readonly [RegExp, WidgetCall][] = Object.keys(API_RESPONSES)
  .filter((key): key is WidgetCall => /^(GET|POST) \/api\/widget\//.test(key))
  .map((key) => {
    const [method, path = ''] = key.split(' ')
    const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}/]+\\?\}/g, '[^/]+')
    return [new RegExp(`^${method} ${pattern}$`), key]
  })

export function widgetCallOf(method: string, path: string): WidgetCall | undefined {
  const target = `${method} ${path}`
  return CALLS.find(([pattern]) => pattern.test(target))?.[1]
}

/**
 * The contract version of every widget call (its `v` query parameter; none is version 1), for the
 * routes under it: an unsupported one is refused before anything runs; an older one's request is put
 * in this version's shape before the route reads it, and the route's JSON answer is put back in that
 * version's shape (routes/widget/versions/changes.ts) — the chunks it names included. The current
 * version's calls pass untouched: no parse, no copy.
 */
export function widgetVersioning(deps: AppDeps): MiddlewareHandler<WidgetEnv> {
  const releases = widgetReleasesFor(deps.staticRoots)
  const rewrite = (url: string, version: number) => releases.chunkFor(url, version)
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next()
    const version = contractVersionOf(c.req.query('v'))
    // The current widget's calls (all of them but a stale page's) need no lookup of which call it is.
    if (version >= WIDGET_CONTRACT_VERSION) return next()
    const call = widgetCallOf(c.req.method, c.req.path)
    if (!call) return next()
    if (requestChanges(call, version)) await upgradeBody(c, call, version)
    await next()
    // Chunks to swap only when that version's release had some (a widget without chunks names none).
    if (!answerChanges(call, version) && !releases.archived.get(version)?.chunks.length) return
    const type = c.res.headers.get('content-type') ?? ''
    if (!c.res.ok || !type.includes('application/json')) return
    const adapted = adaptAnswer(call, await c.res.json(), version, rewrite)
    const headers = new Headers(c.res.headers)
    headers.delete('content-length')
    c.res = new Response(JSON.stringify(adapted), { status: c.res.status, headers })
  }
}

/** Replaces the body the route will read with its upgraded form (Hono reads a body once and caches it). */
async function upgradeBody(
  c: Parameters<MiddlewareHandler<WidgetEnv>>[0],
  call: WidgetCall,
  version: number,
) {
  const text = await c.req.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return // the route refuses it as it is
  }
  // Hono keeps the body's promises in bodyCache (its type names the methods that fill it).
  ;(c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(
    JSON.stringify(upgradeRequest(call, body, version)),
  )
}
