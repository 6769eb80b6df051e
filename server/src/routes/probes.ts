import { Hono } from 'hono'
import { sql } from 'kysely'
import { listMigrations } from '../db/migrate'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { answer } from '../http/respond'
import { buildInfo } from '../observability/build-info'
import { HEALTH_PROBE_TIMEOUT_MS } from './health'

const startedAt = Date.now()

/** Rejects when the database has not answered within the probe's limit. */
function withinProbeLimit<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database probe timed out')), HEALTH_PROBE_TIMEOUT_MS)
    }),
  ]).finally(() => clearTimeout(timer))
}

/**
 * Kubernetes-style probes beside `/health`:
 * - `GET /livez`: the process runs and its event loop answers. Never looks at the database, so a
 *   database blip does not get every instance restarted by a liveness probe.
 * - `GET /readyz`: this instance can serve: the database answers and every migration this build knows
 *   is applied (an instance of the previous release stays ready after a newer one migrated: the new
 *   migrations are additions). 503 with the reason otherwise, so a balancer takes it out meanwhile.
 * Both carry the release and commit, so a rolling deploy can be watched instance by instance.
 */
export function probeRoutes(deps: AppDeps) {
  const expected = listMigrations().map((migration) => migration.name)
  let migrationsSeen = false
  const app = new Hono<AppEnv>()
  const common = () => ({
    ...buildInfo(),
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  })

  app.get('/livez', (c) => {
    c.header('Cache-Control', 'no-store')
    return answer(c, 'GET /livez', { status: 'ok', ...common() })
  })

  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store')
    let reason: string | null = null
    try {
      if (!migrationsSeen) {
        const { rows } = await withinProbeLimit(
          sql<{ name: string }>`select name from schema_migrations`.execute(deps.db),
        )
        const applied = new Set(rows.map((row) => row.name))
        const missing = expected.filter((name) => !applied.has(name))
        if (missing.length > 0) reason = `migrations not applied: ${missing.join(', ')}`
        // Migrations are never undone: once all were seen, only the database's answer is checked.
        else migrationsSeen = true
      } else await withinProbeLimit(sql`select 1`.execute(deps.db))
    } catch {
      reason = 'the database does not answer'
    }
    if (reason === null)
      return answer(c, 'GET /readyz', { status: 'ready', database: deps.dbKind, ...common() })
    return c.json({ status: 'not_ready', reason, database: deps.dbKind, ...common() }, 503)
  })
  return app
}
