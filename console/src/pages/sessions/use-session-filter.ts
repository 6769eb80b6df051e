import { DEFAULT_ANALYTICS_PERIOD } from '@retainkit/shared/constants'
import { parsePeriod } from '@retainkit/shared/period'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { SessionsFilter } from '../../lib/api'
import { SESSION_FILTER_KEYS, type SessionFilterKey } from './sessions-filters'

/**
 * The Sessions page's filter, kept in the URL like the dashboard's period (so a filtered view is a
 * link): `period`, `mode=test`, `segment`/`arm`, `q`, and each of SESSION_FILTER_KEYS.
 */
export function useSessionFilter() {
  const [params, setParams] = useSearchParams()
  const period = params.get('period') ?? DEFAULT_ANALYTICS_PERIOD
  const key = params.toString()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the key
  const filter = useMemo<SessionsFilter>(() => {
    const parsed = parsePeriod(period)
    const fallback = parsePeriod(DEFAULT_ANALYTICS_PERIOD)
    const range = parsed.ok ? parsed : fallback.ok ? fallback : null
    const value = (name: string) => params.get(name) || undefined
    return {
      startDate: range?.start.toISOString(),
      endDate: range?.end.toISOString(),
      mode: params.get('mode') === 'test' ? 'test' : 'live',
      q: value('q'),
      segment_id: value('segment'),
      arm_id: value('arm'),
      ...Object.fromEntries(SESSION_FILTER_KEYS.map((name) => [name, value(name)])),
    }
  }, [key, period])
  const set = (changes: Record<string, string | null>) => {
    const updated = new URLSearchParams(params)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') updated.delete(name)
      else updated.set(name, value)
    }
    setParams(updated)
  }
  const values = Object.fromEntries(
    SESSION_FILTER_KEYS.map((name) => [name, params.get(name) ?? '']),
  ) as Record<SessionFilterKey, string>
  return { filter, period, values, params, set }
}
