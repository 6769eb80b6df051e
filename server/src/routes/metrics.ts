import { type Context, Hono } from 'hono'
import { collectDefaultMetrics, Registry } from 'prom-client'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { inList, peerAddress } from '../http/client-address'
import { sameSecret } from '../http/same-secret'
import { databaseGauges } from '../observability/database-gauges'
import { processRegistry } from '../observability/metrics'

let defaultsCollected = false

/**
 * `GET /metrics`, Prometheus's text format. Off by default (404, as if it did not exist); with
 * METRICS_TOKEN the scraper sends `Authorization: Bearer <token>`, with METRICS_ALLOW its socket
 * address must be in the list (X-Forwarded-For is not believed here: a proxy in front would make every
 * caller look allowed); with both, both. Anything else gets 404 too, so the endpoint is not advertised.
 */
export function metricsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const access = deps.config.observability.metrics
  const notFound = (c: Context<AppEnv>) => c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404)
  if (!access) return app.get('/metrics', notFound)
  if (!defaultsCollected) {
    // Node's own: resident memory, heap, event-loop delay, garbage collection.
    collectDefaultMetrics({ register: processRegistry, prefix: 'retainkit_' })
    defaultsCollected = true
  }
  const scraped = Registry.merge([processRegistry, databaseGauges(deps)])
  return app.get('/metrics', async (c) => {
    const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
    if (access.token !== null && !sameSecret(bearer, access.token)) return notFound(c)
    const peer = peerAddress(c)
    if (access.allow !== null && (peer === null || !inList(access.allow.list, peer))) return notFound(c)
    c.header('Cache-Control', 'no-store')
    return c.body(await scraped.metrics(), 200, { 'Content-Type': scraped.contentType })
  })
}
