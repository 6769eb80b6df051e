import { hostname } from 'node:os'
import { sql } from 'kysely'
import type { AppDeps } from '../deps'
import { startPeriodicWorker } from './periodic-worker'

/**
 * Passes that must run once per cluster, not once per instance (the Stripe reconcile, rollup
 * compaction, the metered-usage retry): N instances must not make N times the Stripe calls. On
 * PostgreSQL, an instance whose timer fires takes a session-level advisory lock for the pass's name
 * without waiting (another instance running it → skip), then runs only if no instance finished the pass
 * within 90 % of its interval (`cluster_passes`, migration 181), and records when it finished. The lock
 * is the lease: it lives as long as the connection, so an instance that dies mid-pass frees it at once,
 * and a failed pass records nothing, so the next instance whose timer fires tries again. On PGlite there
 * is one process per DATA_DIR: the pass just runs.
 *
 * Generic by name and interval: any periodic pass (or a command such as `npm run admin -- reconcile`)
 * can go through `runClusterPass`. Passes that every instance must run for itself (webhook and mail
 * delivery, which share their queues row by row; the config listener) do not use it.
 */

/** The advisory lock's first key: its second is the pass name's hash (`hashtext`). */
const LEASE_NAMESPACE = 4242180
/** Timers of different instances drift: a pass finished a little less than an interval ago is due. */
const DUE_FRACTION = 0.9

export type ClusterPassResult = 'ran' | 'skipped'

export async function runClusterPass(
  deps: AppDeps,
  name: string,
  everyMs: number,
  pass: () => Promise<void>,
): Promise<ClusterPassResult> {
  if (deps.dbKind !== 'postgres') {
    await pass()
    return 'ran'
  }
  return deps.db.connection().execute(async (conn) => {
    const { rows } = await sql<{ held: boolean }>`
      select pg_try_advisory_lock(${LEASE_NAMESPACE}, hashtext(${name})) as held`.execute(conn)
    if (!rows[0]?.held) return 'skipped'
    try {
      const last = await conn
        .selectFrom('cluster_passes')
        .select('last_finished_at')
        .where('name', '=', name)
        .executeTakeFirst()
      const now = deps.clock.now()
      if (last && now.getTime() - new Date(last.last_finished_at).getTime() < everyMs * DUE_FRACTION)
        return 'skipped'
      await pass()
      const finished = { last_finished_at: deps.clock.now(), holder: `${hostname()}:${process.pid}` }
      await conn
        .insertInto('cluster_passes')
        .values({ name, ...finished })
        .onConflict((oc) => oc.column('name').doUpdateSet(finished))
        .execute()
      return 'ran'
    } finally {
      await sql`select pg_advisory_unlock(${LEASE_NAMESPACE}, hashtext(${name}))`.execute(conn)
    }
  })
}

/**
 * Runs `pass` now, whenever it last ran (an operator's `npm run admin -- reconcile`), but never beside
 * another instance's run of the same pass: on PostgreSQL it waits for that run's lease to be free.
 */
export async function runClusterPassNow<T>(deps: AppDeps, name: string, pass: () => Promise<T>): Promise<T> {
  if (deps.dbKind !== 'postgres') return pass()
  return deps.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${LEASE_NAMESPACE}, hashtext(${name}))`.execute(conn)
    try {
      return await pass()
    } finally {
      await sql`select pg_advisory_unlock(${LEASE_NAMESPACE}, hashtext(${name}))`.execute(conn)
    }
  })
}

/** `runClusterPass` every `everyMs` in this instance; never throws. Returns a stop function. */
export function startClusterPass(
  deps: AppDeps,
  name: string,
  everyMs: number,
  pass: () => Promise<void>,
): () => void {
  return startPeriodicWorker(deps.logger, name, everyMs, async () =>
    (await runClusterPass(deps, name, everyMs, pass)) === 'skipped' ? 'skipped' : undefined,
  )
}
