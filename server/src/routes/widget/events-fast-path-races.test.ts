import { type SessionEventInput, WIDGET_CONTRACT_VERSION } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { askRaw, type TwinServers, twinServers } from '../../../test/support/twin-servers'
import { guessedSession } from '../../services/widget/event-ingest'
import { applyEvents, type SessionState } from '../../services/widget/session-state'
import type { Subscriber } from '../../services/widget/subscriber-token'
import { EVENT_CALLS_PER_SESSION_PER_MINUTE, EVENT_CALLS_PER_TOKEN_PER_MINUTE } from './session-events'
import { mintToken, startSession, type WidgetAccount, widgetAccount } from './testing'

/**
 * An attacker's (or a flaky network's) view of the events fast path (events-fast-path.ts): one
 * session's calls twenty at a time in parallel, and three sessions of one customer interleaved, all
 * through the product's listener on real sockets. Every call is answered once; what a 204 answered is
 * stored exactly once and nothing else is (each call's events carry their own client times, which name
 * the call a stored row came from); and the session ends as the accepted calls, replayed in the order
 * they were stored through the state machine, leave it. events-fast-path.test.ts compares answers to the
 * framework's one call at a time.
 */
let t: TestContext
let account: WidgetAccount
let twins: TwinServers
let customers = 0

beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t, { stripe: false, domain: 'race-events.example' })
  twins = await twinServers(t)
})
afterAll(async () => {
  twins?.close()
  await t?.close()
})

const REASONS = ['too_expensive', 'not_using_enough', 'missing_features', 'other']

interface Event {
  step: string
  reasonKey?: string
  at: string
}
interface Session {
  id: string
  token: string
}
interface Sent {
  session: Session
  events: Event[]
  status: number
  retryAfter: boolean
}

async function customerToken(customer: string): Promise<string> {
  return mintToken(t, account.secret, { iss: account.accountId, sub: customer })
}
async function openSession(token: string): Promise<Session> {
  const { status, body } = await startSession(t, token)
  expect(status).toBe(201)
  return { id: body.sessionId, token }
}

let calls = 0
/** A batch whose events carry client times no other call's have (a second apart, an hour ago). */
function batch(...steps: Omit<Event, 'at'>[]): Event[] {
  const call = calls++
  const base = t.clock.now().getTime() - 3_600_000 + call * 1000
  return steps.map((step, i) => ({ ...step, at: new Date(base + i).toISOString() }))
}
const reason = (reasonKey: string) => ({ step: 'reason_selected', reasonKey })

/** Sends every call at once, each on a connection of its own, through the product's listener. */
async function sendAll(plan: { session: Session; events: Event[] }[]) {
  const before = twins.frameworkCalls()
  const sent = await Promise.all(
    plan.map(async ({ session, events }): Promise<Sent> => {
      const answer = await askRaw(twins.product, {
        path: `/api/widget/sessions/${session.id}/events?v=${WIDGET_CONTRACT_VERSION}`,
        headers: [
          'Origin',
          'https://www.race-events.example',
          'Content-Type',
          'application/json',
          'Authorization',
          `Bearer ${session.token}`,
        ],
        body: JSON.stringify({ events }),
        agent: false,
      })
      const retryAfter = answer.headers.some((line) => line.toLowerCase().startsWith('retry-after:'))
      return { session, events, status: answer.status, retryAfter }
    }),
  )
  // The fast path answered every 204 itself and handed the framework only the calls it refused, and
  // never failed writing an answer (a second answer to one call would end there).
  expect(twins.frameworkCalls() - before).toBe(sent.filter((call) => call.status !== 204).length)
  expect(t.logger.lines.filter((line) => line.includes('events fast path failed'))).toEqual([])
  return sent
}

/** The state every cancel session starts in, as the events call assumes it for a fresh session. */
const fresh = (session: Session) =>
  guessedSession(session.id, {} as Subscriber, 'cancel', [])?.state as SessionState

/**
 * What the session's stored rows say of `sent`: each 204 call's events once, in its order and next to
 * each other, no row of any other call; the accepted batches, in the order they were stored, pass the
 * state machine from a fresh session and leave it as the session row holds it. The accepted calls.
 */
async function expectStoredAsAnswered(session: Session, sent: Sent[]): Promise<Sent[]> {
  const rows = await t.database.db
    .selectFrom('session_events')
    .select(['id', 'step', 'reason_key', 'client_at'])
    .where('session_id', '=', session.id)
    .where('step', '!=', 'session_started')
    .orderBy('id')
    .execute()
  const mine = sent.filter((call) => call.session === session)
  const byTime = new Map(mine.flatMap((call) => call.events.map((event) => [Date.parse(event.at), call])))
  const stored = rows.map((row) => {
    const call = byTime.get(new Date(row.client_at as Date | string).getTime())
    expect(call, `stored row ${JSON.stringify(row)} of no call sent for this session`).toBeDefined()
    return { call: call as Sent, step: row.step, reasonKey: row.reason_key }
  })
  // The accepted calls in the order their rows were stored, each one's rows together and in order.
  const accepted: Sent[] = []
  for (const row of stored) if (accepted.at(-1) !== row.call) accepted.push(row.call)
  expect(new Set(accepted).size, 'a call stored twice or split by another call').toBe(accepted.length)
  expect(stored.map(({ step, reasonKey }) => ({ step, reasonKey: reasonKey ?? undefined }))).toEqual(
    accepted.flatMap((call) => call.events.map(({ step, reasonKey }) => ({ step, reasonKey }))),
  )
  expect(new Set(accepted)).toEqual(new Set(mine.filter((call) => call.status === 204)))
  let state = fresh(session)
  for (const call of accepted) state = applyEvents(state, call.events as SessionEventInput[]).next
  const row = await t.database.db
    .selectFrom('cancel_sessions')
    .select(['status', 'reason_key', 'client_events'])
    .where('id', '=', session.id)
    .executeTakeFirstOrThrow()
  expect({ ...row, client_events: Number(row.client_events) }).toEqual({
    status: state.status,
    reason_key: state.reasonKey,
    client_events: state.clientEvents,
  })
  return accepted
}

describe('events calls raced through the fast path', () => {
  it('twenty of one session at once: each answered once, a 204 stored once, the session as they left it', async () => {
    const session = await openSession(await customerToken(`cus_race${customers++}`))
    // Three reasons a call: a session takes 50 events, so at most sixteen of twenty calls fit.
    const plan = Array.from({ length: 20 }, (_, i) => ({
      session,
      events: batch(...[i, i + 1, i + 2].map((k) => reason(REASONS[k % 4] as string))),
    }))
    const sent = await sendAll(plan)
    for (const call of sent) {
      // 409: its first reason is the one the session already holds; 429: the session's 50 events.
      expect([204, 409, 429]).toContain(call.status)
      expect(call.retryAfter).toBe(false)
    }
    const accepted = await expectStoredAsAnswered(session, sent)
    expect(accepted.length).toBeGreaterThan(0)
    if (sent.some((call) => call.status === 429)) expect(accepted.length).toBe(16)
  })

  it('twenty closing calls of one session at once: exactly one ends it', async () => {
    const session = await openSession(await customerToken(`cus_race${customers++}`))
    const sent = await sendAll(
      Array.from({ length: 20 }, (_, i) => ({
        session,
        events: batch(reason(REASONS[i % 4] as string), { step: 'reason_continue' }),
      })),
    )
    expect(sent.map((call) => call.status).sort()).toEqual([204, ...Array(19).fill(409)])
    await expectStoredAsAnswered(session, sent)
  })

  it('three sessions of one customer’s token interleaved, past the token’s limit', async () => {
    const token = await customerToken(`cus_race${customers++}`)
    const sessions = [await openSession(token), await openSession(token), await openSession(token)]
    // Within each session's limit, together past the token's.
    const each = Math.ceil((EVENT_CALLS_PER_TOKEN_PER_MINUTE + 15) / sessions.length)
    expect(each).toBeLessThanOrEqual(EVENT_CALLS_PER_SESSION_PER_MINUTE)
    const plan = Array.from({ length: each * sessions.length }, (_, i) => ({
      session: sessions[i % sessions.length] as Session,
      events: batch(reason(REASONS[Math.floor(i / sessions.length) % 4] as string)),
    }))
    const sent = await sendAll(plan)
    const limited = sent.filter((call) => call.status === 429)
    // Every call counts against its token, answered or refused: those past the limit get 429.
    expect(limited.length).toBe(plan.length - EVENT_CALLS_PER_TOKEN_PER_MINUTE)
    expect(limited.every((call) => call.retryAfter)).toBe(true)
    for (const call of sent) expect([204, 409, 429]).toContain(call.status)
    for (const session of sessions) await expectStoredAsAnswered(session, sent)
  })
})
