import { type Kysely, sql } from 'kysely'
import type { Database } from '../../src/db/tables'

/**
 * Every analytics rollup table of one account as comparable text: what a bulk load (triggers held back,
 * rollups rebuilt once) must leave exactly as the triggers leave it from the same rows. Counters are
 * compared with their slots summed (slots only spread concurrent writers), and session ids with the
 * account's prefix (`<account>:` or `<account>-`) taken off, so twin accounts holding the same rows under
 * their own ids compare equal.
 */
export const ROLLUP_TABLES: Record<string, (account: string) => ReturnType<typeof sql>> = {
  analytics_daily: (account) => sql`
    select live, step, day::text, reason_key, offer, sum(events)::int as events,
      sum(sessionless)::int as sessionless, sum(last_of_session)::int as last_of_session
    from analytics_daily where account_id = ${account}
    group by 1, 2, 3, 4, 5
    having sum(events) <> 0 or sum(sessionless) <> 0 or sum(last_of_session) <> 0`,
  analytics_daily_words: (account) => sql`
    select live, day::text, word, sum(occurrences)::int as occurrences
    from analytics_daily_words where account_id = ${account} group by 1, 2, 3`,
  analytics_session_last: (account) => sql`
    select session_id, step, offer, live, reason_key, first_at::text, last_at::text,
      (select e.created_at::text from session_events e where e.id = l.last_id) as last_event_at
    from analytics_session_last l where account_id = ${account}`,
  analytics_daily_saves: (account) => sql`
    select live, day::text, mechanism, currency, sum(mrr)::bigint::text as mrr, sum(saves)::int as saves
    from analytics_daily_saves where account_id = ${account} group by 1, 2, 3, 4`,
  analytics_daily_sessions: (account) => sql`
    select live, day::text, sessions from analytics_daily_sessions where account_id = ${account}`,
  analytics_save_followups: (account) => sql`
    select live, session_id, subscription_id, saved_at::text, mechanism, reason_key, currency, mrr::text, tracked,
      lost_at::text, lost_within
    from analytics_save_followups where account_id = ${account}`,
  analytics_daily_durability: (account) => sql`
    select live, day::text, mechanism, reason_key, currency, tracked, lost, lost_within, saves, mrr::text
    from analytics_daily_durability where account_id = ${account} and saves <> 0`,
}

export async function rollupRows(db: Kysely<Database>, table: string, account: string): Promise<string[]> {
  const query = ROLLUP_TABLES[table]
  if (!query) throw new Error(`no rollup table ${table}`)
  const { rows } = await query(account).execute(db)
  return (rows as Record<string, unknown>[])
    .map((row) =>
      JSON.stringify(row, (key, value) =>
        key === 'session_id' && typeof value === 'string' ? value.slice(account.length + 1) : value,
      ),
    )
    .sort()
}

/** Each event's and save's `live` flag, counted (what the per-row trigger sets). */
export async function liveCounts(db: Kysely<Database>, account: string) {
  const { rows } = await sql<{ live: boolean; n: number }>`
    select live, count(*)::int as n from (
      select live from session_events where account_id = ${account}
      union all select live from saves where account_id = ${account}) as rows
    group by live order by live`.execute(db)
  return rows
}
