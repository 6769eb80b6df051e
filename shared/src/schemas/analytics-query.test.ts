import { describe, expect, it } from 'vitest'
import { analyticsQuerySchema } from './analytics-query'

function issues(value: unknown): Array<[string, string]> {
  const result = analyticsQuerySchema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
}

const base = { endpoint: 'cancellation-reasons', account_id: 'acct_1' }

describe('analytics query', () => {
  it('accepts each of the five endpoints, and our saved-revenue and save-durability', () => {
    for (const endpoint of [
      'cancellation-reasons',
      'cancellation-reasons-over-time',
      'save-mechanism-performance',
      'save-rate-over-time',
      'write-in-reasons',
      'saved-revenue',
      'save-durability',
    ]) {
      expect(issues({ ...base, endpoint })).toEqual([])
    }
  })

  it('rejects any other endpoint', () => {
    expect(issues({ ...base, endpoint: 'save-rate' })).toEqual([
      ['endpoint', 'Unknown data set: the endpoint parameter of /api/openapi.json lists them'],
    ])
  })

  it('validates the account ID with the account rules', () => {
    expect(issues({ ...base, account_id: '' })).toEqual([['account_id', 'Account ID is required']])
    expect(issues({ ...base, account_id: 'a'.repeat(101) })).toEqual([['account_id', 'Account ID too long']])
    expect(issues({ ...base, account_id: "1' OR '1'='1" })).toEqual([
      ['account_id', 'Account ID can only contain letters, numbers, hyphens, and underscores'],
    ])
  })

  it('dates are optional, ISO, and in order', () => {
    expect(issues({ ...base, startDate: '2026-01-01', endDate: '2026-03-31T23:59:59.999Z' })).toEqual([])
    expect(issues({ ...base, startDate: '2026-01-01', endDate: '2026-01-01' })).toEqual([])
    expect(issues({ ...base, startDate: '01/01/2026' })).toEqual([['startDate', 'Invalid date format']])
    expect(issues({ ...base, startDate: '2026-04-01', endDate: '2026-03-31' })).toEqual([
      ['endDate', 'Start date must be before or equal to end date'],
    ])
  })
})
