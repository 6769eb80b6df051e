import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { httpDuration, httpRequests } from './metrics'

/**
 * Counts and times every request the Hono app answers, labelled by the matched route's pattern
 * (`/api/webhooks/:accountId`, never the concrete path: a label per account would grow without end).
 * Mounted only when /metrics is on.
 */
export function httpMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      const route = routePath(c, c.req.routeIndex) || 'unmatched'
      const method = c.req.method
      httpRequests.inc({ route, method, status: String(c.res.status) })
      httpDuration.observe({ route, method }, (performance.now() - started) / 1000)
    }
  }
}

/** The widget config's node:http fast path answers before Hono: counted here under the route's pattern. */
export function countFastPath(
  preHandle: (req: IncomingMessage, res: ServerResponse) => boolean,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const route = '/api/widget/config/:accountId'
  const timer = httpDuration.labels({ route, method: 'GET' })
  return (req, res) => {
    const started = performance.now()
    if (!preHandle(req, res)) return false
    httpRequests.inc({ route, method: req.method ?? 'GET', status: String(res.statusCode) })
    timer.observe((performance.now() - started) / 1000)
    return true
  }
}
