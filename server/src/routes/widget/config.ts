import { accountIdSchema } from '@retainkit/shared/schemas'
import type { Handler } from 'hono'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { parseWith } from '../../http/validate'
import { isOriginAllowed, requestOrigin } from '../../services/widget/origins'
import { loadPublishedConfig } from '../../services/widget/published-config'
import { recordWidgetLoadInBackground } from '../../services/widget/widget-loads'
import type { WidgetEnv } from './cors'

/**
 * `GET /api/widget/config/:accountId[?mode=test]` → WidgetConfigResponse, bare (not `{data}`: the widget
 * API answers the contract types of shared/widget-api.ts; errors are still `{error}`).
 *
 * The hottest route of the product: every page view of every merchant's site may call it. It serves
 * prebuilt bytes from the in-memory cache with a strong ETag (`If-None-Match` → 304), lets browsers and
 * CDNs keep it a minute and serve it stale for ten while revalidating, handles its own CORS (it runs
 * before the widget CORS middleware) and records the load for the install indicator after answering.
 */
export const CONFIG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600'
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,100}$/

/** `If-None-Match` is a list of (possibly weak) validators or `*`; weak comparison applies (RFC 9110). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  if (header === etag) return true
  for (const part of header.split(',')) {
    const candidate = part.trim()
    if (candidate === '*' || candidate === etag || candidate === `W/${etag}`) return true
  }
  return false
}

export function widgetConfigHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const accountId = c.req.param('accountId') ?? ''
    if (!ACCOUNT_ID.test(accountId)) parseWith(accountIdSchema, accountId, ['accountId'])
    const entry = await loadPublishedConfig(deps, accountId)
    if (!entry) throw new HttpError('NOT_FOUND', 'No Retainkit account with this id')

    const headers: Record<string, string> = {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': CONFIG_CACHE_CONTROL,
      ETag: entry.etag,
      Vary: 'Origin',
    }
    const originHeader = c.req.header('origin')
    const origin = requestOrigin(originHeader, originHeader ? undefined : c.req.header('referer'))
    if (origin !== null) {
      // The query string is only parsed when there is an origin to judge.
      const testMode = c.req.query('mode') === 'test'
      if (isOriginAllowed(origin, entry.domain, testMode)) {
        if (originHeader) headers['Access-Control-Allow-Origin'] = originHeader
        recordWidgetLoadInBackground(deps, accountId, origin)
      }
    }
    if (etagMatches(c.req.header('if-none-match'), entry.etag)) {
      delete headers['Content-Type']
      return new Response(null, { status: 304, headers })
    }
    return new Response(entry.body as Uint8Array<ArrayBuffer>, { status: 200, headers })
  }
}
