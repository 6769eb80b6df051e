import { WIDGET_ERRORS_KEPT, type WidgetErrorKind } from '@retainkit/shared/getting-live'
import type { WidgetError } from '@retainkit/shared/schemas'
import { sql } from 'kysely'
import type { AppDeps } from '../../deps'

/**
 * The widget calls the server refused, per account, for the Install page: one row per kind and detail
 * (the page's origin, or ''), counted, with when it was first and last seen. Bounded: past
 * WIDGET_ERRORS_KEPT distinct errors the oldest are dropped. Written after the answer, never on the
 * subscriber's path: a failed write is logged and forgotten.
 */
const MAX_DETAIL_LENGTH = 300

export async function recordWidgetError(
  deps: AppDeps,
  accountId: string,
  kind: WidgetErrorKind,
  detail: string,
  at: Date,
  times = 1,
): Promise<void> {
  const bounded = detail.slice(0, MAX_DETAIL_LENGTH)
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('widget_errors')
      .values({
        account_id: accountId,
        kind,
        detail: bounded,
        count: times,
        first_seen_at: at,
        last_seen_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['account_id', 'kind', 'detail']).doUpdateSet({
          count: sql`widget_errors.count + excluded.count`,
          last_seen_at: sql`greatest(widget_errors.last_seen_at, excluded.last_seen_at)`,
        }),
      )
      .execute()
    await sql`delete from widget_errors where account_id = ${accountId} and (kind, detail) not in (
        select kind, detail from widget_errors where account_id = ${accountId}
        order by last_seen_at desc, kind, detail limit ${WIDGET_ERRORS_KEPT})`.execute(trx)
  })
}

/**
 * Fire-and-forget from a widget route: the refusal answers first. Repeats of one error within
 * FLUSH_MS are added up in memory and written as one increment, so a page refused on every load (or a
 * flood of forged tokens) costs one write per error and quarter second, and the count stays exact.
 */
const FLUSH_MS = 250
const MAX_PENDING = 10_000

interface Pending {
  deps: AppDeps
  accountId: string
  kind: WidgetErrorKind
  detail: string
  count: number
  at: Date
}
const pending = new Map<string, Pending>()

async function flush(key: string): Promise<void> {
  const entry = pending.get(key)
  pending.delete(key)
  if (!entry) return
  const { deps, accountId, kind, detail, count, at } = entry
  await recordWidgetError(deps, accountId, kind, detail, at, count).catch((error: unknown) => {
    deps.logger.warn('could not record a widget error', {
      accountId,
      kind,
      error: error instanceof Error ? error.message : String(error),
    })
  })
}

export function recordWidgetErrorInBackground(
  deps: AppDeps,
  accountId: string,
  kind: WidgetErrorKind,
  detail = '',
): void {
  const at = deps.clock.now()
  const bounded = detail.slice(0, MAX_DETAIL_LENGTH)
  const key = `${accountId} ${kind} ${bounded}`
  const entry = pending.get(key)
  if (entry && entry.deps === deps) {
    entry.count += 1
    entry.at = at
    return
  }
  // Bounded: past the limit a new error waits for the next quarter second rather than growing memory.
  if (pending.size >= MAX_PENDING) return
  pending.set(key, { deps, accountId, kind, detail: bounded, count: 1, at })
  setTimeout(() => void flush(key), FLUSH_MS).unref?.()
}

export async function listWidgetErrors(deps: AppDeps, accountId: string): Promise<WidgetError[]> {
  const rows = await deps.db
    .selectFrom('widget_errors')
    .select(['kind', 'detail', 'count', 'first_seen_at', 'last_seen_at'])
    .where('account_id', '=', accountId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('kind')
    .limit(WIDGET_ERRORS_KEPT)
    .execute()
  return rows.map((row) => ({
    kind: row.kind,
    detail: row.detail,
    count: Number(row.count),
    first_seen_at: row.first_seen_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
  }))
}
