import type { Context, MiddlewareHandler } from 'hono'
import type { AppDeps } from '../../deps'
import type { AppEnv } from '../../http/app-env'
import { HttpError } from '../../http/http-error'
import { requestHeader } from '../../http/node-request'
import { type AddedHeader, confirmResponseHeaders, prepareResponseHeaders } from '../../http/response-headers'
import { isOriginAllowed, isOriginAllowedForAnyAccount } from '../../services/widget/origins'

/**
 * CORS for /api/widget/*: `Access-Control-Allow-Origin: <origin>` only for an origin the
 * account allows (services/widget/origins.ts), `Vary: Origin` always, never credentials (the widget
 * sends no cookies; its credential is the subscriber token). A route decides once it knows the account
 * (`allowOrigin`); this middleware then writes the headers on whatever the route answered, errors
 * included, so the widget can read a 401's message.
 */
export type WidgetEnv = { Variables: AppEnv['Variables'] & { corsOrigin?: string } }
export type WidgetContext = Context<WidgetEnv>

export const CORS_ALLOW_METHODS = 'GET, POST'
export const CORS_ALLOW_HEADERS = 'authorization, content-type, idempotency-key'
export const CORS_MAX_AGE_SECONDS = '600'

/**
 * Marks the request's origin as allowed for this account, or — for a call that changes something —
 * refuses it with 403 before anything happens. Requests without Origin (servers, tests) pass.
 */
export function allowOrigin(c: WidgetContext, domain: string | null, testMode: boolean): void {
  const origin = requestHeader(c, 'origin')
  if (origin === undefined) return
  if (isOriginAllowed(origin, domain, testMode)) {
    allowed(c, origin)
    return
  }
  if (c.req.method !== 'GET') {
    throw new HttpError('FORBIDDEN', 'This website is not allowed to use the widget for this account.')
  }
}

/** Same, for an error answer where the account is only known from an unverified claim: never throws. */
export function allowOriginForError(c: WidgetContext, domain: string | null, testMode: boolean): void {
  const origin = requestHeader(c, 'origin')
  if (origin !== undefined && isOriginAllowed(origin, domain, testMode)) allowed(c, origin)
}

const VARY_ORIGIN: AddedHeader = ['Vary', 'Origin', 'append']
const ALLOW_ORIGIN = 'Access-Control-Allow-Origin'

/** The origin may read this answer: said now, while the route has not made it (see response-headers.ts). */
function allowed(c: WidgetContext, origin: string): void {
  c.set('corsOrigin', origin)
  c.header(ALLOW_ORIGIN, origin)
}

export function widgetCors(deps: AppDeps): MiddlewareHandler<WidgetEnv> {
  return async (c, next) => {
    const origin = requestHeader(c, 'origin')
    if (c.req.method === 'OPTIONS') {
      if (origin === undefined) return c.body(null, 204, { Vary: 'Origin' })
      // A preflight carries no token, so no account: allow what some account (or test mode) could
      // allow; the real request is then held to its own account's rule.
      if (!(await isOriginAllowedForAnyAccount(deps.db, origin))) {
        throw new HttpError('FORBIDDEN', 'This website is not allowed to use the widget.')
      }
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': CORS_ALLOW_METHODS,
        'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
        'Access-Control-Max-Age': CORS_MAX_AGE_SECONDS,
        Vary: 'Origin',
      })
    }
    prepareResponseHeaders(c, [VARY_ORIGIN])
    await next()
    const allowed = c.get('corsOrigin')
    confirmResponseHeaders(c, allowed === undefined ? [VARY_ORIGIN] : [VARY_ORIGIN, [ALLOW_ORIGIN, allowed]])
  }
}
