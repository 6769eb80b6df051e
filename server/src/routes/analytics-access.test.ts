import { ANALYTICS_ENDPOINTS } from '@retainkit/shared/analytics-endpoints'
import { UNKNOWN_DATASET_MESSAGE } from '@retainkit/shared/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { insertEvents, insertSessions } from '../services/analytics/test-fixtures'

/** Validation order, membership and tier gating of GET /api/analytics. */
let t: TestContext
let ownerToken: string
let freeOwnerToken: string
const PRO = 'access-pro'
const FREE = 'access-free'

interface ErrorBody {
  error: { code: string; message: string; field?: string }
}

beforeAll(async () => {
  t = await createTestContext()
  ownerToken = (await t.createAccount({ id: PRO, tier: 'pro' })).owner.token
  freeOwnerToken = (await t.createAccount({ id: FREE, tier: 'free' })).owner.token
  await t.addMember(FREE, 'viewer', 'free-viewer@example.com')
})
afterAll(() => t.close())

const get = (query: string, token: string | null = ownerToken, apiKey?: string | null) =>
  t.request(`/api/analytics?${query}`, { token, ...(apiKey === undefined ? {} : { apiKey }) })

async function expectError(res: Response, status: number, error: Partial<ErrorBody['error']>) {
  expect(res.status).toBe(status)
  expect(((await res.json()) as ErrorBody).error).toMatchObject(error)
}

describe('authentication', () => {
  it('needs the API key, then a signed-in user', async () => {
    expect((await get(`endpoint=cancellation-reasons&account_id=${PRO}`, ownerToken, null)).status).toBe(401)
    await expectError(await get(`endpoint=cancellation-reasons&account_id=${PRO}`, null), 401, {
      code: 'UNAUTHORIZED',
    })
  })
})

describe('validation order (analytics validate the account ID first)', () => {
  it('reports a missing account ID before anything else', async () => {
    await expectError(await get('endpoint=nope&startDate=bad'), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Account ID is required',
      field: 'account_id',
    })
    await expectError(await get('endpoint=cancellation-reasons&account_id='), 400, {
      message: 'Account ID is required',
    })
  })

  it('reports a malformed account ID before membership, endpoint and dates', async () => {
    await expectError(await get('endpoint=nope&account_id=bad%20id&startDate=bad'), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Account ID can only contain letters, numbers, hyphens, and underscores',
      field: 'account_id',
    })
    await expectError(await get(`endpoint=nope&account_id=${'a'.repeat(101)}`), 400, {
      message: 'Account ID too long',
    })
  })

  it("answers 'Invalid account ID' when no single validation message fits (the id sent twice)", async () => {
    await expectError(await get(`endpoint=nope&account_id=${PRO}&account_id=other`), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Invalid account ID',
      field: 'account_id',
    })
  })

  it('checks membership before the endpoint and the dates', async () => {
    const stranger = await t.signIn()
    for (const account of [PRO, 'no-such-account']) {
      await expectError(await get(`endpoint=nope&account_id=${account}&startDate=bad`, stranger.token), 403, {
        code: 'FORBIDDEN',
      })
    }
  })

  it('answers an unknown endpoint with 400 listing the valid ones', async () => {
    await expectError(await get(`endpoint=save-rate&account_id=${PRO}`), 400, {
      code: 'VALIDATION_FAILED',
      field: 'endpoint',
      message: UNKNOWN_DATASET_MESSAGE,
    })
    expect(ANALYTICS_ENDPOINTS.slice(0, 5)).toEqual([
      'cancellation-reasons',
      'cancellation-reasons-over-time',
      'save-mechanism-performance',
      'save-rate-over-time',
      'write-in-reasons',
    ])
    await expectError(await get(`account_id=${PRO}`), 400, { field: 'endpoint' })
  })

  it("answers a malformed date with 'Invalid date format'", async () => {
    for (const [query, field] of [
      ['startDate=yesterday', 'startDate'],
      ['endDate=2026-02-30', 'endDate'],
      ['startDate=01/03/2026', 'startDate'],
      ['startDate=2026-03-01T25:00:00Z', 'startDate'],
    ] as const) {
      await expectError(await get(`endpoint=cancellation-reasons&account_id=${PRO}&${query}`), 400, {
        code: 'VALIDATION_FAILED',
        message: 'Invalid date format',
        field,
      })
    }
  })

  it("answers a start after the end with 'Start date must be before or equal to end date'", async () => {
    const message = 'Start date must be before or equal to end date'
    await expectError(
      await get(`endpoint=save-rate-over-time&account_id=${PRO}&startDate=2026-04-01&endDate=2026-03-31`),
      400,
      { code: 'VALIDATION_FAILED', message },
    )
    // Only a start, after today (the clock is at 2026-06-15): the default end is today.
    await expectError(await get(`endpoint=save-rate-over-time&account_id=${PRO}&startDate=2026-07-01`), 400, {
      message,
    })
  })

  it('accepts a start equal to the end: one whole UTC day', async () => {
    const res = await get(
      `endpoint=save-rate-over-time&account_id=${PRO}&startDate=2026-03-31&endDate=2026-03-31`,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      data: [{ month: '2026-03', saveRate: 0, cancellations: 0, continues: 0, kept: 0, acceptedOffers: 0 }],
    })
  })

  it('refuses ranges longer than 10 years, and dates the database cannot store, with 400', async () => {
    await expectError(
      await get(`endpoint=save-rate-over-time&account_id=${PRO}&startDate=2000-01-01&endDate=2026-01-01`),
      400,
      { code: 'VALIDATION_FAILED', message: 'Date range cannot exceed 10 years', field: 'startDate' },
    )
    await expectError(
      await get(`endpoint=save-rate-over-time&account_id=${PRO}&startDate=0000-01-01&endDate=0000-02-01`),
      400,
      { code: 'VALIDATION_FAILED', message: 'Invalid date format', field: 'startDate' },
    )
  })
})

describe('membership (canViewAnalytics)', () => {
  it('lets every role read, down to viewer', async () => {
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      const member = await t.addMember(PRO, role)
      const res = await get(`endpoint=save-mechanism-performance&account_id=${PRO}`, member.token)
      expect(res.status).toBe(200)
    }
  })

  it('refuses a member of another account: membership is per account', async () => {
    const otherOwner = (await t.createAccount({ tier: 'pro' })).owner
    await expectError(await get(`endpoint=cancellation-reasons&account_id=${PRO}`, otherOwner.token), 403, {
      code: 'FORBIDDEN',
    })
  })
})

describe('free tier (basic reason dashboard and basic write-in sentiment)', () => {
  const PRO_MESSAGE = 'The full dashboard is a Pro feature. Upgrade to Pro to see it.'

  it('reads cancellation reasons, the save rate and write-in words', async () => {
    const viewer = await t.signIn('free-viewer@example.com')
    for (const endpoint of ['cancellation-reasons', 'save-rate-over-time', 'write-in-reasons']) {
      expect((await get(`endpoint=${endpoint}&account_id=${FREE}`, viewer.token)).status).toBe(200)
    }
  })

  it('gets 403 BUSINESS_RULE_VIOLATION for reasons over time, mechanisms, saved revenue and durability', async () => {
    const viewer = await t.signIn('free-viewer@example.com')
    for (const endpoint of [
      'cancellation-reasons-over-time',
      'save-mechanism-performance',
      'saved-revenue',
      'save-durability',
    ]) {
      await expectError(await get(`endpoint=${endpoint}&account_id=${FREE}`, viewer.token), 403, {
        code: 'BUSINESS_RULE_VIOLATION',
        message: PRO_MESSAGE,
      })
    }
    // The raw export is part of the full dashboard too.
    await expectError(
      await t.request(`/api/analytics/export?account_id=${FREE}`, { token: viewer.token }),
      403,
      { code: 'BUSINESS_RULE_VIOLATION', message: PRO_MESSAGE },
    )
  })

  it('sees the top 25 write-in words; pro sees up to 100', async () => {
    // 30 distinct words, word N written N times, so the top 25 are words 30 down to 6.
    const words = Array.from(
      { length: 30 },
      (_, index) => `word${String.fromCharCode(97 + (index % 26))}${index < 26 ? '' : 'z'}`,
    )
    const texts = words.map((word, index) =>
      Array(index + 1)
        .fill(word)
        .join(' '),
    )
    for (const account of [FREE, PRO]) {
      await insertSessions(t.database.db, account, [`${account}-w`])
      await insertEvents(
        t.database.db,
        account,
        texts.map((text) => ({
          session: `${account}-w`,
          step: 'feedback_submitted',
          text,
          at: '2026-05-01T00:00:00Z',
        })),
      )
    }
    const free = (await (
      await get(`endpoint=write-in-reasons&account_id=${FREE}`, freeOwnerToken)
    ).json()) as {
      data: { text: string; value: number }[]
    }
    const pro = (await (await get(`endpoint=write-in-reasons&account_id=${PRO}`)).json()) as {
      data: { text: string; value: number }[]
    }
    expect(pro.data).toHaveLength(30)
    expect(free.data).toHaveLength(25)
    expect(free.data).toEqual(pro.data.slice(0, 25))
    expect(free.data[0]).toEqual({ text: words[29], value: 30 })
    expect(free.data[24]).toEqual({ text: words[5], value: 6 })
  })
})
