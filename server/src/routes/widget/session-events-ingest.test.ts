import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { openDatabase } from '../../db/database'
import type { AnalyticsRange } from '../../services/analytics/range'
import { counterDifferences, readDifferences } from '../../services/analytics/rollup-oracle'
import {
  errorOf,
  type OpenSession,
  openSessions,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/**
 * Ingest for one merchant under load: many of its subscribers' sessions sending events at the same
 * moment. Every call is taken (none waits so long that the pool answers 503), and afterwards every
 * analytics rollup equals what the raw events say, at day and month edges too. On PostgreSQL, an open
 * transaction of the same account that has already written the same day's counters does not hold the
 * calls up: concurrent writers of one account never queue on one counter row.
 * The call usually writes without reading the session first (the state this process wrote last is
 * remembered): a session changed elsewhere meanwhile is still judged on its state as it is now.
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const SESSIONS = 40
const REASONS = ['too_expensive', 'not_using_enough'] as const

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
    const sessions = await openSessions(t, account, SESSIONS, 'edge', { merchantHandlesOffers: true })
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
      const sessions = await openSessions(t, account, SESSIONS, 'held', { merchantHandlesOffers: true })
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

describe('a session changed elsewhere since this process wrote it', () => {
  const feedback = (text: string) => [{ step: 'feedback_submitted', text }]

  it('is judged on the state the database holds (another writer stored feedback meanwhile)', async () => {
    const account = await widgetAccount(t, { stripe: false })
    const [session] = await openSessions(t, account, 1, 'elsewhere', { merchantHandlesOffers: true })
    if (!session) throw new Error('no session')
    expect((await post(session, feedback('First thought'))).status).toBe(204)
    // What another instance's call would have written: the event and the session's count.
    await t.database.db
      .insertInto('session_events')
      .values({
        account_id: account.accountId,
        session_id: session.id,
        step: 'feedback_submitted',
        text: 'Second thought',
        created_at: t.clock.now(),
      })
      .execute()
    await t.database.db
      .updateTable('cancel_sessions')
      .set((eb) => ({ client_events: eb('client_events', '+', 1) }))
      .where('id', '=', session.id)
      .execute()
    const repeat = await post(session, feedback('Second thought'))
    expect(repeat.status).toBe(409)
    expect((await errorOf(repeat)).message).toBe('This feedback is already recorded.')
    expect((await post(session, feedback('Third thought'))).status).toBe(204)
    const fourth = await post(session, feedback('Fourth thought'))
    expect(fourth.status).toBe(409)
    expect((await errorOf(fourth)).message).toBe('A session takes at most 3 write-ins.')
    const stored = await t.database.db
      .selectFrom('session_events')
      .select('text')
      .where('session_id', '=', session.id)
      .where('step', '=', 'feedback_submitted')
      .orderBy('id')
      .execute()
    expect(stored.map((row) => row.text)).toEqual(['First thought', 'Second thought', 'Third thought'])
  })

  it.runIf(process.env.TEST_DB === 'postgres')(
    'two instances taking turns on one session agree with each other',
    async () => {
      const url = t.database.databaseUrl
      if (!url) throw new Error('a PostgreSQL handle knows its URL')
      const two = await createTestContext({ database: await openDatabase({ databaseUrl: url, poolSize: 2 }) })
      try {
        two.clock.set(t.clock.now())
        const account = await widgetAccount(t, { stripe: false })
        const [session] = await openSessions(t, account, 1, 'turns', { merchantHandlesOffers: true })
        if (!session) throw new Error('no session')
        const viaTwo = (events: unknown[]) =>
          widgetCall(two, `/api/widget/sessions/${session.id}/events`, {
            token: session.token,
            body: { events },
          })
        expect((await post(session, feedback('From one'))).status).toBe(204)
        expect((await viaTwo(feedback('From two'))).status).toBe(204)
        expect((await post(session, feedback('From two'))).status).toBe(409)
        expect((await post(session, [{ step: 'reason_continue' }])).status).toBe(204)
        const late = await viaTwo([{ step: 'reason_selected', reasonKey: 'too_expensive' }])
        expect(late.status).toBe(409)
        expect((await errorOf(late)).message).toBe(
          'This session has ended: nothing more can be recorded for it.',
        )
        const row = await t.database.db
          .selectFrom('cancel_sessions')
          .select(['status', 'client_events'])
          .where('id', '=', session.id)
          .executeTakeFirstOrThrow()
        expect(row).toEqual({ status: 'stayed', client_events: 3 })
      } finally {
        await two.close()
      }
    },
  )
})

describe('a revoked widget secret', () => {
  it('stops verifying events calls at once on this instance, though its account was cached', async () => {
    const account = await widgetAccount(t, { stripe: false })
    const [session] = await openSessions(t, account, 1, 'revoked', { merchantHandlesOffers: true })
    if (!session) throw new Error('no session')
    // The account's published config and secrets are cached now.
    expect((await post(session, [{ step: 'reason_selected', reasonKey: 'too_expensive' }])).status).toBe(204)
    await revokeAll(t, account)
    const refused = await post(session, [{ step: 'reason_selected', reasonKey: 'not_using_enough' }])
    expect(refused.status).toBe(401)
    expect((await errorOf(refused)).code).toBe('UNAUTHORIZED')
  })

  it.runIf(process.env.TEST_DB === 'postgres')(
    'stops verifying them on another instance within a second (its cache is dropped by NOTIFY)',
    async () => {
      const url = t.database.databaseUrl
      if (!url) throw new Error('a PostgreSQL handle knows its URL')
      const two = await createTestContext({
        listen: true,
        database: await openDatabase({ databaseUrl: url, poolSize: 2 }),
      })
      try {
        two.clock.set(t.clock.now())
        const account = await widgetAccount(t, { stripe: false })
        const [session] = await openSessions(t, account, 1, 'revokedtwo', { merchantHandlesOffers: true })
        if (!session) throw new Error('no session')
        const viaTwo = (reasonKey: string) =>
          widgetCall(two, `/api/widget/sessions/${session.id}/events`, {
            token: session.token,
            body: { events: [{ step: 'reason_selected', reasonKey }] },
          })
        expect((await viaTwo('too_expensive')).status).toBe(204)
        await revokeAll(t, account)
        const started = performance.now()
        let status = 0
        for (let i = 0; status !== 401 && performance.now() - started < 1_000; i++) {
          status = (await viaTwo(i % 2 === 0 ? 'not_using_enough' : 'too_expensive')).status
          if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 20))
        }
        expect(status).toBe(401)
      } finally {
        await two.close()
      }
    },
  )
})

/** Revokes every active widget secret of the account through the console's API, as its owner would. */
async function revokeAll(context: TestContext, account: WidgetAccount) {
  const path = `/api/account?accountId=${account.accountId}&action=widget-secret`
  const listed = await context.request(path, { token: account.ownerToken })
  const { data } = (await listed.json()) as { data: { id: string }[] }
  expect(data.length).toBeGreaterThan(0)
  for (const { id } of data) {
    const res = await context.request(`${path}&secretId=${id}`, {
      method: 'DELETE',
      token: account.ownerToken,
    })
    expect(res.status).toBe(200)
  }
}
