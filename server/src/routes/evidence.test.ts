import type { SeededMerchant } from '@retainkit/fakes/stripe'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import type { EvidenceExport } from '../services/evidence/export'
import {
  newSubscriber,
  startSession,
  type TokenClaims,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './widget/testing'

/**
 * Issue 34: the evidence ledger, exported per customer or period as JSON, CSV and a printable page,
 * reproduces what each subscriber was shown, and its verification finds a row someone changed.
 */
let t: TestContext
let account: WidgetAccount
let m: SeededMerchant

beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

/** A subscriber who walks reason → feedback → offer (declined) → confirm → cancel, as the widget reports it. */
async function walkAndCancel(claims: TokenClaims = { country: 'US', state: 'CA' }, sendTrail = true) {
  const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
  const token = await tokenFor(t, account, subscriber, claims)
  const { body } = await startSession(t, token)
  const at = t.clock.now().getTime()
  const events = [
    { step: 'reason_selected', reasonKey: 'too_expensive' },
    { step: 'offer_shown', reasonKey: 'too_expensive', offer: 'discount' },
    { step: 'offer_declined', reasonKey: 'too_expensive', offer: 'discount' },
  ]
  const sent = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/events`, {
    token,
    body: { events },
  })
  expect(sent.status).toBe(204)
  const trail = [
    ['reason.', at],
    ['feedback.any_reason', at + 1500],
    ['offer.discount', at + 4000],
    ['confirm.', at + 6000],
  ]
  const cancel = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/cancel`, {
    token,
    body: { reasonKey: 'too_expensive', ...(sendTrail ? { trail } : {}) },
  })
  expect(cancel.status).toBe(200)
  return {
    ...subscriber,
    sessionId: body.sessionId as string,
    words: body.words as { screens: Record<string, { headline: string }> },
  }
}

const exportOf = async (query: string, format = 'json') =>
  t.request(`/api/evidence?account_id=${account.accountId}&format=${format}${query}`, {
    token: account.ownerToken,
  })

const json = async (query: string) =>
  ((await (await exportOf(query)).json()) as { data: EvidenceExport }).data

describe('the evidence export', () => {
  it('reproduces the screens shown, the rule and why, each click and the time to cancel', async () => {
    const walked = await walkAndCancel()
    const doc = await json(`&customer_id=${walked.customerId}`)
    expect(doc.verification).toMatchObject({ intact: true, problems: [], rows_altered: [] })
    expect(doc.sessions).toHaveLength(1)
    const story = doc.sessions[0]
    expect(story).toMatchObject({
      session_id: walked.sessionId,
      outcome: 'canceled',
      language: 'en',
      jurisdiction: {
        mode: 'standard',
        region: 'US-CA',
        why: expect.stringContaining('built-in rule for US-CA'),
      },
      clicks_to_end: 4,
    })
    expect(story?.screens_shown.map((screen) => [screen.screen, screen.headline])).toEqual([
      ['reason.', walked.words.screens['reason.']?.headline],
      ['feedback.any_reason', walked.words.screens['feedback.any_reason']?.headline],
      ['offer.discount', walked.words.screens['offer.discount']?.headline],
      ['confirm.', walked.words.screens['confirm.']?.headline],
    ])
    expect(story?.clicks).toEqual([
      expect.objectContaining({ step: 'session_started' }),
      expect.objectContaining({ step: 'reason_selected' }),
      expect.objectContaining({ step: 'offer_shown', offer: 'discount' }),
      expect.objectContaining({ step: 'offer_declined', offer: 'discount' }),
      expect.objectContaining({ step: 'cancel_completed' }),
    ])
    expect(doc.entries.map((entry) => entry.kind)).toEqual([
      'session_started',
      'session_closed',
      'receipt_queued',
    ])
    expect(story?.receipt).toEqual([
      expect.objectContaining({ kind: 'receipt_queued', to: 'subscriber@example.com' }),
    ])
  })

  it('tells the screens from the recorded steps and the plan when the widget sends no list of its own', async () => {
    const walked = await walkAndCancel({ country: 'US', state: 'CA' }, false)
    const story = (await json(`&customer_id=${walked.customerId}`)).sessions[0]
    expect(story?.screens_shown.map((screen) => [screen.screen, screen.headline])).toEqual([
      ['reason.', walked.words.screens['reason.']?.headline],
      ['feedback.any_reason', walked.words.screens['feedback.any_reason']?.headline],
      ['offer.discount', walked.words.screens['offer.discount']?.headline],
      ['confirm.', walked.words.screens['confirm.']?.headline],
    ])
    expect(story?.clicks_to_end).toBe(4)
  })

  it('exports a period as CSV (each row with its hashes) and as a printable page', async () => {
    const walked = await walkAndCancel()
    const day = t.clock.now().toISOString().slice(0, 10)
    const csv = await exportOf(`&startDate=${day}&endDate=${day}`, 'csv')
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines[0]).toBe('seq,recorded_at,session_id,customer_id,mode,kind,body_json,prev_hash,hash')
    expect(lines.some((line) => line.includes(walked.sessionId) && line.includes('session_closed'))).toBe(
      true,
    )
    const page = await exportOf(`&session_id=${walked.sessionId}`, 'html')
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain('Chain verified')
    expect(html).toContain(
      walked.words.screens['offer.discount']?.headline.replaceAll('&', '&amp;').replaceAll("'", '&#39;'),
    )
  })

  it('is for members who see customers in full: a viewer gets a clear 403, and may still verify the chain', async () => {
    const walked = await walkAndCancel()
    const viewer = await t.addMember(account.accountId, 'viewer')
    for (const format of ['json', 'csv', 'html']) {
      const res = await t.request(
        `/api/evidence?account_id=${account.accountId}&customer_id=${walked.customerId}&format=${format}`,
        { token: viewer.token },
      )
      const text = await res.text()
      expect(res.status, text).toBe(403)
      const error = (JSON.parse(text) as { error: { code: string; message: string } }).error
      expect(error.code).toBe('INSUFFICIENT_PERMISSIONS')
      expect(error.message).toMatch(/e-mail addresses.*owner, admin or editor/)
      expect(text).not.toContain(walked.customerId)
    }
    const editor = await t.addMember(account.accountId, 'editor')
    const allowed = await t.request(
      `/api/evidence?account_id=${account.accountId}&customer_id=${walked.customerId}`,
      { token: editor.token },
    )
    expect(allowed.status).toBe(200)
    const verify = await t.request(`/api/evidence/verify?account_id=${account.accountId}`, {
      token: viewer.token,
    })
    expect(verify.status).toBe(200)
    expect(((await verify.json()) as { data: { intact: boolean } }).data.intact).toBe(true)
  })

  it('is the account members’ only', async () => {
    const stranger = await t.signIn()
    const res = await t.request(`/api/evidence?account_id=${account.accountId}`, { token: stranger.token })
    expect(res.status).toBe(403)
    expect(
      (
        await t.request(`/api/evidence?account_id=${account.accountId}&format=pdf`, {
          token: account.ownerToken,
        })
      ).status,
    ).toBe(400)
  })
})

describe('the ledger cannot be changed unseen', () => {
  it('refuses updates and deletes outright', async () => {
    await walkAndCancel()
    await expect(
      sql`update evidence_ledger set kind = 'x' where account_id = ${account.accountId}`.execute(
        t.database.db,
      ),
    ).rejects.toThrow(/append-only/)
    await expect(
      sql`delete from evidence_ledger where account_id = ${account.accountId}`.execute(t.database.db),
    ).rejects.toThrow(/append-only/)
  })

  it('finds a row tampered with behind the trigger’s back, and a row removed', async () => {
    const walked = await walkAndCancel()
    const target = await t.database.db
      .selectFrom('evidence_ledger')
      .select('seq')
      .where('session_id', '=', walked.sessionId)
      .where('kind', '=', 'session_closed')
      .executeTakeFirstOrThrow()
    const db = t.database.db
    // What someone with the database's owner rights could do: switch the guard off and edit.
    await sql`alter table evidence_ledger disable trigger evidence_ledger_append_only`.execute(db)
    try {
      await sql`update evidence_ledger set body = jsonb_set(body, '{outcome}', '"saved"') where account_id = ${account.accountId} and seq = ${target.seq}`.execute(
        db,
      )
      const doc = await json(`&session_id=${walked.sessionId}`)
      expect(doc.verification.intact).toBe(false)
      expect(doc.verification.rows_altered).toEqual([Number(target.seq)])
      expect(doc.verification.problems).toContainEqual({
        seq: Number(target.seq),
        problem: 'content_changed',
      })
      const verify = await t.request(`/api/evidence/verify?account_id=${account.accountId}`, {
        token: account.ownerToken,
      })
      expect(((await verify.json()) as { data: { intact: boolean } }).data.intact).toBe(false)
      // The page says so.
      expect(await (await exportOf(`&session_id=${walked.sessionId}`, 'html')).text()).toContain(
        'Verification FAILED',
      )
      // Removing a row instead leaves a gap the verification names.
      await sql`delete from evidence_ledger where account_id = ${account.accountId} and seq = ${target.seq}`.execute(
        db,
      )
      const verified = (await (
        await t.request(`/api/evidence/verify?account_id=${account.accountId}`, { token: account.ownerToken })
      ).json()) as {
        data: { problems: { seq: number; problem: string }[] }
      }
      expect(verified.data.problems).toContainEqual(
        expect.objectContaining({ problem: 'rows_missing', expected: Number(target.seq) }),
      )
    } finally {
      await sql`alter table evidence_ledger enable trigger evidence_ledger_append_only`.execute(db)
    }
  })
})
