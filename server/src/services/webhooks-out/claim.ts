import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'

/** How long a claim holds: well past one attempt's deadline, short enough to recover from a crash. */
export const LEASE_MS = 60_000

/** Any number: claims from every instance of the cluster take turns on it (see below). */
const CLAIM_LOCK = 4242031

export interface ClaimedRow {
  id: string
  endpoint_id: string
  payload: string
  attempts: number
  give_up_at: Date | string
  /** This claim's lease, as written: the attempt's result is kept only while the row still holds it. */
  lease: string
}

/**
 * Claims up to `free` due deliveries, at most `perEndpoint` of any endpoint in flight across the whole
 * cluster (counting the leases other instances hold), the oldest first. Endpoints with anything pending
 * are found by a skip scan over the pending index (one probe per endpoint, however long its backlog),
 * and each contributes only its oldest due rows, so one endpoint's backlog never hides another's.
 * Claims are short and take turns on a transaction-scoped advisory lock, so two instances cannot both
 * count an endpoint as idle and exceed its limit; sending happens after, outside any transaction.
 */
export async function claimDue(
  deps: AppDeps,
  now: Date,
  free: number,
  perEndpoint: number,
): Promise<ClaimedRow[]> {
  if (free <= 0) return []
  const at = now.toISOString()
  const lease = new Date(now.getTime() + LEASE_MS).toISOString()
  return deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx)
    const { rows } = await sql<Omit<ClaimedRow, 'lease'>>`
      with recursive pending(endpoint_id) as (
        (select endpoint_id from webhook_deliveries where status = 'pending' order by endpoint_id limit 1)
        union all
        select (
          select d.endpoint_id from webhook_deliveries d
          where d.status = 'pending' and d.endpoint_id > p.endpoint_id
          order by d.endpoint_id limit 1
        )
        from pending p where p.endpoint_id is not null
      )
      update webhook_deliveries
      set locked_until = ${lease}::timestamptz, attempts = attempts + 1
      where id in (
        select due.id from pending p
        cross join lateral (
          select count(*)::int as n from webhook_deliveries l
          where l.endpoint_id = p.endpoint_id and l.status = 'pending' and l.locked_until > ${at}::timestamptz
        ) leased
        cross join lateral (
          select d.id, d.next_attempt_at from webhook_deliveries d
          where d.endpoint_id = p.endpoint_id and d.status = 'pending'
            and d.next_attempt_at <= ${at}::timestamptz
            and (d.locked_until is null or d.locked_until <= ${at}::timestamptz)
          order by d.next_attempt_at, d.id
          limit greatest(0, ${perEndpoint}::int - leased.n)
          for update skip locked
        ) due
        where p.endpoint_id is not null
        order by due.next_attempt_at, due.id
        limit ${free}::int
      )
      returning id, endpoint_id, payload, attempts, give_up_at`.execute(trx)
    return rows.map((row) => ({ ...row, id: String(row.id), lease }))
  })
}

/** The attempt's result, written only while its lease still holds (else another instance owns the row). */
export async function settleClaim(
  db: Kysely<Database> | Transaction<Database>,
  row: ClaimedRow,
  result: {
    status: 'delivered' | 'failed' | 'pending'
    at: Date
    nextAttemptAt: Date
    lastStatus: number | null
  },
): Promise<boolean> {
  const updated = await db
    .updateTable('webhook_deliveries')
    .set({
      status: result.status,
      delivered_at: result.status === 'delivered' ? result.at : null,
      next_attempt_at: result.nextAttemptAt,
      last_status: result.lastStatus,
      locked_until: null,
    })
    .where('id', '=', row.id)
    .where(sql<boolean>`locked_until = ${row.lease}::timestamptz`)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}
