import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { sql } from 'kysely'
import { ConfigurationError } from '../config/env'
import type { AppDeps } from '../deps'
import { buildInfo } from '../observability/build-info'

/**
 * The instances sharing a PostgreSQL database (migration 182). Sign-in tokens name their instance's
 * PUBLIC_URL as issuer, so instances with different PUBLIC_URLs reject each other's sign-ins (every
 * other request 401s behind a balancer): an instance refuses to start while a live one uses another,
 * and one that sees such an instance appear later logs an error at each heartbeat. Live: seen within
 * three heartbeats, by the database's clock (instances' clocks may differ).
 */
const HEARTBEAT_MS = 20_000
const LIVE_SECONDS = 60

async function othersWithAnotherUrl(deps: AppDeps, id: string): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('instances')
    .select('public_url')
    .distinct()
    .where('id', '<>', id)
    .where('public_url', '<>', deps.config.publicUrl)
    .where(sql<boolean>`seen_at > now() - make_interval(secs => ${LIVE_SECONDS})`)
    .execute()
  return rows.map((row) => row.public_url)
}

/**
 * Registers this instance (PostgreSQL only; PGlite has one process) or throws a CONFIGURATION_ERROR
 * naming PUBLIC_URL. Returns a stop function that deletes the row.
 */
export async function registerInstance(deps: AppDeps, everyMs = HEARTBEAT_MS): Promise<() => Promise<void>> {
  if (deps.dbKind !== 'postgres') return async () => undefined
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  const others = await othersWithAnotherUrl(deps, id)
  if (others.length > 0)
    throw new ConfigurationError(
      'PUBLIC_URL',
      `is ${deps.config.publicUrl}, but running instances on this database use ${others.join(', ')}: each would refuse the others' sign-ins. Set the same PUBLIC_URL on every instance`,
    )
  const { version, commit } = buildInfo()
  await sql`
    insert into instances (id, public_url, version, commit, started_at, seen_at)
    values (${id}, ${deps.config.publicUrl}, ${version}, ${commit}, now(), now())`.execute(deps.db)
  const timer = setInterval(() => {
    void (async () => {
      await sql`update instances set seen_at = now() where id = ${id}`.execute(deps.db)
      // Rows of instances gone for a day are noise for the operator reading the table.
      await sql`delete from instances where seen_at < now() - interval '1 day'`.execute(deps.db)
      const late = await othersWithAnotherUrl(deps, id)
      if (late.length > 0)
        deps.logger.error('instances with another PUBLIC_URL serve this database: their sign-ins fail here', {
          publicUrl: deps.config.publicUrl,
          others: late.join(', '),
        })
    })().catch(() => undefined)
  }, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await deps.db
      .deleteFrom('instances')
      .where('id', '=', id)
      .execute()
      .catch(() => undefined)
  }
}
