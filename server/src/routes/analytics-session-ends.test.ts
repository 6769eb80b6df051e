import type { SeededMerchant } from '@retainkit/fakes/stripe'
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
 * What the dashboard counts comes from each session's recorded end, once: 2 subscribers who kept their
 * plan, 4 who accepted an offer and 6 who cancelled — recorded through the real widget API — are a
 * 50.00 % save rate (6 of 12 stayed), with 6 cancellations wherever cancellations are counted.
 */
let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
  const outcomes = [
    ...Array<'kept'>(2).fill('kept'),
    ...Array<'accepted'>(4).fill('accepted'),
    ...Array<'cancelled'>(6).fill('cancelled'),
  ]
  for (const [index, outcome] of outcomes.entries()) {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    const { body } = await startSession(t, token)
    const id = body.sessionId
    const events = (list: unknown[]) =>
      widgetCall(t, `/api/widget/sessions/${id}/events`, { token, body: { events: list } })
    const reasonKey = index % 2 === 0 ? 'too_expensive' : 'not_using_enough'
    expect((await events([{ step: 'reason_selected', reasonKey }])).status).toBe(204)
    if (outcome === 'kept') {
      expect((await events([{ step: 'reason_continue' }])).status).toBe(204)
      // A replayed "keep" is refused, not counted again.
      expect((await events([{ step: 'reason_continue' }])).status).toBe(409)
    } else if (outcome === 'accepted') {
      expect((await events([{ step: 'offer_shown', offer: 'discount' }])).status).toBe(204)
      const accept = { token, body: { offer: 'discount', reasonKey } }
      expect((await widgetCall(t, `/api/widget/sessions/${id}/accept`, accept)).status).toBe(200)
    } else {
      expect((await events([{ step: 'offer_shown', offer: 'discount' }])).status).toBe(204)
      expect((await events([{ step: 'offer_declined', offer: 'discount' }])).status).toBe(204)
      const cancel = { token, body: { reasonKey } }
      expect((await widgetCall(t, `/api/widget/sessions/${id}/cancel`, cancel)).status).toBe(200)
      expect((await events([{ step: 'reason_continue' }])).status).toBe(409)
    }
  }
})
afterAll(() => t.close())

async function dataset<T>(endpoint: string): Promise<T> {
  const res = await t.request(`/api/analytics?endpoint=${endpoint}&account_id=${account.accountId}`, {
    token: account.ownerToken,
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: T }).data
}

describe('the dashboard counts each session once, from its recorded end', () => {
  it('save rate: 2 kept + 4 accepted + 6 cancelled → 50.00 %', async () => {
    const rows =
      await dataset<
        {
          month: string
          saveRate: number
          cancellations: number
          continues: number
          kept: number
          acceptedOffers: number
        }[]
      >('save-rate-over-time')
    const month = rows.find((row) => row.cancellations + row.continues > 0)
    expect(month).toMatchObject({ saveRate: 50, cancellations: 6, continues: 6, kept: 2, acceptedOffers: 4 })
    expect(rows.filter((row) => row.cancellations + row.continues > 0)).toHaveLength(1)
  })

  it('save offer performance counts sessions: 4 accepted, 6 declined discounts', async () => {
    const rows = await dataset<{ mechanism: string; completed: number; skipped: number }[]>(
      'save-mechanism-performance',
    )
    expect(rows.find((row) => row.mechanism === 'discount')).toEqual({
      mechanism: 'discount',
      completed: 4,
      skipped: 6,
    })
  })

  it('reasons count the 12 subscribers who gave one, whatever they then did', async () => {
    const rows = await dataset<{ reason_key: string; count: number }[]>('cancellation-reasons')
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(12)
  })
})
