import { Agent, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus } from 'node:os'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { isSingleConnection } from '../../db/database'
import { createAppServer } from '../../http/node-listener'
import { counterDifferences } from '../../services/analytics/rollup-oracle'
import {
  configureIngestGroups,
  ingestGroupCounters,
  ingestGroupLimitsOf,
} from '../../services/widget/ingest-groups'
import {
  type OpenSession,
  openSessions,
  storedSteps,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/**
 * Events calls that arrive in the same turn of the event loop go in one statement, even with statement
 * slots free, and over a real socket as the server runs: fifty browsers' single-event calls used to
 * leave one statement each on PGlite (its statement runs on the server's own thread, so the next request
 * was only read once it was done), four to five times the database work per event. A group stays all or
 * nothing: a call is answered 204 only once its events are stored, and a statement lost mid-way leaves
 * none of its calls' events and acknowledges none of them.
 */
let t: TestContext
let account: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t, { stripe: false })
})
afterAll(() => t.close())

const reason = [{ step: 'reason_selected', reasonKey: 'too_expensive' }]

/** POSTs over a real keep-alive socket of the server as npm start runs it; the status. */
function post(port: number, agent: Agent, session: OpenSession, events: unknown[]): Promise<number> {
  const body = JSON.stringify({ events })
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/widget/sessions/${session.id}/events`,
        headers: {
          authorization: `Bearer ${session.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('events calls that arrive together', () => {
  it('are grouped over real sockets with the default limits (one statement out on PGlite)', async () => {
    const server = createAppServer(t.app, t.deps)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const agent = new Agent({ keepAlive: true, maxSockets: 30 })
    try {
      const sessions = await openSessions(t, account, 30, 'socket')
      // Every connection open first, as fifty browsers' pages keep theirs.
      await Promise.all(sessions.map((s) => post(port, agent, s, [])))
      const before = ingestGroupCounters(t.database.db)
      // Each session's calls in order (a widget's), the thirty sessions at once.
      const steps = [
        reason,
        [{ step: 'feedback_submitted', text: 'Too pricey for me' }],
        [{ step: 'reason_selected', reasonKey: 'not_using_enough' }],
      ]
      const answers = await Promise.all(
        sessions.map(async (s) => {
          const statuses: number[] = []
          for (const events of steps) statuses.push(await post(port, agent, s, events))
          return statuses
        }),
      )
      const after = ingestGroupCounters(t.database.db)
      expect(answers).toEqual(sessions.map(() => [204, 204, 204]))
      const calls = after.calls - before.calls
      const statements = after.statements - before.statements
      expect(calls).toBe(90)
      // One statement per call before (on PGlite: 90 for 90); a handful of calls each now.
      expect(statements).toBeLessThanOrEqual(calls / 3)
      for (const s of sessions)
        expect(await storedSteps(t, s.id)).toEqual([
          'session_started',
          'reason_selected',
          'feedback_submitted',
          'reason_selected',
        ])
      expect(await counterDifferences(t.database.db, account.accountId)).toEqual([])
      expect(isSingleConnection(t.database.db)).toBe(process.env.TEST_DB !== 'postgres')
      expect(ingestGroupLimitsOf(t.database.db).maxInFlight).toBe(
        process.env.TEST_DB === 'postgres' ? Math.max(2, Math.min(8, cpus().length)) : 1,
      )
    } finally {
      agent.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('in one turn go in one statement even when every slot is free', async () => {
    const limits = ingestGroupLimitsOf(t.database.db)
    configureIngestGroups(t.database.db, { maxInFlight: 8 })
    try {
      const sessions = await openSessions(t, account, 8, 'turn')
      const before = ingestGroupCounters(t.database.db)
      const answers = await Promise.all(
        sessions.map((s) =>
          widgetCall(t, `/api/widget/sessions/${s.id}/events`, { token: s.token, body: { events: reason } }),
        ),
      )
      const after = ingestGroupCounters(t.database.db)
      expect(answers.map((answer) => answer.status)).toEqual(sessions.map(() => 204))
      // Eight statements before (a free slot each); the calls read in this turn now share one.
      expect(after.calls - before.calls).toBe(8)
      expect(after.statements - before.statements).toBe(1)
      for (const s of sessions)
        expect(await storedSteps(t, s.id)).toEqual(['session_started', 'reason_selected'])
    } finally {
      configureIngestGroups(t.database.db, limits)
    }
  })

  it.runIf(process.env.TEST_DB === 'postgres')(
    'whose statement loses its connection mid-way: none acknowledged, none stored, each goes through when sent again',
    async () => {
      const sessions = await openSessions(t, account, 10, 'lost')
      const blocker = (await openSessions(t, account, 1, 'lostblocker'))[0] as OpenSession
      // The group waits on a session row another transaction holds, so its backend can be cut mid-statement.
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let locked = () => {}
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve
      })
      const holder = t.database.db.transaction().execute(async (trx) => {
        await sql`select id from cancel_sessions where id = ${blocker.id} for update`.execute(trx)
        locked()
        await released
      })
      await isLocked
      const limits = ingestGroupLimitsOf(t.database.db)
      configureIngestGroups(t.database.db, { maxInFlight: 1 })
      try {
        const sent = [blocker, ...sessions].map((s) =>
          widgetCall(t, `/api/widget/sessions/${s.id}/events`, { token: s.token, body: { events: reason } }),
        )
        // The group's statement is waiting on the lock: cut its connection.
        const deadline = Date.now() + 10_000
        let cut = 0
        while (cut === 0) {
          if (Date.now() > deadline) throw new Error('the group statement never waited on the lock')
          const { rows } = await sql<{ cut: boolean }>`select pg_terminate_backend(pid) as cut
            from pg_stat_activity where wait_event_type = 'Lock' and query like '%with parts as%'`.execute(
            t.database.db,
          )
          cut = rows.length
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        const open = t.database.poolStats?.().total ?? 0
        const statuses = (await Promise.all(sent)).map((answer) => answer.status)
        // The pool drops the cut connection once its socket's end is read (a query sent on it before then
        // fails as the database being away does: not this test's concern).
        const dropped = Date.now() + 10_000
        while ((t.database.poolStats?.().total ?? 0) >= open && Date.now() < dropped)
          await new Promise((resolve) => setTimeout(resolve, 10))
        // Not acknowledged (the statement may or may not have committed as far as the server knows)…
        for (const status of statuses) expect(status).toBeGreaterThanOrEqual(500)
        // …and nothing of it stored: the group is one statement, rolled back whole.
        for (const s of [blocker, ...sessions])
          expect(await storedSteps(t, s.id)).toEqual(['session_started'])
      } finally {
        configureIngestGroups(t.database.db, limits)
        release()
        await holder
      }
      // Sent again, as the widget retries a failed call: each is stored once.
      const again = await Promise.all(
        [blocker, ...sessions].map((s) =>
          widgetCall(t, `/api/widget/sessions/${s.id}/events`, { token: s.token, body: { events: reason } }),
        ),
      )
      expect(again.map((answer) => answer.status)).toEqual([blocker, ...sessions].map(() => 204))
      for (const s of [blocker, ...sessions])
        expect(await storedSteps(t, s.id)).toEqual(['session_started', 'reason_selected'])
      expect(await counterDifferences(t.database.db, account.accountId)).toEqual([])
    },
  )
})
