import type { Insertable } from 'kysely'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { liveCounts, ROLLUP_TABLES, rollupRows } from '../../test/support/rollup-tables'
import type { CancelSessionsTable, SavesTable, SessionEventsTable } from '../db/tables'
import { insertDemoHistory } from './demo-bulk'
import { buildDemoHistory } from './demo-history'

/**
 * The demo history written in bulk (the embedded database's seed: triggers held back, the rollups rebuilt
 * once by retainkit_rebuild_rollups) must leave exactly the rollups that the triggers build when the same
 * rows arrive as ordinary writes, a thousand rows per statement. One twin account gets each; every
 * rollup table is compared (server/test/support/rollup-tables.ts). The history spans twelve months, so month
 * and day edges are in it.
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
    subscriptions: history.subscriptions,
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
      // After the saves here: each row's trigger follows the saves already written.
      ['subscriber_subscriptions', triggered.subscriptions],
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
  it.each(Object.keys(ROLLUP_TABLES))('leaves %s as the triggers build it', async (table) => {
    const bulk = await rollupRows(t.database.db, table, BULK)
    const triggered = await rollupRows(t.database.db, table, TRIGGERED)
    expect(bulk.length).toBeGreaterThan(0)
    expect(bulk).toEqual(triggered)
  })

  it('sets each event and save live as the per-row trigger does', async () => {
    expect(await liveCounts(t.database.db, BULK)).toEqual(await liveCounts(t.database.db, TRIGGERED))
  })

  it('keeps the triggers on for every later write (the replication role was only for the load)', async () => {
    const role = await sql<{
      role: string
    }>`select current_setting('session_replication_role') as role`.execute(t.database.db)
    expect(role.rows[0]?.role).toBe('origin')
    const before = await rollupRows(t.database.db, 'analytics_daily', BULK)
    await t.database.db
      .insertInto('session_events')
      .values({ account_id: BULK, session_id: null, step: 'banner_shown', created_at: clockNow() })
      .execute()
    const after = await rollupRows(t.database.db, 'analytics_daily', BULK)
    expect(after).not.toEqual(before)
  })
})
