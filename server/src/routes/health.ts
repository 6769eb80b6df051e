import { Hono } from 'hono'
import { sql } from 'kysely'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'

const startedAt = Date.now()

/** `GET /health` (spec 7): answers 200 only when the database answers too. */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    c.header('Cache-Control', 'no-store')
    try {
      await sql`select 1`.execute(deps.db)
      return c.json({
        status: 'ok',
        database: deps.dbKind,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      })
    } catch {
      return c.json({ status: 'unavailable', database: deps.dbKind }, 503)
    }
  })
}
