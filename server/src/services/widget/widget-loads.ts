import type { AppDeps } from '../../deps'

/**
 * The install indicator (console Settings → Install): each config load from an allowed origin is
 * recorded in widget_loads, upserted at most once a minute per account and origin, and never on the
 * request's critical path — the config endpoint answers first, the write happens after.
 */
const THROTTLE_MS = 60_000
const MAX_TRACKED = 10_000
const MAX_ORIGINS_LISTED = 50

const lastRecorded = new WeakMap<object, Map<string, number>>()

function throttleFor(deps: AppDeps): Map<string, number> {
  let map = lastRecorded.get(deps.db)
  if (!map) {
    map = new Map()
    lastRecorded.set(deps.db, map)
  }
  return map
}

/** True when this load should be written (and marks it written); cheap enough for the hot path. */
export function shouldRecordLoad(deps: AppDeps, accountId: string, origin: string, nowMs: number): boolean {
  const map = throttleFor(deps)
  const key = `${accountId} ${origin}`
  const previous = map.get(key)
  if (previous !== undefined && nowMs - previous < THROTTLE_MS) return false
  // Bounded: a flood of distinct origins clears the memory instead of growing it.
  if (map.size >= MAX_TRACKED) map.clear()
  map.set(key, nowMs)
  return true
}

export async function recordWidgetLoad(
  deps: AppDeps,
  accountId: string,
  origin: string,
  at: Date,
): Promise<void> {
  await deps.db
    .insertInto('widget_loads')
    .values({ account_id: accountId, origin, first_loaded_at: at, last_loaded_at: at })
    .onConflict((oc) => oc.columns(['account_id', 'origin']).doUpdateSet({ last_loaded_at: at }))
    .execute()
}

/** Fire-and-forget: a failed write is logged, never surfaced to the subscriber's request. */
export function recordWidgetLoadInBackground(deps: AppDeps, accountId: string, origin: string): void {
  const at = deps.clock.now()
  if (!shouldRecordLoad(deps, accountId, origin, at.getTime())) return
  setImmediate(() => {
    recordWidgetLoad(deps, accountId, origin, at).catch((error: unknown) => {
      deps.logger.warn('could not record a widget load', {
        accountId,
        error: error instanceof Error ? error.message : String(error),
      })
    })
  })
}

export interface InstallStatus {
  installed: boolean
  last_loaded_at: string | null
  origins: { origin: string; first_loaded_at: string; last_loaded_at: string }[]
}

export async function installStatus(deps: AppDeps, accountId: string): Promise<InstallStatus> {
  const rows = await deps.db
    .selectFrom('widget_loads')
    .select(['origin', 'first_loaded_at', 'last_loaded_at'])
    .where('account_id', '=', accountId)
    .orderBy('last_loaded_at', 'desc')
    .limit(MAX_ORIGINS_LISTED)
    .execute()
  const origins = rows.map((row) => ({
    origin: row.origin,
    first_loaded_at: row.first_loaded_at.toISOString(),
    last_loaded_at: row.last_loaded_at.toISOString(),
  }))
  return { installed: origins.length > 0, last_loaded_at: origins[0]?.last_loaded_at ?? null, origins }
}
