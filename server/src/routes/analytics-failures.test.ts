import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { insertSaves } from '../services/analytics/test-fixtures'

/**
 * The analytics error messages. No request can cause these: the database is broken on purpose (its
 * tables renamed away), and corrupt data is written straight into it.
 */
let t: TestContext
let token: string
const ACCOUNT = 'failing-account'

beforeAll(async () => {
  t = await createTestContext()
  token = (await t.createAccount({ id: ACCOUNT, tier: 'pro' })).owner.token
})
afterAll(() => t.close())

const get = (endpoint: string) =>
  t.request(`/api/analytics?endpoint=${endpoint}&account_id=${ACCOUNT}`, { token })

describe('a database failure', () => {
  it("answers 500 DATABASE_ERROR 'Failed to fetch …: <reason>' per data set", async () => {
    // The default range is whole days, read from the rollups alone: those tables go too.
    const tables = [
      'session_events',
      'saves',
      'analytics_daily',
      'analytics_daily_words',
      'analytics_daily_saves',
      'analytics_save_followups',
    ]
    for (const table of tables)
      await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_gone`)}`.execute(
        t.database.db,
      )
    try {
      const expected = {
        'cancellation-reasons': ['Failed to fetch cancellation reasons: ', 'analytics_daily'],
        'cancellation-reasons-over-time': ['Failed to fetch cancellation trends: ', 'analytics_daily'],
        'save-mechanism-performance': ['Failed to fetch save mechanism performance: ', 'analytics_daily'],
        'save-rate-over-time': ['Failed to fetch save rate: ', 'analytics_daily'],
        'write-in-reasons': ['Failed to fetch write-in word frequencies: ', 'analytics_daily_words'],
        'saved-revenue': ['Failed to fetch saved revenue: ', 'analytics_save_followups'],
      }
      for (const [endpoint, [prefix, table]] of Object.entries(expected)) {
        const res = await get(endpoint)
        expect(res.status).toBe(500)
        const body = (await res.json()) as { error: { code: string; message: string } }
        expect(body.error.code).toBe('DATABASE_ERROR')
        expect(body.error.message).toBe(`${prefix}relation "${table}" does not exist`)
      }
      expect(t.logger.lines.some((line) => line.includes('analytics query failed'))).toBe(true)
    } finally {
      for (const table of tables)
        await sql`alter table ${sql.table(`${table}_gone`)} rename to ${sql.table(table)}`.execute(
          t.database.db,
        )
    }
    expect((await get('cancellation-reasons')).status).toBe(200)
  })
})

describe('corrupt data', () => {
  it("answers 500 INTERNAL_ERROR 'Unexpected error fetching …' when the rows cannot be shaped", async () => {
    // A negative MRR cannot come from the widget API; charting it would show a wrong number.
    await insertSaves(t.database.db, ACCOUNT, [
      { mechanism: 'pause', mrrAfter: -500, at: '2026-05-01T00:00:00Z' },
    ])
    const res = await get('saved-revenue')
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Unexpected error fetching saved revenue' },
    })
  })
})
