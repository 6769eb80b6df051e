import type { SeededMerchant } from '@retainkit/fakes/stripe'
import type { StatutoryResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { verifyAccountChain } from '../../services/evidence/store'
import {
  errorOf,
  fakeSubscription,
  newSubscriber,
  startSession,
  subscriptionWrites,
  type TokenClaims,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/**
 * Issue 34: the statutory page's declaration (§ 312k BGB; the EU withdrawal function) is carried out
 * once, confirmed with the date and time it was received and a reference, and recorded as evidence;
 * Minnesota's question after a cancellation is answered once and recorded.
 */
const DAY = 86_400
let t: TestContext
let account: WidgetAccount
let m: SeededMerchant

beforeAll(async () => {
  t = await createTestContext()
  t.clock.set(new Date())
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

async function sessionAs(claims: TokenClaims, startedDaysAgo = 400) {
  const now = Math.floor(Date.now() / 1000)
  const subscriber = await newSubscriber(t, m, m.prices.proMonthly, {
    backdate_start_date: now - startedDaysAgo * DAY,
  })
  const token = await tokenFor(t, account, subscriber, claims)
  const { body } = await startSession(t, token)
  return { ...subscriber, token, sessionId: body.sessionId }
}

const declare = (s: { token: string; sessionId: string }, body: Record<string, unknown>) =>
  widgetCall(t, `/api/widget/sessions/${s.sessionId}/statutory`, { token: s.token, body })

const DECLARATION = {
  kind: 'ordinary',
  name: 'Erika Mustermann',
  contract: 'Pro',
  effective: 'earliest',
  email: 'erika@example.com',
}

describe('the statutory declaration', () => {
  it('ends the contract at the earliest date, confirms in German with a reference, and records it', async () => {
    const s = await sessionAs({ country: 'DE', locale: 'de' })
    const res = await declare(s, DECLARATION)
    expect(res.status).toBe(200)
    const body = (await res.json()) as StatutoryResponse
    const periodEnd = fakeSubscription(t, m, s.subscriptionId).items.data[0]?.current_period_end as number
    expect(body).toMatchObject({
      status: 'received',
      endsAt: new Date(periodEnd * 1000).toISOString(),
      reference: expect.stringMatching(/^RK-[0-9A-F]{5}-[0-9A-F]{5}$/),
      headline: 'Ihre Kündigung ist eingegangen',
      text: expect.stringMatching(/^Eingegangen am \d+\. \w+ \d{4} um \d\d:\d\d UTC \(Referenz RK-/),
    })
    expect(fakeSubscription(t, m, s.subscriptionId).cancel_at_period_end).toBe(true)
    const session = await t.database.db
      .selectFrom('cancel_sessions')
      .select(['status', 'receipt_reference'])
      .where('id', '=', s.sessionId)
      .executeTakeFirstOrThrow()
    expect(session).toEqual({ status: 'canceled', receipt_reference: body.reference })
    const entry = await t.database.db
      .selectFrom('evidence_ledger')
      .select(['kind', 'body'])
      .where('session_id', '=', s.sessionId)
      .where('kind', '=', 'statutory_declaration')
      .executeTakeFirstOrThrow()
    expect(entry.body).toMatchObject({
      declaration: DECLARATION,
      carried_out: 'stripe',
      response: { reference: body.reference, receivedAt: body.receivedAt },
      screens_shown: [{ screen: 'statutory.page' }],
    })
    expect((await verifyAccountChain(t.database.db, account.accountId)).intact).toBe(true)
  })

  it('ends it on a later date the subscriber chose', async () => {
    const s = await sessionAs({ country: 'DE' })
    const later = new Date(Date.now() + 90 * DAY * 1000).toISOString().slice(0, 10)
    const body = (await (await declare(s, { ...DECLARATION, effective: later })).json()) as StatutoryResponse
    const sub = fakeSubscription(t, m, s.subscriptionId)
    expect(sub.cancel_at).toBe(Math.floor(new Date(`${later}T23:59:59Z`).getTime() / 1000))
    expect(body.endsAt?.slice(0, 10)).toBe(later)
  })

  it('takes a withdrawal only inside the withdrawal period, and ends the contract at once', async () => {
    const inside = await sessionAs({ country: 'DE' }, 2)
    const res = await declare(inside, { ...DECLARATION, kind: 'withdrawal' })
    expect(res.status).toBe(200)
    expect(fakeSubscription(t, m, inside.subscriptionId).status).toBe('canceled')
    expect(((await res.json()) as StatutoryResponse).headline).toBe('Your withdrawal has been received')
    const outside = await sessionAs({ country: 'DE' }, 30)
    const refused = await declare(outside, { ...DECLARATION, kind: 'withdrawal' })
    expect(refused.status).toBe(422)
    expect(subscriptionWrites(t, m, outside.subscriptionId)).toHaveLength(0)
  })

  it('refuses a session without a statutory page, and a reasonless extraordinary cancellation', async () => {
    const standard = await sessionAs({ country: 'US', state: 'CA' })
    const res = await declare(standard, DECLARATION)
    expect(res.status).toBe(422)
    expect(subscriptionWrites(t, m, standard.subscriptionId)).toHaveLength(0)
    const german = await sessionAs({ country: 'DE' })
    const reasonless = await declare(german, { ...DECLARATION, kind: 'extraordinary' })
    expect(reasonless.status).toBe(400)
    expect((await errorOf(reasonless)).field).toBe('reason')
    const withReason = await declare(german, {
      ...DECLARATION,
      kind: 'extraordinary',
      reason: 'Umzug ins Ausland',
    })
    expect(((await withReason.json()) as StatutoryResponse).text).toContain(
      'We will review the reason you gave.',
    )
  })

  it('is carried out once under 10 parallel requests', async () => {
    const s = await sessionAs({ country: 'DE' })
    const answers = await Promise.all(Array.from({ length: 10 }, () => declare(s, DECLARATION)))
    expect(answers.every((res) => res.status === 200)).toBe(true)
    const references = new Set(
      await Promise.all(answers.map(async (res) => ((await res.json()) as StatutoryResponse).reference)),
    )
    expect(references.size).toBe(1)
    expect(subscriptionWrites(t, m, s.subscriptionId)).toHaveLength(1)
    const entries = await t.database.db
      .selectFrom('evidence_ledger')
      .select('kind')
      .where('session_id', '=', s.sessionId)
      .execute()
    expect(entries.map((entry) => entry.kind)).toEqual([
      'session_started',
      'statutory_declaration',
      'receipt_queued',
    ])
  })
})

describe('the question after a Minnesota cancellation', () => {
  const answer = (s: { token: string; sessionId: string }, value: string) =>
    widgetCall(t, `/api/widget/sessions/${s.sessionId}/after-cancel`, {
      token: s.token,
      body: { answer: value },
    })

  it('is answered only after the cancellation, once, and recorded', async () => {
    const s = await sessionAs({ country: 'US', state: 'MN' })
    expect((await answer(s, 'yes')).status).toBe(422)
    expect(
      (await widgetCall(t, `/api/widget/sessions/${s.sessionId}/cancel`, { token: s.token, body: {} }))
        .status,
    ).toBe(200)
    expect((await answer(s, 'yes')).status).toBe(204)
    expect((await answer(s, 'yes')).status).toBe(204)
    expect((await answer(s, 'no')).status).toBe(409)
    const row = await t.database.db
      .selectFrom('cancel_sessions')
      .select(['status', 'after_cancel_answer'])
      .where('id', '=', s.sessionId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'canceled', after_cancel_answer: 'yes' })
    const kinds = await t.database.db
      .selectFrom('evidence_ledger')
      .select('kind')
      .where('session_id', '=', s.sessionId)
      .orderBy('seq')
      .execute()
    expect(kinds.map((entry) => entry.kind)).toEqual([
      'session_started',
      'session_closed',
      'receipt_queued',
      'after_cancel_answer',
    ])
  })

  it('is not asked elsewhere', async () => {
    const s = await sessionAs({ country: 'US', state: 'CA' })
    await widgetCall(t, `/api/widget/sessions/${s.sessionId}/cancel`, { token: s.token, body: {} })
    expect((await answer(s, 'yes')).status).toBe(422)
  })
})
