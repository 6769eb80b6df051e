import { Hono } from 'hono'
import { sql } from 'kysely'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { answer } from '../http/respond'
import { buildInfo } from '../observability/build-info'

const startedAt = Date.now()

/** A probe slower than this counts as a database that does not answer. */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000

/**
 * `GET /health`: 200 `{status: 'ok'}` when the database answers a probe; otherwise 503
 * `{status: 'degraded'}` — the process itself is up and serves what it can (cached widget configs,
 * static pages) and recovers on its own when the database returns. A load balancer may take the
 * instance out of rotation meanwhile.
 */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    c.header('Cache-Control', 'no-store')
    const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000)
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      await Promise.race([
        sql`select 1`.execute(deps.db),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database probe timed out')), HEALTH_PROBE_TIMEOUT_MS)
        }),
      ])
      return answer(c, 'GET /health', { status: 'ok', database: deps.dbKind, uptimeSeconds, ...buildInfo() })
    } catch {
      const { since } = deps.dbAvailability
      return c.json(
        {
          status: 'degraded',
          database: deps.dbKind,
          databaseAvailable: false,
          unavailableSince: deps.dbAvailability.available ? null : new Date(since).toISOString(),
          uptimeSeconds,
          ...buildInfo(),
        },
        503,
      )
    } finally {
      clearTimeout(timer)
    }
  })
}
