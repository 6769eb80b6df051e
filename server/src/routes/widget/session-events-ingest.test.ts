import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsRange } from '../../services/analytics/range'
import { counterDifferences, readDifferences } from '../../services/analytics/rollup-oracle'
import { createTestContext, type TestContext } from '../../test-support/harness'
import { startSession, tokenFor, type WidgetAccount, widgetAccount, widgetCall } from './testing'

/**
 * Ingest for one merchant under load: many of its subscribers' sessions sending events at the same
 * moment. Every call is taken (none waits so long that the pool answers 503), and afterwards every
 * analytics rollup equals what the raw events say, at day and month edges too. On PostgreSQL, an open
 * transaction of the same account that has already written the same day's counters does not hold the
 * calls up: concurrent writers of one account never queue on one counter row.
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const SESSIONS = 40
const REASONS = ['too_expensive', 'not_using_enough'] as const

interface OpenSession {
  id: string
  token: string
}

async function openSessions(account: WidgetAccount, count: number, tag: string): Promise<OpenSession[]> {
  const sessions: OpenSession[] = []
  for (let i = 0; i < count; i++) {
    // One customer (and token) each: a token opens a bounded number of sessions.
    const token = await tokenFor(t, account, `cus_${tag}${i}`, { handles: ['offers', 'cancel'] })
    const { status, body } = await startSession(t, token, { merchantHandlesOffers: true })
    expect(status).toBe(201)
    sessions.push({ id: body.sessionId, token })
  }
  return sessions
}

const post = (session: OpenSession, events: unknown[]) =>
  widgetCall(t, `/api/widget/sessions/${session.id}/events`, { token: session.token, body: { events } })

const range = (start: string, end: string): AnalyticsRange => {
  const endDate = new Date(end)
  return { start: new Date(start), end: endDate, until: new Date(endDate.getTime() + 1), mode: 'live' }
}

async function expectRollupsMatchRawEvents(accountId: string, ranges: readonly AnalyticsRange[]) {
  expect(await counterDifferences(t.database.db, accountId)).toEqual([])
  for (const r of ranges) expect(await readDifferences(t.database.db, accountId, r)).toEqual([])
}

describe('parallel events calls of one merchant', () => {
  it(`${SESSIONS} sessions at once, on both sides of a month's last midnight: all taken, rollups exact`, async () => {
    const account = await widgetAccount(t, { stripe: false })
    t.clock.set('2026-01-31T23:59:59.500Z')
    const sessions = await openSessions(account, SESSIONS, 'edge')
    const first = await Promise.all(
      sessions.map((session, i) =>
        post(session, [
          { step: 'reason_selected', reasonKey: REASONS[i % 2] },
          { step: 'feedback_submitted', text: `Too expensive for our team ${i % 3}` },
          { step: 'offer_shown', offer: 'discount' },
        ]),
      ),
    )
    expect(first.map((res) => res.status)).toEqual(sessions.map(() => 204))
    // Past midnight, into February: declines, changed reasons (a session's last reason moves to the
    // next day and month), and half of them stay.
    t.clock.set('2026-02-01T00:00:00.250Z')
    const second = await Promise.all(
      sessions.map((session, i) =>
        post(session, [
          { step: 'offer_declined', offer: 'discount' },
          ...(i % 4 === 0 ? [] : [{ step: 'reason_selected', reasonKey: REASONS[(i + 1) % 2] }]),
          ...(i % 2 === 0 ? [{ step: 'reason_continue' }] : []),
        ]),
      ),
    )
    expect(second.map((res) => res.status)).toEqual(sessions.map(() => 204))
    await expectRollupsMatchRawEvents(account.accountId, [
      range('2026-01-01T00:00:00.000Z', '2026-02-28T23:59:59.999Z'),
      range('2026-01-01T00:00:00.000Z', '2026-01-31T23:59:59.999Z'),
      range('2026-02-01T00:00:00.000Z', '2026-02-28T23:59:59.999Z'),
      range('2026-01-31T23:59:59.400Z', '2026-02-01T00:00:00.249Z'),
      range('2026-01-31T00:00:00.000Z', '2026-02-01T00:00:00.250Z'),
      range('2026-01-31T23:59:59.500Z', '2026-01-31T23:59:59.500Z'),
    ])
  })

  it.runIf(process.env.TEST_DB === 'postgres')(
    'an open transaction that wrote the same day counters holds no call up (no lock wait, no 503)',
    async () => {
      const account = await widgetAccount(t, { stripe: false })
      t.clock.set('2026-03-10T10:00:00.000Z')
      const at = t.clock.now().toISOString()
      const sessions = await openSessions(account, SESSIONS, 'held')
      const url = t.database.databaseUrl
      if (!url) throw new Error('a PostgreSQL handle knows its URL')

      // Transactions that wrote this account's counters of the day and stay open while the calls run:
      // one on every backend pid modulo 4, so that counters split by pid (as before) would collide
      // with each of them, whichever connection a call gets.
      const holders: pg.Client[] = []
      const spare: pg.Client[] = []
      const residues = new Set<number>()
      while (residues.size < 4 && holders.length + spare.length < 64) {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        const pid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid)
        if (residues.has(pid % 4)) spare.push(client)
        else {
          residues.add(pid % 4)
          holders.push(client)
        }
      }
      await Promise.all(spare.map((client) => client.end()))
      expect(residues.size).toBe(4)
      const monitor = new pg.Client({ connectionString: url })
      await monitor.connect()
      const holderPids: number[] = []
      try {
        for (const holder of holders) {
          holderPids.push(Number((await holder.query('select pg_backend_pid() as pid')).rows[0].pid))
          await holder.query('begin')
          await holder.query(
            `insert into session_events (account_id, step, reason_key, text, created_at)
             values ($1, 'reason_selected', 'too_expensive', null, $2),
               ($1, 'feedback_submitted', null, 'too expensive for us', $2)`,
            [account.accountId, at],
          )
        }

        let settled = 0
        const calls = sessions.map((session) =>
          post(session, [
            { step: 'reason_selected', reasonKey: 'too_expensive' },
            { step: 'feedback_submitted', text: 'Too expensive for us' },
          ]).finally(() => {
            settled++
          }),
        )
        // Waits on another transaction's row locks, as PostgreSQL reports them while they happen.
        const waits: string[] = []
        const deadline = performance.now() + 15_000
        while (settled < calls.length && waits.length === 0 && performance.now() < deadline) {
          const { rows } = await monitor.query(
            `select pid, wait_event, left(query, 80) as query from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'
               and wait_event in ('transactionid', 'tuple') and pid <> all($1::int[])`,
            [holderPids],
          )
          for (const row of rows) waits.push(`pid ${row.pid} waits on ${row.wait_event}: ${row.query}`)
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        // Let anything that did queue go through before judging.
        for (const holder of holders) await holder.query('commit')
        const statuses = (await Promise.all(calls)).map((res) => res.status)
        expect(waits).toEqual([])
        expect(statuses).toEqual(sessions.map(() => 204))
      } finally {
        for (const holder of holders) await holder.end().catch(() => undefined)
        await monitor.end()
      }
      await expectRollupsMatchRawEvents(account.accountId, [
        range('2026-03-01T00:00:00.000Z', '2026-03-31T23:59:59.999Z'),
        range('2026-03-10T00:00:00.000Z', '2026-03-10T10:00:00.000Z'),
        range('2026-03-10T10:00:00.000Z', '2026-03-10T23:59:59.999Z'),
      ])
    },
  )
})
