import type { Server } from 'node:http'
import { WIDGET_CONTRACT_VERSION } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { askRaw, type TwinServers, twinServers } from '../../../test/support/twin-servers'
import { EVENT_CALLS_PER_SESSION_PER_MINUTE } from './session-events'
import { mintToken, startSession, type WidgetAccount, widgetAccount } from './testing'

/**
 * The events call's node:http fast path answers exactly what the Hono route answers: two real servers
 * over the same app — the framework alone (@hono/node-server, as before the fast path) and the product's
 * listener — each given its own twin session, sent the same calls in the same order; every answer's
 * status, raw header lines (order and spelling; the clock's Date and a random request id aside) and body
 * must be equal, for the plain 204 the fast path writes and for every call it declines or hands on.
 */
let t: TestContext
let account: WidgetAccount
let twins: TwinServers
let customers = 0

const V = `?v=${WIDGET_CONTRACT_VERSION}`
const ORIGIN = 'https://www.fast-events.example'

interface RawAnswer {
  status: number
  headers: string[]
  body: string
}

interface Call {
  /** Raw request header lines, names and values in turn (Host is added). */
  headers?: string[]
  body?: string
  query?: string
  method?: string
  /** Sends the body chunked (no Content-Length). */
  chunked?: boolean
}

/** The call on a connection of its own, its answer's body with the session's id masked. */
async function ask(server: Server, path: string, call: Call, sessionId: string): Promise<RawAnswer> {
  const { headers, body = '', method = 'POST', chunked } = call
  const answer = await askRaw(server, { path, method, headers: headers ?? [], body, chunked, agent: false })
  return { ...answer, body: answer.body.toString('utf8').replaceAll(sessionId, '<session>') }
}

interface Twin {
  token: string
  sessionId: string
}

/** A fresh cancel session of a fresh customer (one per server, so both start alike). */
async function twin(): Promise<Twin> {
  const token = await mintToken(t, account.secret, { iss: account.accountId, sub: `cus_fast${customers++}` })
  const { status, body } = await startSession(t, token)
  expect(status).toBe(201)
  return { token, sessionId: body.sessionId }
}

const json = (events: unknown) => JSON.stringify({ events })
const typical = (token: string) => [
  'Origin',
  ORIGIN,
  'Content-Type',
  'application/json',
  'Authorization',
  `Bearer ${token}`,
  'User-Agent',
  'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
]

/**
 * Sends `calls` (headers built per session's token) to both servers, each on its own twin session, one
 * after the other, and expects equal answers; returns them with how many the framework received.
 */
async function expectSame(calls: ((twin: Twin) => Call)[], sessions?: [Twin, Twin]) {
  const [a, b] = sessions ?? [await twin(), await twin()]
  const answers: { answer: RawAnswer; viaFramework: number }[] = []
  for (const make of calls) {
    const before = await ask(twins.framework, pathOf(a, make(a)), make(a), a.sessionId)
    const counted = twins.frameworkCalls()
    const now = await ask(twins.product, pathOf(b, make(b)), make(b), b.sessionId)
    expect(now, JSON.stringify(make(b))).toEqual(before)
    answers.push({ answer: now, viaFramework: twins.frameworkCalls() - counted })
  }
  return answers
}

const pathOf = (twin: Twin, call: Call) => `/api/widget/sessions/${twin.sessionId}/events${call.query ?? V}`

beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t, { stripe: false, domain: 'fast-events.example' })
  twins = await twinServers(t)
})
afterAll(async () => {
  twins?.close()
  await t?.close()
})

describe('the events call answered beside the framework', () => {
  it('writes the route’s 204 itself for a widget’s calls, with and without Origin or a request id', async () => {
    const answers = await expectSame([
      (s) => ({
        headers: typical(s.token),
        body: json([{ step: 'reason_selected', reasonKey: 'too_expensive' }]),
      }),
      (s) => ({
        headers: ['Content-Type', 'application/json', 'Authorization', `Bearer ${s.token}`],
        body: json([{ step: 'feedback_submitted', text: 'Too dear for us' }]),
      }),
      (s) => ({
        headers: [...typical(s.token), 'X-Request-Id', 'req-from-the-page'],
        body: json([{ step: 'reason_continue' }]),
      }),
    ])
    expect(answers.map(({ answer }) => answer.status)).toEqual([204, 204, 204])
    // Answered by the fast path: the framework never saw them.
    expect(answers.map(({ viaFramework }) => viaFramework)).toEqual([0, 0, 0])
  })

  it('hands every call that does not end in a plain 204 to the route, which answers it', async () => {
    const answers = await expectSame([
      // Partly refused (an event's client time cannot be real): 200 with the refused ones.
      (s) => ({
        headers: typical(s.token),
        body: json([
          { step: 'reason_selected', reasonKey: 'too_expensive' },
          { step: 'feedback_submitted', text: 'x', at: '1999-01-01T00:00:00.000Z' },
        ]),
      }),
      // Not valid JSON, empty, not the schema, an unknown reason, text the database cannot store.
      (s) => ({ headers: typical(s.token), body: '{"events": [' }),
      (s) => ({ headers: typical(s.token), body: '' }),
      (s) => ({ headers: typical(s.token), body: json([{ step: 'nonsense' }]) }),
      (s) => ({ headers: typical(s.token), body: json([{ step: 'reason_selected', reasonKey: 'nope' }]) }),
      (s) => ({ headers: typical(s.token), body: json([{ step: 'feedback_submitted', text: 'a\u0000b' }]) }),
      // Ended, then refused by the session's state (409).
      (s) => ({ headers: typical(s.token), body: json([{ step: 'reason_continue' }]) }),
      (s) => ({ headers: typical(s.token), body: json([{ step: 'reason_continue' }]) }),
    ])
    expect(answers.map(({ answer }) => answer.status)).toEqual([200, 400, 400, 400, 400, 400, 204, 409])
  })

  it('leaves to the framework what it does not read: other versions, types, lengths, tokens, origins', async () => {
    const other = await twin()
    const reason = json([{ step: 'feedback_submitted', text: 'Hardly used it' }])
    const chunked = await expectSame([(s) => ({ headers: typical(s.token), body: reason, chunked: true })])
    const answers = await expectSame([
      (s) => ({ headers: typical(s.token), body: reason, query: '' }),
      (s) => ({ headers: typical(s.token), body: reason, query: '?v=1' }),
      (s) => ({ headers: typical(s.token), body: reason, query: '?v=99' }),
      (s) => ({ headers: typical(s.token), body: reason, query: `${V}&x=%ff` }),
      (s) => ({
        headers: typical(s.token).map((v) => (v === 'application/json' ? 'text/plain' : v)),
        body: reason,
      }),
      (s) => ({ headers: [...typical(s.token), 'Origin', 'https://other.example'], body: reason }),
      (s) => ({
        headers: typical(s.token).map((v) => (v === ORIGIN ? 'https://elsewhere.example' : v)),
        body: reason,
      }),
      (s) => ({
        headers: typical(s.token).map((v) => (v.startsWith('Bearer') ? 'Bearer x.y.z' : v)),
        body: reason,
      }),
      (s) => ({ headers: typical(s.token).slice(0, 4), body: reason }),
      () => ({ headers: typical(other.token), body: reason }),
      (s) => ({ headers: typical(s.token), body: reason, method: 'PUT' }),
      (s) => ({ headers: typical(s.token), body: JSON.stringify({ events: [], pad: 'x'.repeat(140_000) }) }),
    ])
    expect([...chunked, ...answers].map(({ answer }) => answer.status)).toEqual([
      204, 204, 409, 409, 400, 415, 403, 403, 401, 401, 403, 404, 413,
    ])
    expect([...chunked, ...answers].every(({ viaFramework }) => viaFramework === 1)).toBe(true)
  })

  it('answers calls out of order and repeated as the route does, and stores what it stores', async () => {
    const [a, b] = [await twin(), await twin()]
    const at = (minutesAgo: number) => new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString()
    const feedback = json([{ step: 'feedback_submitted', text: 'Too dear', at: at(3) }])
    // Sent after the write-in, stamped before it: a widget whose calls overtook each other.
    const earlier = json([{ step: 'reason_selected', reasonKey: 'too_expensive', at: at(5) }])
    const backwards = json([
      { step: 'reason_selected', reasonKey: 'other', at: at(1) },
      { step: 'feedback_submitted', text: 'Slow too', at: at(2) },
    ])
    const close = json([{ step: 'reason_continue', at: at(0) }])
    const answers = await expectSame(
      [feedback, earlier, earlier, feedback, backwards, earlier, close, close, backwards].map(
        (body) => (s: Twin) => ({ headers: typical(s.token), body }),
      ),
      [a, b],
    )
    expect(answers.map(({ answer }) => answer.status)).toEqual([204, 204, 409, 409, 204, 204, 204, 409, 409])
    expect(answers.map(({ viaFramework }) => viaFramework)).toEqual([0, 0, 1, 1, 0, 0, 0, 1, 1])
    const stored = async (s: Twin) => ({
      events: await t.database.db
        .selectFrom('session_events')
        .select(['step', 'reason_key', 'text', 'client_at'])
        .where('session_id', '=', s.sessionId)
        .orderBy('id')
        .execute(),
      session: await t.database.db
        .selectFrom('cancel_sessions')
        .select(['status', 'reason_key', 'client_events'])
        .where('id', '=', s.sessionId)
        .executeTakeFirstOrThrow(),
    })
    const [byFramework, byProduct] = [await stored(a), await stored(b)]
    expect(byProduct).toEqual(byFramework)
    expect(byProduct.events.map((row) => row.step)).toEqual([
      'session_started',
      'feedback_submitted',
      'reason_selected',
      'reason_selected',
      'feedback_submitted',
      'reason_selected',
      'reason_continue',
    ])
    expect(byProduct.session.status).toBe('stayed')
  })

  it('answers an unknown session, an expired token and a rate limit as the route does', async () => {
    const [a, b] = [await twin(), await twin()]
    const expired = async (s: Twin) =>
      mintToken(t, account.secret, {
        iss: account.accountId,
        sub: `cus_late${s.sessionId}`,
        iat: Math.floor(t.clock.now().getTime() / 1000) - 1000,
        exp: Math.floor(t.clock.now().getTime() / 1000) - 10,
      })
    const late = [await expired(a), await expired(b)]
    const shown = json([{ step: 'reason_selected', reasonKey: 'too_expensive' }])
    const answers = await expectSame(
      [
        (s) => ({ headers: typical(late[s === a ? 0 : 1] as string), body: shown }),
        (s) => ({ headers: typical(s.token), body: shown, query: V }),
        ...Array.from({ length: EVENT_CALLS_PER_SESSION_PER_MINUTE }, () => (s: Twin) => ({
          headers: typical(s.token),
          body: shown,
        })),
      ],
      [a, b],
    )
    const statuses = answers.map(({ answer }) => answer.status)
    expect(statuses[0]).toBe(401)
    expect(statuses.at(-1)).toBe(429)
    const unknown = { sessionId: 'cs_AAAAAAAAAAAAAAAAAAAAAA', token: a.token }
    const [missing] = await expectSame(
      [(s) => ({ headers: typical(s.token), body: shown })],
      [unknown, unknown],
    )
    expect(missing?.answer.status).toBe(404)
  })
})
