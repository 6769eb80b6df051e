import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { counterDifferences } from '../../services/analytics/rollup-oracle'
import {
  configureIngestGroups,
  ingestGroupCounters,
  ingestGroupLimitsOf,
} from '../../services/widget/ingest-groups'
import {
  createSecret,
  errorOf,
  type OpenSession,
  openSessions,
  startSession,
  storedSteps,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/**
 * Events calls that arrive together are written together (services/widget/ingest-groups.ts): one
 * statement for the calls queued behind the ones in flight. Grouping must never change an answer: each
 * call is judged on its own session, a session's calls are still written one after the other, a shared
 * rate-limit window loses no hit, and when the group's statement fails each call is sent again alone.
 */
let t: TestContext
let account: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  // Two statements out at once, whatever the machine's cores: holding both slots then takes the test's
  // transaction and two connections of the test pool's four, leaving one for calls sent alone. And a
  // burst may queue for a minute: on a slow machine its first calls must not leave the queue before its
  // last have arrived (the stuck-statements test sets the wait it checks).
  configureIngestGroups(t.database.db, { maxInFlight: 2, maxQueueWaitMs: 60_000 })
  account = await widgetAccount(t, { stripe: false })
})
afterAll(() => t.close())

const post = (sessionId: string, token: string, events: unknown[]) =>
  widgetCall(t, `/api/widget/sessions/${sessionId}/events`, { token, body: { events } })
const reason = (reasonKey: string) => [{ step: 'reason_selected', reasonKey }]

async function clientEvents(sessionId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('cancel_sessions')
    .select('client_events')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow()
  return Number(row.client_events)
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const counters = () => JSON.stringify(ingestGroupCounters(t.database.db))
  const deadline = Date.now() + 10_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${counters()}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

let blockerTag = 0

/**
 * Takes every statement slot with a call held up (its session row locked by an open transaction; on
 * PGlite, the one connection held), so that calls sent meanwhile queue. `release` lets them go.
 */
async function holdEverySlot() {
  const blockers = await openSessions(
    t,
    account,
    ingestGroupLimitsOf(t.database.db).maxInFlight,
    `blocker${blockerTag++}x`,
  )
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let locked = () => {}
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve
  })
  const holder = t.database.db.transaction().execute(async (trx) => {
    await sql`select id from cancel_sessions where id = any(${blockers.map((b) => b.id)}) for update`.execute(
      trx,
    )
    locked()
    await released
  })
  await isLocked
  // One at a time: calls sent in the same turn would share one statement (and one slot).
  const held: Promise<Response>[] = []
  for (const b of blockers) {
    const start = ingestGroupCounters(t.database.db)
    held.push(post(b.id, b.token, reason('other')))
    await until(
      () => ingestGroupCounters(t.database.db).statements - start.statements === 1,
      'a blocker to take a slot',
    )
  }
  return {
    held,
    async release() {
      release()
      await holder
      expect((await Promise.all(held)).map((answer) => answer.status)).toEqual(blockers.map(() => 204))
    },
  }
}

/** Sends `calls` while every slot is held, so that all of them queue and go as groups once it frees. */
async function whileSlotsAreBusy(calls: () => Promise<Response>[]): Promise<Response[]> {
  const slots = await holdEverySlot()
  const sent = calls()
  await until(() => ingestGroupCounters(t.database.db).waiting === sent.length, 'the calls to queue')
  await slots.release()
  return Promise.all(sent)
}

describe('calls that arrive together', () => {
  it('are written in fewer statements than calls, each call answered on its own session', async () => {
    const sessions = await openSessions(t, account, 24, 'mixed')
    const [ended, changed, anothers] = sessions.slice(20) as [OpenSession, OpenSession, OpenSession]
    // Ended before the burst: its call is refused on the state the database holds.
    expect((await post(ended.id, ended.token, [{ step: 'reason_continue' }])).status).toBe(204)
    // Written by this process, then changed by another writer: the remembered state is stale.
    expect((await post(changed.id, changed.token, reason('other'))).status).toBe(204)
    await t.database.db
      .updateTable('cancel_sessions')
      .set({ reason_key: 'too_expensive', client_events: 5 })
      .where('id', '=', changed.id)
      .execute()

    const before = ingestGroupCounters(t.database.db)
    const answers = await whileSlotsAreBusy(() => [
      ...sessions.slice(0, 20).map((s, i) => post(s.id, s.token, reason(i % 2 ? 'other' : 'too_expensive'))),
      post(ended.id, ended.token, reason('other')),
      // Accepted on the remembered state and on the real one alike: it goes with the group, finds the
      // row moved, and is judged again on a read.
      post(changed.id, changed.token, reason('not_using_enough')),
      // A session of another customer, with this customer's token.
      post(anothers.id, sessions[0]?.token ?? '', reason('other')),
      post('cs_0123456789abcdef0123456789abcdef', anothers.token, reason('other')),
    ])
    const after = ingestGroupCounters(t.database.db)

    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array.from({ length: 20 }, () => 204),
      409,
      204,
      403,
      404,
    ])
    expect((await errorOf(answers[20] as Response)).message).toBe(
      'This session has ended: nothing more can be recorded for it.',
    )
    // Grouped: the queued calls went in a few statements (one call shares a token window with another,
    // so it waits for the next group), not one each.
    expect(after.calls - before.calls - (after.statements - before.statements)).toBeGreaterThanOrEqual(15)
    for (const s of sessions.slice(0, 20)) {
      expect(await storedSteps(t, s.id)).toEqual(['session_started', 'reason_selected'])
      expect(await clientEvents(s.id)).toBe(1)
    }
    expect(await storedSteps(t, ended.id)).toEqual(['session_started', 'reason_continue'])
    // Judged on what the other writer left: counted on from its five.
    expect(await clientEvents(changed.id)).toBe(6)
    expect(await storedSteps(t, anothers.id)).toEqual(['session_started'])
    expect(await counterDifferences(t.database.db, account.accountId)).toEqual([])
  })

  it('of one session are written one after the other, and a shared window loses no hit', async () => {
    // One customer's token, three of its sessions, ten calls each, all at once.
    const token = await tokenFor(t, account, 'cus_shared')
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await startSession(t, token)).body.sessionId)
    const before = ingestGroupCounters(t.database.db)
    // Parallel calls of one session may be written in any order: each call's two reasons are accepted
    // after any other call's (a reason the session already holds would be refused, 409).
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(ids[i % 3] as string, token, [...reason('too_expensive'), ...reason('other')]),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 30 }, () => 204))
    // No group ever held two calls of one session or window (its upsert would have failed).
    expect(ingestGroupCounters(t.database.db).fallbacks).toBe(before.fallbacks)
    for (const id of ids) {
      expect(await clientEvents(id)).toBe(20)
      expect((await storedSteps(t, id)).filter((step) => step === 'reason_selected')).toHaveLength(20)
    }
    const { rows } = await sql<{ bucket: string; hits: number }>`select bucket, hits from rate_limit_hits
      where bucket like 'widget-events-token:%' or bucket = any(${ids.map((id) => `widget-events:${id}`)})`.execute(
      t.database.db,
    )
    const hits = rows.map((row) => Number(row.hits))
    // Each session's window counted its ten calls; the token's (its only one) all thirty.
    expect(
      rows.filter((row) => ids.some((id) => row.bucket === `widget-events:${id}`)).map((r) => Number(r.hits)),
    ).toEqual([10, 10, 10])
    expect(hits).toContain(30)
    expect(await counterDifferences(t.database.db, account.accountId)).toEqual([])
  })

  it('when the group statement fails, each call is sent alone: only the failing one fails', async () => {
    const sessions = await openSessions(t, account, 12, 'failing')
    const victim = sessions[11] as OpenSession
    // A fault in one call's write (as a trigger or constraint would raise): the whole group's
    // statement is rolled back, then each call is tried on its own.
    await sql`create function test_fail_one() returns trigger language plpgsql as $$
      begin
        if new.session_id = ${sql.lit(victim.id)} then raise exception 'refused for the test'; end if;
        return new;
      end $$`.execute(t.database.db)
    await sql`create trigger test_fail_one before insert on session_events
      for each row execute function test_fail_one()`.execute(t.database.db)
    try {
      const before = ingestGroupCounters(t.database.db)
      const answers = await whileSlotsAreBusy(() => sessions.map((s) => post(s.id, s.token, reason('other'))))
      const after = ingestGroupCounters(t.database.db)
      expect(answers.map((answer) => answer.status)).toEqual([...Array.from({ length: 11 }, () => 204), 500])
      expect(after.fallbacks - before.fallbacks).toBeGreaterThanOrEqual(1)
      for (const s of sessions.slice(0, 11))
        expect(await storedSteps(t, s.id)).toEqual(['session_started', 'reason_selected'])
      expect(await storedSteps(t, victim.id)).toEqual(['session_started'])
      expect(await clientEvents(victim.id)).toBe(0)
    } finally {
      await sql`drop trigger test_fail_one on session_events`.execute(t.database.db)
      await sql`drop function test_fail_one()`.execute(t.database.db)
    }
    // Nothing was lost or half-written: the victim's next call goes through.
    expect((await post(victim.id, victim.token, reason('other'))).status).toBe(204)
    expect(await counterDifferences(t.database.db, account.accountId)).toEqual([])
  })

  it.runIf(process.env.TEST_DB === 'postgres')(
    'stuck statements do not hold the queue: a call waits at most a second, then goes alone',
    async () => {
      const sessions = await openSessions(t, account, 4, 'stuck')
      const slots = await holdEverySlot()
      const MAX_QUEUE_WAIT_MS = 1_000
      configureIngestGroups(t.database.db, { maxQueueWaitMs: MAX_QUEUE_WAIT_MS })
      try {
        const before = ingestGroupCounters(t.database.db)
        const started = Date.now()
        const answers = await Promise.all(sessions.map((s) => post(s.id, s.token, reason('other'))))
        const waited = Date.now() - started
        // Answered while the slots are still held (their statements still wait on the lock).
        expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204])
        expect(waited).toBeGreaterThanOrEqual(MAX_QUEUE_WAIT_MS - 50)
        expect(waited).toBeLessThan(MAX_QUEUE_WAIT_MS + 5_000)
        expect(ingestGroupCounters(t.database.db).waitedOut - before.waitedOut).toBe(4)
        for (const s of sessions)
          expect(await storedSteps(t, s.id)).toEqual(['session_started', 'reason_selected'])
      } finally {
        configureIngestGroups(t.database.db, { maxQueueWaitMs: 60_000 })
        await slots.release()
      }
    },
  )
})

describe("each event's live flag", () => {
  it('is its session’s mode, written alone or in a group (the events statements copy it from the row)', async () => {
    const testAccount = {
      ...account,
      secret: await createSecret(t, account.accountId, account.ownerToken, 'test'),
    }
    const live = await openSessions(t, account, 3, 'livemode')
    const rehearsal = await openSessions(t, testAccount, 3, 'testmode')
    // Alone: nothing busy, so each call is its own statement.
    for (const s of [live[0], rehearsal[0]] as OpenSession[])
      expect((await post(s.id, s.token, reason('other'))).status).toBe(204)
    const before = ingestGroupCounters(t.database.db)
    const answers = await whileSlotsAreBusy(() =>
      [...live.slice(1), ...rehearsal.slice(1)].map((s) => post(s.id, s.token, reason('too_expensive'))),
    )
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204])
    const after = ingestGroupCounters(t.database.db)
    expect(after.calls - before.calls).toBeGreaterThan(after.statements - before.statements)

    const flags = async (sessions: OpenSession[]) => {
      const rows = await t.database.db
        .selectFrom('session_events')
        .select(['session_id', 'step', 'live'])
        .where(
          'session_id',
          'in',
          sessions.map((s) => s.id),
        )
        .orderBy('id')
        .execute()
      return rows.map((row) => `${row.step}:${row.live}`)
    }
    // session_started is written without `live` (the trigger sets it); reason_selected by the events call.
    for (const s of live) expect(await flags([s])).toEqual(['session_started:true', 'reason_selected:true'])
    for (const s of rehearsal)
      expect(await flags([s])).toEqual(['session_started:false', 'reason_selected:false'])
    expect(await counterDifferences(t.database.db, account.accountId)).toEqual([])
  })

  it('is true for a row without a session when its writer leaves it out', async () => {
    const { rows } = await sql<{ live: boolean }>`insert into session_events (account_id, step)
      values (${account.accountId}, 'session_started') returning live`.execute(t.database.db)
    expect(rows[0]?.live).toBe(true)
  })
})
