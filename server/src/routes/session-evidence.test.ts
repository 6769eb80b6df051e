import type { SeededMerchant } from '@retainkit/fakes/stripe'
import type { ApiData } from '@retainkit/shared/api'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import {
  newSubscriber,
  startSession,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './widget/testing'

/**
 * Issue 34: a session's page in the console shows its evidence ledger rows — what was shown, the rule
 * and why, each click, time and clicks to cancel, the receipt — from the same story the export tells,
 * each row's hash checked; viewers see e-mail addresses in part; another account's members see nothing.
 */
type Evidence = ApiData<'GET /api/sessions/{accountId}/{sessionId}/evidence'>

let t: TestContext
let account: WidgetAccount
let m: SeededMerchant

beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

async function cancelInCalifornia() {
  const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
  const token = await tokenFor(t, account, subscriber, { country: 'US', state: 'CA' })
  const { body } = await startSession(t, token)
  const sessionId = body.sessionId as string
  const events = [
    { step: 'reason_selected', reasonKey: 'too_expensive' },
    { step: 'offer_shown', reasonKey: 'too_expensive', offer: 'discount' },
    { step: 'offer_declined', reasonKey: 'too_expensive', offer: 'discount' },
  ]
  expect(
    (await widgetCall(t, `/api/widget/sessions/${sessionId}/events`, { token, body: { events } })).status,
  ).toBe(204)
  const cancel = await widgetCall(t, `/api/widget/sessions/${sessionId}/cancel`, {
    token,
    body: { reasonKey: 'too_expensive' },
  })
  expect(cancel.status).toBe(200)
  return { sessionId, words: body.words as { screens: Record<string, { headline: string }> } }
}

const evidenceOf = (sessionId: string, token: string, accountId = account.accountId) =>
  t.request(`/api/sessions/${accountId}/${sessionId}/evidence`, { token })

const read = async (res: Response) => {
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: Evidence }).data
}

describe('GET /api/sessions/{accountId}/{sessionId}/evidence', () => {
  it('tells the session as the export does: the rule and why, the screens, each click, the receipt', async () => {
    const walked = await cancelInCalifornia()
    const res = await evidenceOf(walked.sessionId, account.ownerToken)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const view = await read(res)
    expect(view).toMatchObject({
      session_id: walked.sessionId,
      masked: false,
      language: 'en',
      outcome: 'canceled',
      jurisdiction: {
        mode: 'standard',
        region: 'US-CA',
        source: 'token',
        why: expect.stringContaining('built-in rule for US-CA'),
        law: expect.stringContaining('AB 2863'),
      },
      screens_from: 'recorded steps',
      clicks_to_end: 4,
    })
    expect(view.screens_shown.map((screen) => [screen.screen, screen.headline])).toEqual([
      ['reason.', walked.words.screens['reason.']?.headline],
      ['feedback.any_reason', walked.words.screens['feedback.any_reason']?.headline],
      ['offer.discount', walked.words.screens['offer.discount']?.headline],
      ['confirm.', walked.words.screens['confirm.']?.headline],
    ])
    expect(view.clicks.map((click) => click.step)).toEqual([
      'session_started',
      'reason_selected',
      'offer_shown',
      'offer_declined',
      'cancel_completed',
    ])
    expect(view.receipt).toEqual([
      expect.objectContaining({ kind: 'receipt_queued', to: 'subscriber@example.com', copy: false }),
    ])
    expect(view.entries.map((entry) => [entry.kind, entry.intact])).toEqual([
      ['session_started', true],
      ['session_closed', true],
      ['receipt_queued', true],
    ])
  })

  it('gives viewers the addresses in part', async () => {
    const walked = await cancelInCalifornia()
    const viewer = await t.addMember(account.accountId, 'viewer')
    const view = await read(await evidenceOf(walked.sessionId, viewer.token))
    expect(view.masked).toBe(true)
    expect(view.receipt[0]?.to).toBe('s•••@e•••.com')
    expect(JSON.stringify(view)).not.toContain('subscriber@example.com')
  })

  it('marks a row whose content no longer matches its hash', async () => {
    const walked = await cancelInCalifornia()
    const db = t.database.db
    await sql`alter table evidence_ledger disable trigger evidence_ledger_append_only`.execute(db)
    try {
      await sql`update evidence_ledger set body = jsonb_set(body, '{outcome}', '"saved"') where account_id = ${account.accountId} and session_id = ${walked.sessionId} and kind = 'session_closed'`.execute(
        db,
      )
    } finally {
      await sql`alter table evidence_ledger enable trigger evidence_ledger_append_only`.execute(db)
    }
    const view = await read(await evidenceOf(walked.sessionId, account.ownerToken))
    expect(view.entries.map((entry) => [entry.kind, entry.intact])).toEqual([
      ['session_started', true],
      ['session_closed', false],
      ['receipt_queued', true],
    ])
  })

  it('is for the account’s members, about its own sessions', async () => {
    const walked = await cancelInCalifornia()
    const stranger = await t.signIn()
    expect((await evidenceOf(walked.sessionId, stranger.token)).status).toBe(403)
    const other = await widgetAccount(t, { stripe: false })
    expect((await evidenceOf(walked.sessionId, other.ownerToken, other.accountId)).status).toBe(404)
    expect((await evidenceOf('not%20an%20id', account.ownerToken)).status).toBe(400)
  })
})
