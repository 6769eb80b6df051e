import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { createApp } from '../../app'
import { errorOf, startSession, tokenFor, type WidgetAccount, widgetAccount, widgetCall } from './testing'

let t: TestContext
let account: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t, { stripe: false })
})
afterAll(() => t.close())

/** A session whose offers the merchant's own handlers carry out (this account has no Stripe). */
async function session(customer = 'cus_events1') {
  const token = await tokenFor(t, account, customer, { handles: ['offers', 'cancel'] })
  const { body } = await startSession(t, token, { merchantHandlesOffers: true })
  expect(body.eligibleOffers).toEqual(['discount', 'pause'])
  return { token, id: body.sessionId }
}

const post = (id: string, token: string, events: unknown[]) =>
  widgetCall(t, `/api/widget/sessions/${id}/events`, { token, body: { events } })

const eventsOf = (id: string) =>
  t.database.db
    .selectFrom('session_events')
    .select(['step', 'reason_key', 'offer', 'text', 'created_at', 'client_at'])
    .where('session_id', '=', id)
    .orderBy('id')
    .execute()

const sessionRow = (id: string) =>
  t.database.db.selectFrom('cancel_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('POST /api/widget/sessions/:id/events', () => {
  it('stores a batch with server and client times, and answers 204', async () => {
    const { token, id } = await session()
    const res = await post(id, token, [
      { step: 'reason_selected', reasonKey: 'too_expensive', at: '2026-01-02T03:04:05.000Z' },
      { step: 'feedback_submitted', text: 'Costs too much for what I use' },
      { step: 'offer_shown', offer: 'discount' },
      { step: 'offer_declined', offer: 'discount' },
    ])
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    const now = t.clock.now()
    expect((await eventsOf(id)).slice(1)).toEqual([
      {
        step: 'reason_selected',
        reason_key: 'too_expensive',
        offer: null,
        text: null,
        created_at: now,
        client_at: new Date('2026-01-02T03:04:05.000Z'),
      },
      {
        step: 'feedback_submitted',
        reason_key: null,
        offer: null,
        text: 'Costs too much for what I use',
        created_at: now,
        client_at: null,
      },
      {
        step: 'offer_shown',
        reason_key: null,
        offer: 'discount',
        text: null,
        created_at: now,
        client_at: null,
      },
      {
        step: 'offer_declined',
        reason_key: null,
        offer: 'discount',
        text: null,
        created_at: now,
        client_at: null,
      },
    ])
    expect((await sessionRow(id)).reason_key).toBe('too_expensive')
  })

  it('marks the session stayed on reason_continue', async () => {
    const { token, id } = await session()
    await post(id, token, [{ step: 'reason_continue', reasonKey: 'too_expensive' }])
    expect(await sessionRow(id)).toMatchObject({ status: 'stayed', completed_at: t.clock.now() })
  })

  it('marks an open session abandoned on flow_abandoned, and refuses anything after (409)', async () => {
    const { token, id } = await session()
    expect((await post(id, token, [{ step: 'flow_abandoned' }])).status).toBe(204)
    expect((await sessionRow(id)).status).toBe('abandoned')
    const late = await post(id, token, [{ step: 'reason_continue' }])
    expect(late.status).toBe(409)
    expect((await errorOf(late)).code).toBe('CONSTRAINT_VIOLATION')
    expect((await sessionRow(id)).status).toBe('abandoned')
  })

  it('refuses the steps only the server records', async () => {
    const { token, id } = await session()
    for (const step of [
      'session_started',
      'offer_accepted',
      'cancel_completed',
      'banner_shown',
      'banner_accepted',
    ]) {
      const res = await post(id, token, [{ step: 'offer_shown', offer: 'discount' }, { step }])
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toEqual({
        code: 'INVALID_INPUT',
        message: `${step} is recorded by the server, not sent by the widget`,
        field: 'events.1.step',
      })
    }
    // Nothing of a refused batch is written.
    expect(await eventsOf(id)).toHaveLength(1)
  })

  it('accepts text only with feedback_submitted, and needs a reasonKey for reason_selected', async () => {
    const { token, id } = await session()
    const text = await post(id, token, [{ step: 'offer_declined', text: 'hello' }])
    expect(text.status).toBe(400)
    expect(await errorOf(text)).toEqual({
      code: 'INVALID_INPUT',
      message: 'Text is only accepted with feedback_submitted',
      field: 'events.0.text',
    })
    const reason = await post(id, token, [{ step: 'reason_selected' }])
    expect(reason.status).toBe(400)
    expect((await errorOf(reason)).field).toBe('events.0.reasonKey')
  })

  it('refuses banner steps on a cancel session', async () => {
    const { token, id } = await session()
    const res = await post(id, token, [{ step: 'banner_dismissed' }])
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe('banner_dismissed does not belong to a cancel session')
  })

  it('takes 1 to 50 events, validated by the shared schema', async () => {
    const { token, id } = await session()
    const fifty = Array.from({ length: 50 }, () => ({ step: 'offer_shown', offer: 'pause' }))
    expect((await post(id, token, fifty)).status).toBe(204)
    const tooMany = await post(id, token, [...fifty, { step: 'offer_shown' }])
    expect(tooMany.status).toBe(400)
    expect((await errorOf(tooMany)).message).toBe('At most 50 events per batch')
    const none = await post(id, token, [])
    expect((await errorOf(none)).message).toBe('At least one event required')
    const unknown = await post(id, token, [{ step: 'hacked' }])
    expect(unknown.status).toBe(400)
    const longText = await post(id, token, [{ step: 'feedback_submitted', text: 'x'.repeat(2001) }])
    expect((await errorOf(longText)).message).toBe('Feedback too long')
    const badKey = await post(id, token, [{ step: 'reason_selected', reasonKey: 'DROP TABLE' }])
    expect((await errorOf(badKey)).message).toBe('Invalid reason key')
  })

  it("needs a token for the session's customer", async () => {
    const { id } = await session('cus_owner1')
    const other = await tokenFor(t, account, 'cus_intruder1')
    const res = await post(id, other, [{ step: 'offer_shown' }])
    expect(res.status).toBe(403)
    expect(await errorOf(res)).toEqual({
      code: 'FORBIDDEN',
      message: 'This session belongs to another customer.',
    })
    expect((await widgetCall(t, `/api/widget/sessions/${id}/events`, { body: { events: [] } })).status).toBe(
      401,
    )
  })

  it('answers 404 for an unknown session and 400 for a malformed id', async () => {
    const token = await tokenFor(t, account, 'cus_events1')
    expect((await post('cs_AAAAAAAAAAAAAAAAAAAAAA', token, [{ step: 'offer_shown' }])).status).toBe(404)
    const bad = await post('nope', token, [{ step: 'offer_shown' }])
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).message).toBe('Invalid session id')
  })
})

describe('who may post to a session, decided before anything is counted or stored', () => {
  const hitsOf = (id: string) =>
    t.database.db
      .selectFrom('rate_limit_hits')
      .select('hits')
      .where('bucket', '=', `widget-events:${id}`)
      .execute()

  it('an unknown session is 404 and another customer’s 403, whatever the batch', async () => {
    const token = await tokenFor(t, account, 'cus_events1')
    const unknown = 'cs_BBBBBBBBBBBBBBBBBBBBBB'
    for (const events of [[{ step: 'reason_selected', reasonKey: 'too_expensive' }], [{ step: 'hacked' }]]) {
      expect((await post(unknown, token, events)).status).toBe(404)
    }
    expect(await hitsOf(unknown)).toEqual([])
    const { id } = await session('cus_owner2')
    const intruder = await tokenFor(t, account, 'cus_intruder2')
    for (const events of [
      [{ step: 'reason_selected', reasonKey: 'too_expensive' }],
      [{ step: 'feedback_submitted', text: 'mine now' }],
      [{ step: 'banner_dismissed' }],
      [],
    ]) {
      const res = await post(id, intruder, events)
      expect(res.status).toBe(403)
      expect((await errorOf(res)).message).toBe('This session belongs to another customer.')
    }
    expect(await hitsOf(id)).toEqual([])
    expect(await eventsOf(id)).toHaveLength(1)
  })
})

describe('round trips', () => {
  it('one statement per call: a session’s first batch, and the next ones this process stores', async () => {
    // The app over a database handle that lists every statement it runs but the rate-limit windows'
    // housekeeping (deletes, run in the background).
    const statements: string[] = []
    const listing: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind !== 'DeleteQueryNode') statements.push(node.kind)
        return node
      },
      transformResult: async ({ result }) => result,
    }
    const db = t.database.db.withPlugin(listing)
    const app = createApp({ ...t.deps, db })
    const call = async (id: string, token: string, events: unknown[]) => {
      statements.length = 0
      const res = await app.request(`/api/widget/sessions/${id}/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
      })
      await t.deps.background.idle()
      return { status: res.status, statements: statements.length }
    }
    const warm = await session('cus_trips0')
    expect((await call(warm.id, warm.token, [{ step: 'reason_selected', reasonKey: 'other' }])).status).toBe(
      204,
    )

    const { token, id } = await session('cus_trips1')
    expect(await call(id, token, [{ step: 'reason_selected', reasonKey: 'too_expensive' }])).toEqual({
      status: 204,
      statements: 1,
    })
    expect(await call(id, token, [{ step: 'feedback_submitted', text: 'Too dear' }])).toEqual({
      status: 204,
      statements: 1,
    })
    expect(
      await call(id, token, [
        { step: 'offer_shown', offer: 'discount' },
        { step: 'offer_declined', offer: 'discount' },
      ]),
    ).toEqual({ status: 204, statements: 1 })
    // A first batch with offer events needs the session's eligible offers: read first.
    const other = await session('cus_trips2')
    expect(await call(other.id, other.token, [{ step: 'offer_shown', offer: 'pause' }])).toEqual({
      status: 204,
      statements: 2,
    })
    expect(await eventsOf(id)).toHaveLength(5)
    // A late event after the session's end: the statement (which counts the call) and the read that
    // shows the end; the refusal needs nothing more.
    expect(await call(id, token, [{ step: 'flow_abandoned' }])).toEqual({ status: 204, statements: 1 })
    expect(await call(id, token, [{ step: 'reason_continue' }])).toEqual({ status: 409, statements: 2 })
    expect(await eventsOf(id)).toHaveLength(6)
  })
})
