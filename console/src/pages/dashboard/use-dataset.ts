import { useCallback, useEffect, useRef, useState } from 'react'
import type { DashboardSlice } from '../../lib/api'
import type { ApiError } from '../../lib/api-client'
import { loadDataset } from './dashboard-data'
import type { DashboardDataset } from './dashboard-datasets'

export type DatasetState =
  | { status: 'loading' }
  | { status: 'ready'; raw: unknown }
  | { status: 'error'; error: ApiError }
  /** Free tier: the server keeps this data set for Pro (403 BUSINESS_RULE_VIOLATION), or we know it will. */
  | { status: 'locked' }

export interface DatasetRange {
  accountId: string
  startDate: string
  endDate: string
  /** Test-mode sessions instead of live ones (absent: live). */
  mode?: 'live' | 'test'
  /** One segment's or experiment arm's sessions only. */
  slice?: DashboardSlice
}

/** A data set's state, and how to fetch it again (skipping the cache) after an error. */
export interface DatasetLoad {
  state: DatasetState
  retry: () => void
}

/** The server's answer for a Pro-only data set asked for by a free account. */
export const isTierRefusal = (error: ApiError) =>
  error.code === 'BUSINESS_RULE_VIOLATION' && (error.status === 403 || error.status === 422)

/**
 * One data set for the current account and period, through the shared cache (so the startup prefetch is
 * reused). Changing the range fetches again; `retry` skips the cache.
 */
export function useDataset(
  dataset: DashboardDataset,
  range: DatasetRange | null,
  locked: boolean,
): DatasetLoad {
  const [state, setState] = useState<DatasetState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const forceNext = useRef(false)
  const accountId = range?.accountId
  const startDate = range?.startDate
  const endDate = range?.endDate
  const mode = range?.mode
  const segmentId = range?.slice?.segmentId
  const armId = range?.slice?.armId

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how Retry re-runs this effect
  useEffect(() => {
    if (locked) {
      setState({ status: 'locked' })
      return
    }
    if (!accountId || !startDate || !endDate) return
    let live = true
    setState({ status: 'loading' })
    const force = forceNext.current
    forceNext.current = false
    const slice = segmentId || armId ? { segmentId, armId } : undefined
    loadDataset(
      { accountId, dataset, startDate, endDate, mode, ...(slice ? { slice } : {}) },
      { force },
    ).then((result) => {
      if (!live) return
      if (result.error)
        setState(
          isTierRefusal(result.error) ? { status: 'locked' } : { status: 'error', error: result.error },
        )
      else setState({ status: 'ready', raw: result.data })
    })
    return () => {
      live = false
    }
  }, [dataset, accountId, startDate, endDate, mode, segmentId, armId, locked, attempt])

  const retry = useCallback(() => {
    forceNext.current = true
    setAttempt((n) => n + 1)
  }, [])
  return { state, retry }
}
