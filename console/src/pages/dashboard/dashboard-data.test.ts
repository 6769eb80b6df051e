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
})

afterEach(() => {
  backend.restore()
  vi.useRealTimers()
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('prefetchDashboard (spec 2.1)', () => {
  it('fetches exactly the five spec data sets for the 3-month period', async () => {
    prefetchDashboard('acme')
    await vi.waitFor(() => expect(backend.requests).toHaveLength(5))
    const range = periodToRange('3months')
    if (!range.ok) throw new Error('3months must parse')
    expect(range.startDate).toBe('2026-02-15T00:00:00.000Z')
    expect(backend.requests.map((r) => r.query.endpoint)).toEqual([
      'cancellation-reasons',
      'cancellation-reasons-over-time',
      'save-mechanism-performance',
      'save-rate-over-time',
      'write-in-reasons',
    ])
    for (const request of backend.requests) {
      expect(request.path).toBe('/api/analytics')
      expect(request.query).toMatchObject({
        account_id: 'acme',
        startDate: range.startDate,
        endDate: range.endDate,
      })
      expect(request.headers['x-api-key']).toBe('api-key-for-tests-0123456789')
      expect(request.headers.authorization).toBe('Bearer test-access-token')
    }
  })

  it('feeds the dashboard: a prefetched data set is not fetched again', async () => {
    prefetchDashboard('acme')
    const range = periodToRange('3months')
    if (!range.ok) throw new Error('3months must parse')
    const result = await loadDataset({ accountId: 'acme', dataset: 'write-in-reasons', ...range })
    expect(result.data).toEqual([])
    await flush()
    expect(backend.requests.filter((r) => r.query.endpoint === 'write-in-reasons')).toHaveLength(1)
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
    expect(backend.requests).toHaveLength(2)
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
    prefetchDataset(query)
    await vi.waitFor(() => expect(backend.requests).toHaveLength(1))
    await flush()
    const result = await loadDataset(query)
    expect(result.error?.code).toBe('DATABASE_ERROR')
    expect(backend.requests).toHaveLength(2)
  })
})
