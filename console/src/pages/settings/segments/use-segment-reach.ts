import type { ApiData } from '@retainkit/shared/api'
import { segmentPreviewSchema } from '@retainkit/shared/schemas'
import { useEffect, useRef, useState } from 'react'
import { previewSegments, type SegmentInput } from '../../../lib/api'
import { userMessageOf } from '../../../lib/error-handler'

export type Reach = ApiData<'POST /api/account?action=segment-preview'>['reach']

export type ReachState =
  | { status: 'loading'; last: Reach | null }
  | { status: 'ready'; reach: Reach }
  | { status: 'invalid'; last: Reach | null }
  | { status: 'error'; message: string; last: Reach | null }

/** How long the conditions must rest before the count is asked for again. */
export const REACH_DEBOUNCE_MS = 400

/**
 * How many of last month's sessions each unsaved segment would have caught (first match wins), asked
 * of the server again whenever the conditions, order or switches change — after a short pause, and
 * only for a list the shared schema accepts (a half-typed condition is not worth a refused request).
 * Only what decides matching goes into the key, so editing a segment's copy asks nothing.
 */
export function useSegmentReach(
  accountId: string,
  segments: readonly SegmentInput[],
  enabled = true,
): ReachState {
  const key = JSON.stringify(segments.map((segment) => [segment.enabled, segment.rule]))
  const [state, setState] = useState<ReachState>({ status: 'loading', last: null })
  const latest = useRef(segments)
  latest.current = segments
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the matching parts of `segments`.
  useEffect(() => {
    const last = (current: ReachState) => (current.status === 'ready' ? current.reach : current.last)
    if (!enabled) return
    const list = latest.current
    if (!segmentPreviewSchema.safeParse({ segments: list }).success) {
      setState((current) => ({ status: 'invalid', last: last(current) }))
      return
    }
    setState((current) => ({ status: 'loading', last: last(current) }))
    let live = true
    const timer = setTimeout(() => {
      void previewSegments(accountId, [...list]).then((result) => {
        if (!live) return
        setState((current) =>
          result.error
            ? { status: 'error', message: userMessageOf(result.error), last: last(current) }
            : { status: 'ready', reach: result.data.reach },
        )
      })
    }, REACH_DEBOUNCE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [accountId, key, enabled])
  return state
}

/** The words under a segment: "Would have caught 12 of last month's 340 sessions." */
export function reachText(state: ReachState, index: number): string {
  const reach = state.status === 'ready' ? state.reach : state.last
  const counted = reach
    ? `Would have caught ${reach.segments[index] ?? 0} of last month's ${reach.sessions} sessions`
    : null
  switch (state.status) {
    case 'ready':
      return `${counted}.`
    case 'loading':
      return counted ? `${counted} (counting again…).` : "Counting last month's sessions…"
    case 'invalid':
      return 'Fix the conditions to count the sessions this segment would have caught.'
    case 'error':
      return `Could not count last month's sessions: ${state.message}`
  }
}
