import { periodToRange } from '@retainkit/shared/period'
import { getAnalytics } from '../../lib/api'
import type { ApiResult } from '../../lib/api-client'
import { type DashboardDataset, PREFETCH_PERIOD, PREFETCHED_DATASETS } from './dashboard-datasets'

/**
 * The dashboard's data cache, and the startup prefetch of spec 2.1. Deliberately small and chart-free:
 * the shell imports it on startup when the URL has an account_id, long before the dashboard chunk (with
 * nivo) loads. The dashboard reads the same cache, so a prefetched data set is not fetched twice.
 */

export interface DatasetQuery {
  accountId: string
  dataset: DashboardDataset
  startDate: string
  endDate: string
}

/** Successful answers are reused for this long; failures are never cached (Retry must really retry). */
export const DASHBOARD_CACHE_TTL_MS = 60_000

interface Entry {
  at: number
  promise: Promise<ApiResult<unknown>>
}

const cache = new Map<string, Entry>()

const keyOf = (query: DatasetQuery) =>
  [query.accountId, query.dataset, query.startDate, query.endDate].map(encodeURIComponent).join('|')

/**
 * The data set for an account and range: from the cache while fresh (or in flight), else fetched.
 * `force` skips the cache (Retry, and refreshing after an error).
 */
export function loadDataset(query: DatasetQuery, options: { force?: boolean; now?: () => number } = {}) {
  const now = options.now ?? Date.now
  const key = keyOf(query)
  const cached = cache.get(key)
  if (cached && !options.force && now() - cached.at < DASHBOARD_CACHE_TTL_MS) return cached.promise
  const promise = getAnalytics<unknown>({
    endpoint: query.dataset,
    accountId: query.accountId,
    startDate: query.startDate,
    endDate: query.endDate,
  }).then((result) => {
    // Forget failures once they are reported, so the next load asks the server again.
    if (result.error && cache.get(key)?.promise === promise) cache.delete(key)
    return result
  })
  cache.set(key, { at: now(), promise })
  return promise
}

/**
 * Spec 2.1: "if the query has account_id, the 3-month data sets are prefetched: cancellation reasons,
 * reasons over time, save-mechanism performance, save rate over time, write-in reasons." Exactly those
 * five, for the default 3-month period; errors surface later, when the dashboard reads them.
 */
export function prefetchDashboard(accountId: string): void {
  const range = periodToRange(PREFETCH_PERIOD)
  if (!range.ok || accountId === '') return
  for (const dataset of PREFETCHED_DATASETS) {
    void loadDataset({ accountId, dataset, startDate: range.startDate, endDate: range.endDate })
  }
}

/** For tests and sign-out: forget every cached answer. */
export function clearDashboardCache(): void {
  cache.clear()
}
