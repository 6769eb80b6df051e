import type { HeadlineFigures } from '@retainkit/shared/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { insertEvents, insertSaves } from '../services/analytics/test-fixtures'

/**
 * The dashboard's headline row on known data: March 2026 (31 days) against the 31 days before it
 * (29 January – 28 February), and a first month with nothing before it.
 */
let t: TestContext
let token: string
const ACCOUNT = 'headline-main'
const FREE = 'headline-free'

async function sessions(accountId: string, rows: Array<[id: string, at: string, mode?: 'live' | 'test']>) {
  await t.database.db
    .insertInto('cancel_sessions')
    .values(
      rows.map(([id, at, mode]) => ({
        id,
        account_id: accountId,
        customer_id: `cus_${id}`,
        mode: mode ?? 'live',
        created_at: at,
        updated_at: at,
      })),
    )
    .execute()
}

beforeAll(async () => {
  t = await createTestContext()
  const { owner } = await t.createAccount({ id: ACCOUNT, tier: 'pro' })
  token = owner.token
  await t.createAccount({ id: FREE, tier: 'free', owner })
  await sessions(ACCOUNT, [
    ['h1', '2026-03-10T09:00:00Z'],
    ['h2', '2026-03-12T09:00:00Z'],
    ['h3', '2026-03-31T23:00:00Z'],
    ['p1', '2026-02-15T09:00:00Z'],
    ['p2', '2026-01-29T00:00:00Z'],
    // Outside both periods, and a test-mode rehearsal: none of them count.
    ['o1', '2026-01-28T23:59:59Z'],
    ['o2', '2026-04-01T00:00:00Z'],
    ['t1', '2026-03-11T09:00:00Z', 'test'],
  ])
  await insertEvents(t.database.db, ACCOUNT, [
    { session: 'h1', step: 'reason_selected', reason: 'too_expensive', at: '2026-03-10T09:00:10Z' },
    { session: 'h1', step: 'cancel_completed', at: '2026-03-10T09:01:00Z' },
    { session: 'h2', step: 'reason_selected', reason: 'too_expensive', at: '2026-03-12T09:00:10Z' },
    { session: 'h2', step: 'offer_accepted', offer: 'discount', at: '2026-03-12T09:01:00Z' },
    { session: 'h3', step: 'reason_selected', reason: 'missing_features', at: '2026-03-31T23:00:10Z' },
    { session: 'h3', step: 'reason_continue', reason: 'missing_features', at: '2026-03-31T23:01:00Z' },
    { session: 'p1', step: 'reason_selected', reason: 'missing_features', at: '2026-02-15T09:00:10Z' },
    { session: 'p1', step: 'cancel_completed', at: '2026-02-15T09:01:00Z' },
    { session: 't1', step: 'reason_selected', reason: 'other', at: '2026-03-11T09:00:10Z' },
    { session: 't1', step: 'cancel_completed', at: '2026-03-11T09:01:00Z' },
  ])
  await insertSaves(t.database.db, ACCOUNT, [
    { session: 'h2', mechanism: 'discount', mrrBefore: 2000, mrrAfter: 1500, at: '2026-03-12T09:01:00Z' },
    { mechanism: 'pause', mrrAfter: 900, at: '2026-02-20T09:01:00Z' },
    // Another currency: its own row, never added to the dollars.
    { mechanism: 'discount', mrrAfter: 1200, at: '2026-02-21T09:01:00Z', currency: 'eur' },
  ])
})
afterAll(() => t.close())

async function headline(accountId: string, query: string): Promise<HeadlineFigures> {
  const res = await t.request(`/api/analytics?endpoint=headline-figures&account_id=${accountId}&${query}`, {
    token,
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: HeadlineFigures }).data
}

describe('headline figures', () => {
  it('gives the period and the previous period of the same length', async () => {
    expect(await headline(ACCOUNT, 'startDate=2026-03-01&endDate=2026-03-31')).toEqual({
      sessions: { current: 3, previous: 2 },
      save_rate: { current: 66.67, previous: 0 },
      saved_mrr: [
        { currency: 'eur', current: 0, previous: 1200 },
        { currency: 'usd', current: 1500, previous: 900 },
      ],
      top_reason: {
        current: { reason_key: 'too_expensive', count: 2 },
        previous: { reason_key: 'missing_features', count: 1 },
      },
      previous_period: { start: '2026-01-29T00:00:00.000Z', end: '2026-02-28T23:59:59.999Z' },
    })
  })

  it('answers a previous period without sessions with zeros and nulls, not an error', async () => {
    expect(await headline(ACCOUNT, 'startDate=2025-06-01&endDate=2025-06-30')).toMatchObject({
      sessions: { current: 0, previous: 0 },
      save_rate: { current: null, previous: null },
      saved_mrr: [],
      top_reason: { current: null, previous: null },
    })
  })

  it('counts test-mode sessions apart', async () => {
    expect(await headline(ACCOUNT, 'startDate=2026-03-01&endDate=2026-03-31&mode=test')).toMatchObject({
      sessions: { current: 1, previous: 0 },
      save_rate: { current: 0, previous: null },
      top_reason: { current: { reason_key: 'other', count: 1 }, previous: null },
    })
  })

  it('leaves saved MRR out on the free tier (saved revenue is Pro)', async () => {
    const figures = await headline(FREE, 'startDate=2026-03-01&endDate=2026-03-31')
    expect(figures.saved_mrr).toBeNull()
    expect(figures.sessions).toEqual({ current: 0, previous: 0 })
  })
})
