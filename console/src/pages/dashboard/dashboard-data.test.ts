import { periodToRange } from '@retainkit/shared/period'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type FakeBackend, fail, installFakeBackend, ok } from '../../features/test-support/fake-backend'
import {
  clearDashboardCache,
  DASHBOARD_CACHE_TTL_MS,
  loadDataset,
  prefetchDashboard,
  prefetchDataset,
} from './dashboard-data'

let backend: FakeBackend

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-05-15T12:00:00Z'))
  clearDashboardCache()
  backend = installFakeBackend()
  backend.on('GET', '/api/analytics', {}, ok([]))
  backend.on('GET', '/api/analytics/dashboard', {}, ok(dashboardAnswer))
})

const dashboardAnswer = {
  'cancellation-reasons': { data: [{ reason_key: 'other', count: 1, share: 100 }] },
  'cancellation-reasons-over-time': { data: [], meta: { keys: [] } },
  'save-mechanism-performance': { data: [] },
  'save-rate-over-time': { data: [] },
  'write-in-reasons': { data: [] },
  'saved-revenue': {
    error: {
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'The full dashboard is a Pro feature.',
      field: 'endpoint',
    },
    status: 403,
  },
}

afterEach(() => {
  backend.restore()
  vi.useRealTimers()
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('prefetchDashboard', () => {
  it('fetches the five spec data sets for the 3-month period, in one dashboard request', async () => {
    prefetchDashboard('acme')
    await vi.waitFor(() => expect(backend.requests).toHaveLength(1))
    const range = periodToRange('3months')
    if (!range.ok) throw new Error('3months must parse')
    expect(range.startDate).toBe('2026-02-15T00:00:00.000Z')
    for (const request of backend.requests) {
      expect(request.path).toBe('/api/analytics/dashboard')
      expect(request.query).toMatchObject({
        account_id: 'acme',
        startDate: range.startDate,
        endDate: range.endDate,
      })
      expect(request.headers.get('x-api-key')).toBe('api-key-for-tests-0123456789')
      expect(request.headers.get('authorization')).toBe('Bearer test-access-token')
    }
  })

  it('feeds the dashboard: a prefetched data set is not fetched again', async () => {
    prefetchDashboard('acme')
    const range = periodToRange('3months')
    if (!range.ok) throw new Error('3months must parse')
    const result = await loadDataset({ accountId: 'acme', dataset: 'cancellation-reasons', ...range })
    expect(result.data).toEqual([{ reason_key: 'other', count: 1, share: 100 }])
    await flush()
    expect(backend.requests).toHaveLength(1)
  })
})

describe('loadDataset from the whole-dashboard call', () => {
  const range = {
    accountId: 'acme',
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2026-01-31T23:59:59.999Z',
  }

  it('shares one request among the data sets asking at once, each getting its own answer or error', async () => {
    const [reasons, overTime, revenue] = await Promise.all([
      loadDataset({ ...range, dataset: 'cancellation-reasons' }),
      loadDataset({ ...range, dataset: 'cancellation-reasons-over-time' }),
      loadDataset({ ...range, dataset: 'saved-revenue' }),
    ])
    expect(backend.requests.map((r) => r.path)).toEqual(['/api/analytics/dashboard'])
    expect(reasons.data).toEqual([{ reason_key: 'other', count: 1, share: 100 }])
    expect(overTime.data).toEqual([])
    expect(revenue.error).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION', status: 403, field: 'endpoint' })
  })

  it('asks for save durability (rolled up like the rest) in the same request as the other panels', async () => {
    await Promise.all([
      loadDataset({ ...range, dataset: 'cancellation-reasons' }),
      loadDataset({ ...range, dataset: 'save-durability' }),
      loadDataset({ ...range, dataset: 'saved-revenue' }),
    ])
    expect(
      backend.requests.map((r) => [r.path, String(r.query.datasets).split(',').sort().join(',')]),
    ).toEqual([['/api/analytics/dashboard', 'cancellation-reasons,save-durability,saved-revenue']])
  })

  it('Retry asks for the one data set again', async () => {
    await loadDataset({ ...range, dataset: 'saved-revenue' }, { force: true })
    expect(backend.requests.map((r) => [r.path, r.query.endpoint])).toEqual([
      ['/api/analytics', 'saved-revenue'],
    ])
  })
})

describe('loadDataset', () => {
  const query = {
    accountId: 'acme',
    dataset: 'saved-revenue' as const,
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2026-01-31T23:59:59.999Z',
  }

  it('asks the server on every visit when nothing was prefetched', async () => {
    await loadDataset(query)
    await loadDataset(query)
    expect(backend.requests.map((r) => r.path)).toEqual([
      '/api/analytics/dashboard',
      '/api/analytics/dashboard',
    ])
  })

  it('hands a prefetched answer over once; later visits, Retry and stale answers ask again', async () => {
    prefetchDataset(query)
    await loadDataset(query)
    expect(backend.requests).toHaveLength(1)
    await loadDataset(query)
    expect(backend.requests).toHaveLength(2)

    prefetchDataset(query)
    await loadDataset(query, { force: true })
    expect(backend.requests).toHaveLength(4)

    prefetchDataset(query)
    vi.setSystemTime(Date.now() + DASHBOARD_CACHE_TTL_MS + 1)
    await loadDataset(query)
    expect(backend.requests).toHaveLength(6)
  })

  it('never keeps a failed prefetch', async () => {
    backend.on('GET', '/api/analytics', { endpoint: 'saved-revenue' }, fail(500, 'DATABASE_ERROR', 'down'))
    backend.on('GET', '/api/analytics/dashboard', {}, fail(500, 'DATABASE_ERROR', 'down'))
    prefetchDataset(query)
    await vi.waitFor(() => expect(backend.requests).toHaveLength(1))
    await flush()
    const result = await loadDataset(query)
    expect(result.error?.code).toBe('DATABASE_ERROR')
    expect(backend.requests).toHaveLength(2)
  })
})
