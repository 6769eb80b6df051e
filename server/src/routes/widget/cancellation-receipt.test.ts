import type { SeededMerchant } from '@retainkit/fakes/stripe'
import type { StatutoryResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  newSubscriber,
  publishConfig,
  startSession,
  type TokenClaims,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/**
 * Issue 34: every cancellation — through the flow or the statutory page — queues a receipt in its own
 * transaction, through the one mail outbox, in the subscriber's language: what was cancelled, when it
 * takes effect, when the request was received, a reference and the ledger's seal; the merchant gets a
 * copy when asked; the delivery is appended to the evidence.
 */
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

async function open(claims: TokenClaims) {
  const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
  const token = await tokenFor(t, account, subscriber, claims)
  const { body } = await startSession(t, token)
  return { ...subscriber, token, sessionId: body.sessionId }
}

const ledger = (sessionId: string) =>
  t.database.db
    .selectFrom('evidence_ledger')
    .select(['kind', 'body', 'hash'])
    .where('session_id', '=', sessionId)
    .orderBy('seq')
    .execute()

describe('the cancellation receipt', () => {
  it('goes to the Stripe address after a flow cancellation, once, sealed with the ledger row', async () => {
    const s = await open({ country: 'US', state: 'CA' })
    const res = await widgetCall(t, `/api/widget/sessions/${s.sessionId}/cancel`, {
      token: s.token,
      body: {},
    })
    expect(res.status).toBe(200)
    // A retry of the same cancellation queues nothing more.
    await widgetCall(t, `/api/widget/sessions/${s.sessionId}/cancel`, { token: s.token, body: {} })
    const mails = (await t.readOutbox('subscriber@example.com')).filter((mail) =>
      mail.text.includes(s.subscriptionId),
    )
    expect(mails).toHaveLength(1)
    const [mail] = mails
    const closed = (await ledger(s.sessionId)).find((row) => row.kind === 'session_closed')
    expect(mail?.subject).toMatch(/^Your cancellation with .+ \(reference RK-[0-9A-F]{5}-[0-9A-F]{5}\)$/)
    expect(mail?.text).toContain(`Contract cancelled: Pro, subscription ${s.subscriptionId}`)
    expect(mail?.text).toMatch(/Takes effect: \w+ \d+, \d{4}/)
    expect(mail?.text).toMatch(/Request received: \w+ \d+, \d{4} at \d+:\d\d [AP]M UTC/)
    expect(mail?.text).toContain(`Evidence seal: ${closed?.hash}`)
    expect((await ledger(s.sessionId)).map((row) => row.kind)).toEqual([
      'session_started',
      'session_closed',
      'receipt_queued',
      'receipt_sent',
    ])
  })

  it('goes in German to the address given on the statutory page, with a copy to the merchant', async () => {
    await publishConfig(t, account.accountId, (c) => {
      c.compliance = { suppress_offers: false, suppress_offers_in: [], receipt_copy: true }
    })
    await t.database.db
      .updateTable('accounts')
      .set({ email: 'owner@acme.example' })
      .where('id', '=', account.accountId)
      .execute()
    const s = await open({ country: 'DE', locale: 'de' })
    const res = await widgetCall(t, `/api/widget/sessions/${s.sessionId}/statutory`, {
      token: s.token,
      body: {
        kind: 'ordinary',
        name: 'Erika Mustermann',
        contract: 'Pro',
        effective: 'earliest',
        email: 'erika@example.com',
      },
    })
    const body = (await res.json()) as StatutoryResponse
    const [mail] = await t.readOutbox('erika@example.com')
    expect(mail?.subject).toContain(`(Referenz ${body.reference})`)
    expect(mail?.text).toContain('Art: Ordentliche Kündigung')
    expect(mail?.text).toMatch(/Eingegangen am: \d+\. \w+ \d{4} um \d\d:\d\d UTC/)
    const [copy] = await t.readOutbox('owner@acme.example')
    expect(copy?.text).toContain('erika@example.com')
    expect(copy?.subject).toBe(mail?.subject)
    const kinds = (await ledger(s.sessionId)).map((row) => row.kind)
    expect(kinds.filter((kind) => kind === 'receipt_sent')).toHaveLength(2)
    await publishConfig(t, account.accountId, () => {})
  })

  it('is recorded as not sent when nobody’s address is known (the merchant’s own cancellation)', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber, { handles: ['cancel'] })
    const { body } = await startSession(t, token, { merchantHandlesCancel: true })
    await widgetCall(t, `/api/widget/sessions/${body.sessionId}/cancel`, {
      token,
      body: { handledByMerchant: true },
    })
    expect((await ledger(body.sessionId)).map((row) => row.kind)).toContain('receipt_skipped')
  })
})
