import type { SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  newSubscriber,
  startSession,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from '../../routes/widget/testing'
import { pruneAccountEvidence, retentionCutoff, sealEndedSessions } from './passes'
import { verifyAccountChain } from './store'

/** The ledger's background passes: sessions ended outside a billing call are sealed; old rows pruned. */
let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

async function openSession() {
  const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
  const token = await tokenFor(t, account, subscriber)
  const { body } = await startSession(t, token)
  return { token, sessionId: body.sessionId }
}

const kindsOf = async (sessionId: string) =>
  (
    await t.database.db
      .selectFrom('evidence_ledger')
      .select(['kind', 'body'])
      .where('session_id', '=', sessionId)
      .orderBy('seq')
      .execute()
  ).map((row) => row.kind)

describe('sealing', () => {
  it('closes a session the subscriber ended by keeping their plan, once, with its clicks', async () => {
    const s = await openSession()
    const events = [{ step: 'reason_selected', reasonKey: 'too_expensive' }, { step: 'reason_continue' }]
    expect(
      (
        await widgetCall(t, `/api/widget/sessions/${s.sessionId}/events`, {
          token: s.token,
          body: { events },
        })
      ).status,
    ).toBe(204)
    expect(await sealEndedSessions(t.deps)).toBeGreaterThanOrEqual(1)
    expect(await kindsOf(s.sessionId)).toEqual(['session_started', 'session_closed'])
    const closed = await t.database.db
      .selectFrom('evidence_ledger')
      .select('body')
      .where('session_id', '=', s.sessionId)
      .where('kind', '=', 'session_closed')
      .executeTakeFirstOrThrow()
    expect(closed.body).toMatchObject({
      outcome: 'stayed',
      clicks: [
        expect.objectContaining({ step: 'session_started' }),
        expect.objectContaining({ step: 'reason_selected' }),
        expect.objectContaining({ step: 'reason_continue' }),
      ],
    })
    expect(await sealEndedSessions(t.deps)).toBe(0)
    expect(await kindsOf(s.sessionId)).toEqual(['session_started', 'session_closed'])
  })

  it('leaves an open session alone for a day, then seals it as open', async () => {
    const s = await openSession()
    await sealEndedSessions(t.deps)
    expect(await kindsOf(s.sessionId)).toEqual(['session_started'])
    t.clock.advanceDays(2)
    await sealEndedSessions(t.deps)
    expect(await kindsOf(s.sessionId)).toEqual(['session_started', 'session_closed'])
  })
})

describe('retention', () => {
  it('removes rows past the retention period from the chain’s start, and what remains still verifies', async () => {
    const before = await verifyAccountChain(t.database.db, account.accountId)
    expect(before.intact).toBe(true)
    // Four years on, one more session: the old rows go, the new one stays and chains from the kept hash.
    t.clock.advanceDays(4 * 366)
    const recent = await openSession()
    const removed = await pruneAccountEvidence(t.deps, account.accountId, retentionCutoff(t.clock.now(), 3))
    expect(removed).toBe(before.head.seq)
    const after = await verifyAccountChain(t.database.db, account.accountId)
    expect(after).toMatchObject({
      intact: true,
      prunedThrough: before.head.seq,
      fromSeq: before.head.seq + 1,
    })
    expect(await kindsOf(recent.sessionId)).toEqual(['session_started'])
    expect(await pruneAccountEvidence(t.deps, account.accountId, retentionCutoff(t.clock.now(), 3))).toBe(0)
  })

  it('counts whole years from now, and never fewer than three (the setting refuses less)', () => {
    expect(retentionCutoff(new Date('2030-02-01T00:00:00Z'), 3).toISOString()).toBe(
      '2027-02-01T00:00:00.000Z',
    )
  })
})
