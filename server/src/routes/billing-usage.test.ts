import type { SessionStartResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { reportPendingUsage } from '../services/billing/usage-reports'
import { alignClocks, checkoutUrl, deliver, payCheckout, signUp, status } from './billing-testing'
import { createSecret, startSession, tokenFor, type WidgetAccount } from './widget/testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext({ billing: true })
  alignClocks(t)
})
afterAll(() => t.close())

interface Merchant {
  accountId: string
  token: string
  email: string
  widget: WidgetAccount
}

/** A signed-up merchant with a widget secret; `starter` ends its trial first. */
async function merchant(options: { starter?: boolean } = {}): Promise<Merchant> {
  const owner = await signUp(t)
  if (options.starter) {
    await t.database.db
      .updateTable('accounts')
      .set({ trial_ends_at: t.clock.now() })
      .where('id', '=', owner.accountId)
      .execute()
  }
  const secret = await createSecret(t, owner.accountId, owner.token)
  return { ...owner, widget: { accountId: owner.accountId, ownerToken: owner.token, secret, merchant: null } }
}

/** Live cancel sessions this month, written directly (the usage so far). */
async function seedSessions(accountId: string, count: number, mode: 'live' | 'test' = 'live') {
  const at = t.clock.now()
  await t.database.db
    .insertInto('cancel_sessions')
    .values(
      Array.from({ length: count }, (_, i) => ({
        id: `cs_seed${mode}${i}_${Math.random().toString(36).slice(2, 12)}`,
        account_id: accountId,
        kind: 'cancel' as const,
        mode,
        customer_id: `cus_seed${i}`,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute()
}

async function start(m: Merchant, customer: string, claims: { mode?: 'live' | 'test' } = {}, body = {}) {
  return startSession(t, await tokenFor(t, m.widget, customer, claims), body) as Promise<{
    status: number
    body: SessionStartResponse & { sessionId: string }
  }>
}

const noticeMails = async (m: Merchant) =>
  (await t.readOutbox(m.email)).filter((mail) => /cancel sessions/.test(mail.subject))

describe('the Starter cap', () => {
  it('steps aside for the 51st session and counts each subscriber once in "stepped aside"', async () => {
    const m = await merchant({ starter: true })
    await seedSessions(m.accountId, 49)
    expect((await start(m, 'cus_fiftieth')).status).toBe(201)
    for (const customer of ['cus_late1', 'cus_late1', 'cus_late2']) {
      const res = await start(m, customer)
      expect(res).toEqual({ status: 200, body: { fallback: true, reason: 'session_limit' } })
    }
    expect((await status(t, m)).usage).toMatchObject({
      sessions: 50,
      limit: 50,
      limit_kind: 'cap',
      stepped_aside: 2,
    })
    const rows = await t.database.db
      .selectFrom('stepped_aside')
      .select(['customer_id', 'attempts'])
      .where('account_id', '=', m.accountId)
      .orderBy('customer_id')
      .execute()
    expect(rows).toEqual([
      { customer_id: 'cus_late1', attempts: 2 },
      { customer_id: 'cus_late2', attempts: 1 },
    ])
  })

  it('test-mode sessions are free: never counted, never capped; a request body cannot claim test mode', async () => {
    const m = await merchant({ starter: true })
    await seedSessions(m.accountId, 50)
    expect((await start(m, 'cus_rehearsal', { mode: 'test' })).status).toBe(201)
    const sneaky = await start(m, 'cus_sneaky', {}, { mode: 'test' })
    expect(sneaky.body).toEqual({ fallback: true, reason: 'session_limit' })
    expect((await status(t, m)).usage.sessions).toBe(50)
  })

  it('the trial is Pro: offers and no cap; when it ends the account is Starter', async () => {
    const m = await merchant()
    await seedSessions(m.accountId, 60)
    const during = await start(m, 'cus_trial1')
    expect(during.status).toBe(201)
    expect(during.body).not.toMatchObject({ offersSuppressedBy: 'free_tier' })
    t.clock.advanceDays(31)
    await seedSessions(m.accountId, 50)
    const after = await start(m, 'cus_trial2')
    expect(after.body).toEqual({ fallback: true, reason: 'session_limit' })
    alignClocks(t)
  })
})

describe('usage notices', () => {
  it('20 parallel session starts across the 80 % line send one notice mail and store one notice', async () => {
    const m = await merchant()
    await seedSessions(m.accountId, 390)
    const starts = await Promise.all(Array.from({ length: 20 }, (_, i) => start(m, `cus_rush${i}`)))
    expect(starts.map((res) => res.status)).toEqual(Array(20).fill(201))
    const mails = await noticeMails(m)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toMatch(/has used 80% of this month's cancel sessions/)
    expect(mails[0]?.text).toContain('has used 400 of the 500 cancel sessions')
    const queued = await t.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'status'])
      .where('account_id', '=', m.accountId)
      .execute()
    expect(queued).toEqual([{ kind: 'usage_notice', status: 'sent' }])
    const current = await status(t, m)
    expect(current.usage.sessions).toBe(410)
    expect(current.notices).toMatchObject([{ threshold: 80, sessions: 400, limit: 500 }])
  })

  it('Starter: 80 % at the 40th session, 100 % at the 50th, once each this month', async () => {
    const m = await merchant({ starter: true })
    await seedSessions(m.accountId, 38)
    for (let i = 0; i < 4; i++) await start(m, `cus_count${i}`)
    const first = await noticeMails(m)
    expect(first).toHaveLength(1)
    expect(first[0]?.text).toContain('After 50, the cancel flow steps aside')
    await seedSessions(m.accountId, 7)
    await start(m, 'cus_fiftieth')
    await start(m, 'cus_fiftyfirst')
    const both = await noticeMails(m)
    expect(both).toHaveLength(2)
    expect(both[1]?.subject).toMatch(/has used all 50 cancel sessions this month/)
    expect((await status(t, m)).notices.map((notice) => notice.threshold)).toEqual([80, 100])
  })
})

describe('metered usage beyond the fair-use line', () => {
  it('reports each paid Pro session beyond 500 to Stripe once, as a Billing Meter event', async () => {
    const m = await merchant({ starter: true })
    await payCheckout(t, await checkoutUrl(t, m.accountId, m.token))
    await deliver(t)
    await seedSessions(m.accountId, 499)
    const last = await start(m, 'cus_500th')
    expect(last.status).toBe(201)
    const beyond = await start(m, 'cus_501st')
    expect(beyond.status).toBe(201)
    const events = () => t.stripe.state(t.billing?.account ?? '').meterEvents
    await vi.waitFor(() => expect(events()).toHaveLength(1))
    const customer = await t.database.db
      .selectFrom('platform_subscriptions')
      .select('customer_id')
      .where('account_id', '=', m.accountId)
      .executeTakeFirstOrThrow()
    expect(events()[0]).toMatchObject({
      event_name: 'retainkit_cancel_sessions',
      identifier: beyond.body.sessionId,
      payload: { stripe_customer_id: customer.customer_id, value: '1' },
    })
    expect((await status(t, m)).usage).toMatchObject({ sessions: 501, overage_sessions: 1 })
    // A report whose answer was lost is sent again: Stripe knows the identifier, nothing is double-billed.
    await t.database.db
      .updateTable('usage_reports')
      .set({ reported_at: null })
      .where('account_id', '=', m.accountId)
      .execute()
    expect(await reportPendingUsage(t.deps, m.accountId)).toBe(1)
    expect(events()).toHaveLength(1)
  })

  it('bills no overage during the trial', async () => {
    const m = await merchant()
    await seedSessions(m.accountId, 505)
    expect((await start(m, 'cus_trialheavy')).status).toBe(201)
    expect((await status(t, m)).usage).toMatchObject({ sessions: 506, overage_sessions: 0 })
  })
})
