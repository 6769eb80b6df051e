import type { Insertable } from 'kysely'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CancelSessionsTable, SavesTable, SessionEventsTable } from '../db/tables'
import { createTestContext, type TestContext } from '../test-support/harness'
import { insertDemoHistory } from './demo-bulk'
import { buildDemoHistory } from './demo-history'

/**
 * The demo history written in bulk (the embedded database's seed: triggers held back, the rollups rebuilt
 * once by retainkit_rebuild_rollups) must leave exactly the rollups that the triggers build when the same
 * rows arrive as ordinary writes, a thousand rows per statement. One twin account gets each; every
 * rollup table is compared with the slots summed (they only spread concurrent writers) and the twin's
 * session ids mapped back. The history spans twelve months, so month and day edges are in it.
 */
let t: TestContext
const BULK = 'bulk_twin'
const TRIGGERED = 'triggered_twin'
const clockNow = () => t.clock.now()

/** The same rows for another account, with the globally unique session ids prefixed. */
function historyFor(account: string) {
  const history = buildDemoHistory(account, clockNow())
  const id = (session: string | null | undefined) => (session ? `${account}:${session}` : null)
  return {
    sessions: history.sessions.map(
      (row): Insertable<CancelSessionsTable> => ({ ...row, id: `${account}:${row.id}` }),
    ),
    events: history.events.map(
      (row): Insertable<SessionEventsTable> => ({ ...row, session_id: id(row.session_id) }),
    ),
    saves: history.saves.map((row): Insertable<SavesTable> => ({ ...row, session_id: id(row.session_id) })),
  }
}

async function createAccount(id: string) {
  const now = clockNow()
  await t.database.db
    .insertInto('accounts')
    .values({
      id,
      name: id,
      slug: id,
      email: `${id}@example.com`,
      domain: 'example.com',
      created_at: now,
      updated_at: now,
    })
    .execute()
}

/** A rollup table's rows for one account, as comparable text: account and session ids normalised. */
async function rollupRows(account: string, query: (account: string) => ReturnType<typeof sql>) {
  const { rows } = await query(account).execute(t.database.db)
  return (rows as Record<string, unknown>[])
    .map((row) =>
      JSON.stringify(row, (key, value) =>
        key === 'session_id' && typeof value === 'string' ? value.slice(account.length + 1) : value,
      ),
    )
    .sort()
}

const ROLLUPS: Record<string, (account: string) => ReturnType<typeof sql>> = {
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
  analytics_save_followups: (account) => sql`
    select live, session_id, subscription_id, saved_at::text, mechanism, reason_key, currency, mrr::text, tracked,
      lost_at::text, lost_within
    from analytics_save_followups where account_id = ${account}`,
  analytics_daily_durability: (account) => sql`
    select live, day::text, mechanism, reason_key, currency, tracked, lost, lost_within, saves, mrr::text
    from analytics_daily_durability where account_id = ${account} and saves <> 0`,
}

beforeAll(async () => {
  t = await createTestContext()
  await createAccount(BULK)
  await createAccount(TRIGGERED)
  await t.database.db.transaction().execute((trx) => insertDemoHistory(trx, historyFor(BULK), 'pglite'))
  const triggered = historyFor(TRIGGERED)
  await t.database.db.transaction().execute(async (trx) => {
    for (const [table, rows] of [
      ['cancel_sessions', triggered.sessions],
      ['session_events', triggered.events],
      ['saves', triggered.saves],
    ] as const)
      for (let index = 0; index < rows.length; index += 1000)
        await trx
          .insertInto(table)
          .values(rows.slice(index, index + 1000) as never)
          .execute()
  })
}, 120_000)
afterAll(() => t.close())

describe('the demo history written in bulk', () => {
  it.each(Object.keys(ROLLUPS))('leaves %s as the triggers build it', async (table) => {
    const query = ROLLUPS[table]
    if (!query) throw new Error(table)
    const bulk = await rollupRows(BULK, query)
    const triggered = await rollupRows(TRIGGERED, query)
    expect(bulk.length).toBeGreaterThan(0)
    expect(bulk).toEqual(triggered)
  })

  it('sets each event and save live as the per-row trigger does', async () => {
    const liveOf = async (account: string) =>
      (
        await sql<{ live: boolean; n: number }>`
          select live, count(*)::int as n from (
            select live from session_events where account_id = ${account}
            union all select live from saves where account_id = ${account}) as rows
          group by live order by live`.execute(t.database.db)
      ).rows
    expect(await liveOf(BULK)).toEqual(await liveOf(TRIGGERED))
  })

  it('keeps the triggers on for every later write (the replication role was only for the load)', async () => {
    const role = await sql<{
      role: string
    }>`select current_setting('session_replication_role') as role`.execute(t.database.db)
    expect(role.rows[0]?.role).toBe('origin')
    const before = await rollupRows(
      BULK,
      ROLLUPS.analytics_daily as (account: string) => ReturnType<typeof sql>,
    )
    await t.database.db
      .insertInto('session_events')
      .values({ account_id: BULK, session_id: null, step: 'banner_shown', created_at: clockNow() })
      .execute()
    const after = await rollupRows(
      BULK,
      ROLLUPS.analytics_daily as (account: string) => ReturnType<typeof sql>,
    )
    expect(after).not.toEqual(before)
  })
})
