import { DEFAULT_RECOVERY_SETTINGS } from '@retainkit/shared/recovery'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { setEarlyAccess } from '../services/recovery/settings'
import {
  DAY,
  failingSubscriber,
  moveTo,
  pass,
  type RecoveryMerchant,
  recoveryMerchant,
} from '../services/recovery/testing'

let t: TestContext
let merchant: RecoveryMerchant
beforeAll(async () => {
  t = await createTestContext()
  merchant = await recoveryMerchant(t)
  // One subscriber recovered by Retainkit's second retry, one lost (hard decline) at the end of the grace.
  const kept = await failingSubscriber(t, merchant, {
    declineCode: 'insufficient_funds',
    failures: 5,
    email: 'kept@example.com',
  })
  const gone = await failingSubscriber(t, merchant, { declineCode: 'lost_card', email: 'gone@example.com' })
  const start = Math.max(kept.renewal, gone.renewal)
  for (const day of [0, 7, 8, 10, 14, 22]) {
    await moveTo(t, start + day * DAY + 3600)
    await pass(t)
  }
})
afterAll(() => t.close())

/** Signed in afresh: the clock moved weeks since the merchant's first token. */
const ownerToken = async () => (await t.signIn(merchant.ownerEmail)).token
const url = (rest = '') => `/api/recovery/${merchant.accountId}${rest}`
const settings = { ...DEFAULT_RECOVERY_SETTINGS, enabled: true, grace_days: 5 }

describe('/api/recovery', () => {
  it('is for members only, by capability: viewers read, editors save', async () => {
    const stranger = await t.signIn()
    expect((await t.request(url(), { token: stranger.token })).status).toBe(403)
    expect((await t.request(url(), { token: null })).status).toBe(401)
    const viewer = await t.addMember(merchant.accountId, 'viewer')
    expect((await t.request(url(), { token: viewer.token })).status).toBe(200)
    expect((await t.request(url(), { method: 'PUT', token: viewer.token, body: settings })).status).toBe(403)
    const editor = await t.addMember(merchant.accountId, 'editor')
    const saved = await t.request(url(), { method: 'PUT', token: editor.token, body: settings })
    expect(saved.status).toBe(200)
    const { data } = (await saved.json()) as {
      data: { settings: { grace_days: number }; availability: object }
    }
    expect(data.settings.grace_days).toBe(5)
    expect(data.availability).toEqual({ early_access: true, pro: true, active: true, stripe_connected: true })
  })

  it('refuses bad settings with the field, and saving without early access or enabling without Pro', async () => {
    const bad = await t.request(url(), {
      method: 'PUT',
      token: await ownerToken(),
      body: { ...settings, schedule_hours: [72, 24] },
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('Each retry must come after the one before')
    const other = await t.createAccount({ tier: 'free' })
    const blocked = await t.request(`/api/recovery/${other.accountId}`, {
      method: 'PUT',
      token: other.owner.token,
      body: settings,
    })
    expect(blocked.status).toBe(403)
    expect(JSON.stringify(await blocked.json())).toContain('early access')
    await setEarlyAccess(t.database.db, other.accountId, true, t.clock.now())
    await t.database.db
      .updateTable('accounts')
      .set({ trial_ends_at: null })
      .where('id', '=', other.accountId)
      .execute()
    const starter = await t.request(`/api/recovery/${other.accountId}`, {
      method: 'PUT',
      token: other.owner.token,
      body: settings,
    })
    expect(starter.status).toBe(403)
    expect(JSON.stringify(await starter.json())).toContain('Pro plan')
    const off = await t.request(`/api/recovery/${other.accountId}`, {
      method: 'PUT',
      token: other.owner.token,
      body: { ...settings, enabled: false },
    })
    expect(off.status).toBe(200)
    expect(
      (await t.request(`/api/recovery/${other.accountId}/report`, { token: other.owner.token })).status,
    ).toBe(403)
  })

  it("previews a mail with unsaved texts in the merchant's colours and the chosen language", async () => {
    const res = await t.request(url('/preview'), {
      token: await ownerToken(),
      body: { kind: 'payment_failed', locale: 'de', texts: { 'payment_failed.heading': 'Hoppla <Zahlung>' } },
    })
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as {
      data: { subject: string; html: string; text: string; locale: string }
    }
    expect(data.locale).toBe('de')
    expect(data.subject).toBe('Ihre Zahlung an Acme Cloud ist fehlgeschlagen')
    expect(data.html).toContain('Hoppla &lt;Zahlung&gt;')
    expect(data.text).toContain('Hoppla <Zahlung>')
    expect(data.text).toContain('49,00')
  })

  it('reports recovered and lost MRR, the rate by channel and attempt, and time to recover', async () => {
    const res = await t.request(url('/report?mode=test'), { token: await ownerToken() })
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: Record<string, unknown> }
    expect(data).toMatchObject({
      failed: { count: 2, at_risk_mrr: [{ amount: 9800, currency: 'eur' }] },
      open_now: { count: 0, at_risk_mrr: [] },
      recovered: {
        count: 1,
        amount: [{ amount: 4900, currency: 'eur' }],
        mrr: [{ amount: 4900, currency: 'eur' }],
      },
      lost: { count: 1, mrr: [{ amount: 4900, currency: 'eur' }] },
      resolved_elsewhere: { count: 0 },
      recovery_rate: 50,
      by_attempt: [{ attempt: 6, recovered: 1 }],
    })
    const channels = data.by_channel as Array<{ channel: string; recovered: number; rate: number | null }>
    expect(channels.map((row) => [row.channel, row.recovered, row.rate])).toEqual([
      ['stripe_retry', 0, 0],
      ['our_retry', 1, 50],
      ['email_link', 0, 0],
      ['banner', 0, 0],
    ])
    const hours = (data.time_to_recover_hours as { median: number }).median
    expect(hours).toBeGreaterThan(9 * 24)
    expect(hours).toBeLessThan(11 * 24)
    // Live by default, as every data set: these campaigns came from a test-mode Stripe account.
    const live = await t.request(url('/report'), { token: await ownerToken() })
    expect(((await live.json()) as { data: { failed: { count: number } } }).data.failed.count).toBe(0)
  })

  it('exports the campaigns as CSV and JSON, and lists them', async () => {
    const csv = await t.request(url('/export?mode=test'), { token: await ownerToken() })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines[0]).toBe(
      'id,mode,invoice_id,customer_id,subscription_id,state,outcome,amount_due,currency,mrr,plan_name,decline_code,hard_decline,stripe_attempts,retainkit_attempts,link_channel,recovered_attempt,failed_at,closed_at',
    )
    expect(lines).toHaveLength(3)
    expect(
      lines.some((line) => line.includes(',recovered,our_retry,4900,eur,4900,Pro,insufficient_funds,false,')),
    ).toBe(true)
    expect(lines.some((line) => line.includes(',lost,grace_ended,4900,eur,4900,Pro,lost_card,true,'))).toBe(
      true,
    )
    const json = await t.request(url('/export?mode=test&format=json'), { token: await ownerToken() })
    const body = (await json.json()) as { data: Array<{ state: string }> }
    expect(body.data.map((c) => c.state).sort()).toEqual(['lost', 'recovered'])
    const listed = await t.request(url('/campaigns?state=closed'), { token: await ownerToken() })
    expect(((await listed.json()) as { data: { campaigns: unknown[] } }).data.campaigns).toHaveLength(2)
    expect((await t.request(url('/campaigns?state=nope'), { token: await ownerToken() })).status).toBe(400)
  })
})
