import { sql, type Transaction } from 'kysely'
import type { DatabaseKind } from '../db/database'
import type { Database } from '../db/tables'
import type { DemoHistory } from './demo-history'

/**
 * Writes the demo's history — thousands of sessions, ~15,000 events, hundreds of saves — in one
 * statement per table: each table's rows travel as one JSON parameter, unpacked by the database.
 * (Kysely's multi-row inserts bind a parameter per value, and on the embedded engine binding and
 * planning tens of thousands of them cost more than the rows themselves.)
 *
 * On the embedded database, which is what a first `npm start` runs on, the per-row triggers (each event's
 * `live` flag, looked up from its session) and the per-statement rollup triggers are held back for the
 * load (`session_replication_role = replica`, which it allows: its one user is a superuser): `live` is
 * computed here with the same rule, set-based, and the account's rollups are then built once by
 * `retainkit_rebuild_rollups` (migration 112) and `retainkit_rebuild_session_rollup` (migration 140).
 * The seed's test checks that they equal what the triggers build from the same rows. On PostgreSQL
 * (often a role that may not change the replication role) the triggers run, once per statement, as for
 * any write.
 */
export async function insertDemoHistory(
  trx: Transaction<Database>,
  history: Pick<DemoHistory, 'sessions' | 'events' | 'saves' | 'subscriptions'>,
  kind: DatabaseKind,
  // A few days' sessions (a template's catch-up) go through the triggers: rebuilding the account's
  // rollups would cost more than the rows.
  { bulk = kind === 'pglite' }: { bulk?: boolean } = {},
): Promise<void> {
  if (bulk) await sql`set local session_replication_role = replica`.execute(trx)

  await sql`
    insert into cancel_sessions (id, account_id, kind, mode, customer_id, subscription_id, status, reason_key,
      mrr, currency, eligible_offers, locale, created_at, updated_at, completed_at)
    select id, account_id, kind, mode, customer_id, subscription_id, status, reason_key, mrr, currency,
      coalesce(eligible_offers::jsonb, '[]'::jsonb), locale, created_at, updated_at, completed_at
    from jsonb_to_recordset(${JSON.stringify(history.sessions)}::jsonb) as row (id text, account_id text,
      kind text, mode text, customer_id text, subscription_id text, status text, reason_key text, mrr integer,
      currency text, eligible_offers text, locale text, created_at timestamptz, updated_at timestamptz,
      completed_at timestamptz)
    order by created_at, id`.execute(trx)

  // `live` as migration 033's trigger decides it: from the session's mode, true without a session.
  // Written only on the bulk path: on the other the trigger sets it.
  const events = sql`
    select row.account_id, row.session_id, row.step, row.reason_key, row.offer, row.text, row.created_at,
      row.client_at, coalesce(session.mode = 'live', true) as live, row.ordinality
    from rows from (jsonb_to_recordset(${JSON.stringify(history.events)}::jsonb) as (account_id text,
      session_id text, step text, reason_key text, offer text, text text, created_at timestamptz,
      client_at timestamptz)) with ordinality as row
    left join cancel_sessions as session on session.id = row.session_id`
  await (bulk
    ? sql`insert into session_events (account_id, session_id, step, reason_key, offer, text, created_at,
        client_at, live)
      select account_id, session_id, step, reason_key, offer, text, created_at, client_at, live
      from (${events}) as event order by ordinality`
    : sql`insert into session_events (account_id, session_id, step, reason_key, offer, text, created_at,
        client_at)
      select account_id, session_id, step, reason_key, offer, text, created_at, client_at
      from (${events}) as event order by ordinality`
  ).execute(trx)

  await insertDemoSubscriptions(trx, history.subscriptions)

  const saves = sql`
    select row.account_id, row.session_id, row.customer_id, row.subscription_id, row.mechanism,
      row.mrr_before, row.mrr_after, row.currency, row.detail::jsonb as detail, row.created_at,
      coalesce(session.mode = 'live', true) as live, row.ordinality
    from rows from (jsonb_to_recordset(${JSON.stringify(history.saves)}::jsonb) as (account_id text,
      session_id text, customer_id text, subscription_id text, mechanism text, mrr_before integer,
      mrr_after integer, currency text, detail text, created_at timestamptz)) with ordinality as row
    left join cancel_sessions as session on session.id = row.session_id`
  await (bulk
    ? sql`insert into saves (account_id, session_id, customer_id, subscription_id, mechanism, mrr_before,
        mrr_after, currency, detail, created_at, live)
      select account_id, session_id, customer_id, subscription_id, mechanism, mrr_before, mrr_after,
        currency, detail, created_at, live
      from (${saves}) as save order by ordinality`
    : sql`insert into saves (account_id, session_id, customer_id, subscription_id, mechanism, mrr_before,
        mrr_after, currency, detail, created_at)
      select account_id, session_id, customer_id, subscription_id, mechanism, mrr_before, mrr_after,
        currency, detail, created_at
      from (${saves}) as save order by ordinality`
  ).execute(trx)

  if (!bulk) return
  await sql`set local session_replication_role = origin`.execute(trx)
  const accounts = new Set(history.sessions.map((session) => session.account_id))
  for (const account of accounts) {
    await sql`select retainkit_rebuild_rollups(${account})`.execute(trx)
    await sql`select retainkit_rebuild_session_rollup(${account})`.execute(trx)
  }
  // The embedded engine has no autovacuum: without statistics on tables that just grew by thousands of
  // rows, the planner joins them as if they were empty (a dashboard call took a minute).
  await sql`analyze cancel_sessions, session_events, saves, analytics_daily, analytics_daily_words,
    analytics_session_last, analytics_daily_saves, analytics_daily_sessions, analytics_save_followups,
    analytics_daily_durability, subscriber_subscriptions`.execute(trx)
}

/**
 * The saves' subscriptions as Stripe described them, written before the saves (so the triggers that
 * follow a new save find them) or, on a later start, over what an earlier start wrote.
 */
export async function insertDemoSubscriptions(
  trx: Transaction<Database>,
  rows: DemoHistory['subscriptions'],
): Promise<void> {
  if (rows.length === 0) return
  await sql`
    insert into subscriber_subscriptions as ss (account_id, subscription_id, customer_id, status,
      cancel_at_period_end, canceled_at, ended_at, paused, unpaid_since, stripe_created, synced_at)
    select account_id, subscription_id, customer_id, status, cancel_at_period_end, canceled_at, ended_at, paused,
      unpaid_since, stripe_created, synced_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as row (account_id text, subscription_id text,
      customer_id text, status text, cancel_at_period_end boolean, canceled_at timestamptz, ended_at timestamptz,
      paused boolean, unpaid_since timestamptz, stripe_created timestamptz, synced_at timestamptz)
    order by subscription_id
    on conflict (account_id, subscription_id) do update set customer_id = excluded.customer_id,
      status = excluded.status, cancel_at_period_end = excluded.cancel_at_period_end,
      canceled_at = excluded.canceled_at, ended_at = excluded.ended_at, paused = excluded.paused,
      unpaid_since = excluded.unpaid_since, stripe_created = excluded.stripe_created,
      synced_at = excluded.synced_at`.execute(trx)
}
