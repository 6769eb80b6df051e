import type { AnalyticsEndpoint } from '@retainkit/shared/analytics-endpoints'
import { periodToRange } from '@retainkit/shared/period'
import { type DashboardSlice, getAnalytics, getAnalyticsDashboard } from '../../lib/api'
import { type ApiResult, serverError } from '../../lib/api-client'
import { type DashboardDataset, PREFETCH_PERIOD, PREFETCHED_DATASETS } from './dashboard-datasets'

/**
 * The startup prefetch and the dashboard's data loading. Deliberately small and chart-free:
 * the shell imports it on startup when the URL has an account_id, long before the dashboard chunk (with
 * nivo) loads; the dashboard then takes the prefetched answers instead of fetching them a second time.
 */

export interface DatasetQuery {
  accountId: string
  dataset: DashboardDataset
  startDate: string
  endDate: string
  /** Test-mode sessions instead of live ones (absent: live). */
  mode?: 'live' | 'test'
  /** One segment's or experiment arm's sessions only. */
  slice?: DashboardSlice
}

const sliceKey = (slice: DashboardSlice | undefined) => `${slice?.segmentId ?? ''}/${slice?.armId ?? ''}`

/**
 * How long a prefetched answer waits for the dashboard. It is handed over once: later visits fetch
 * again, so returning to the dashboard never shows numbers older than the visit. Failures are never
 * kept (Retry must really retry).
 */
export const DASHBOARD_CACHE_TTL_MS = 60_000

interface Entry {
  at: number
  promise: Promise<ApiResult<unknown>>
}

const cache = new Map<string, Entry>()

const keyOf = (query: DatasetQuery) =>
  [
    query.accountId,
    query.dataset,
    query.startDate,
    query.endDate,
    query.mode ?? 'live',
    sliceKey(query.slice),
  ]
    .map(encodeURIComponent)
    .join('|')

const analyticsQuery = ({ dataset, accountId, startDate, endDate, mode, slice }: DatasetQuery) => ({
  endpoint: dataset,
  accountId,
  startDate,
  endDate,
  mode,
  ...(slice ? { slice } : {}),
})

function fetchDataset(query: DatasetQuery, key: string, now: () => number): Promise<ApiResult<unknown>> {
  const promise = getAnalytics<unknown>(analyticsQuery(query)).then((result) => {
    if (result.error && cache.get(key)?.promise === promise) cache.delete(key)
    return result
  })
  cache.set(key, { at: now(), promise })
  return promise
}

type RangeQuery = Omit<DatasetQuery, 'dataset'>

const rangeKeyOf = (query: RangeQuery) =>
  [query.accountId, query.startDate, query.endDate, query.mode ?? 'live', sliceKey(query.slice)]
    .map(encodeURIComponent)
    .join('|')

interface Batch {
  datasets: Set<AnalyticsEndpoint>
  promise: Promise<ApiResult<Record<string, unknown>>>
}

/** Data sets asked for in this tick, per range: they go to the server together, in one request. */
const batches = new Map<string, Batch>()

/** A data set of the page (a chart, or the headline row) for one range. */
type BatchedQuery = RangeQuery & { dataset: AnalyticsEndpoint }

function requestDashboard(query: BatchedQuery): Promise<ApiResult<Record<string, unknown>>> {
  const key = rangeKeyOf(query)
  const open = batches.get(key)
  if (open) {
    open.datasets.add(query.dataset)
    return open.promise
  }
  const datasets = new Set<AnalyticsEndpoint>([query.dataset])
  // Every panel asks in the same render commit: wait for the end of this tick, then ask once.
  const promise = Promise.resolve().then(() => {
    batches.delete(key)
    return getAnalyticsDashboard(query, [...datasets])
  })
  batches.set(key, { datasets, promise })
  return promise
}

/** One data set out of the whole-dashboard answer: `{data, meta?}` as its own call, or its error. */
function datasetOf(
  result: ApiResult<Record<string, unknown>>,
  dataset: AnalyticsEndpoint,
): ApiResult<unknown> {
  if (result.error) return result
  const entry = result.data[dataset] as { status?: number } | undefined
  if (entry && 'error' in entry) {
    const status = typeof entry.status === 'number' ? entry.status : 500
    const error = serverError(entry, status)
    if (error) return { error }
  }
  // As the client unwraps a single call's `{data, meta?}` body to its data.
  if (entry && typeof entry === 'object' && 'data' in entry)
    return { data: (entry as { data: unknown }).data }
  return { data: entry }
}

function fetchFromDashboard(query: BatchedQuery) {
  return requestDashboard(query).then((result) => datasetOf(result, query.dataset))
}

/**
 * The headline row's figures: asked for in the same request as the charts of the same range, so the
 * server reads what they share (the period's counts and saves) once.
 */
export function loadHeadlineFigures<T>(range: RangeQuery): Promise<ApiResult<T>> {
  return fetchFromDashboard({ ...range, dataset: 'headline-figures' }) as Promise<ApiResult<T>>
}

/**
 * The data set for an account and range: a waiting prefetched answer (taken out of the cache, fresh or
 * still in flight), else the whole dashboard in one request shared by every data set asking at once.
 * `force` asks the server for this one data set again (Retry).
 */
export function loadDataset(query: DatasetQuery, options: { force?: boolean; now?: () => number } = {}) {
  const now = options.now ?? Date.now
  const key = keyOf(query)
  const waiting = cache.get(key)
  cache.delete(key)
  if (options.force) return getAnalytics<unknown>(analyticsQuery(query))
  if (waiting && now() - waiting.at < DASHBOARD_CACHE_TTL_MS) return waiting.promise
  return fetchFromDashboard(query)
}

/** Fetches a data set ahead of the dashboard and keeps the answer for it (see loadDataset). */
export function prefetchDataset(query: DatasetQuery, options: { now?: () => number } = {}): void {
  const key = keyOf(query)
  if (cache.has(key)) return
  void fetchDataset(query, key, options.now ?? Date.now)
}

/**
 * "if the query has account_id, the 3-month data sets are prefetched: cancellation reasons,
 * reasons over time, save-mechanism performance, save rate over time, write-in reasons." Exactly those
 * five, for the default 3-month period; errors surface later, when the dashboard reads them.
 */
export function prefetchDashboard(accountId: string): void {
  const range = periodToRange(PREFETCH_PERIOD)
  if (!range.ok || accountId === '') return
  const at = Date.now()
  for (const dataset of PREFETCHED_DATASETS) {
    const query = { accountId, dataset, startDate: range.startDate, endDate: range.endDate }
    const key = keyOf(query)
    if (cache.has(key)) continue
    const promise = fetchFromDashboard(query).then((result) => {
      if (result.error && cache.get(key)?.promise === promise) cache.delete(key)
      return result
    })
    cache.set(key, { at, promise })
  }
}

/** For tests: forget every waiting answer. */
export function clearDashboardCache(): void {
  cache.clear()
  batches.clear()
}
