import type { AnalyticsRange } from './range'

const DAY_MS = 86_400_000

/**
 * An analytics range cut the way the rollups can answer it: the whole UTC days inside it (read from the
 * daily rollups) and at most two partial days at its ends (`edges`, read from the raw rows, so a range
 * given to the millisecond is still counted exactly). The cost of a dashboard then grows with the days
 * in range, plus at most two days of raw rows, never with the events of the whole range.
 */
export interface RollupWindow {
  /** First whole day, `YYYY-MM-DD`. */
  dayFrom: string
  /** Day after the last whole day (exclusive); equal to dayFrom when there is none. */
  dayTo: string
  /** Partial-day pieces [lo, hi) as ISO instants, same length arrays (0–2 items). */
  edgeLo: string[]
  edgeHi: string[]
  start: string
  until: string
  /** The UTC midnight after `until`: a session straddling `until` within one day ends before it. */
  untilNextMidnight: string
}

const floorDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS
const ceilDay = (ms: number) => Math.ceil(ms / DAY_MS) * DAY_MS
const iso = (ms: number) => new Date(ms).toISOString()
const isoDay = (ms: number) => iso(ms).slice(0, 10)

export function rollupWindow(range: AnalyticsRange): RollupWindow {
  const start = range.start.getTime()
  const until = range.until.getTime()
  const firstWholeDay = ceilDay(start)
  const afterLastWholeDay = floorDay(until)
  const edges: [number, number][] = []
  const dayFrom = firstWholeDay
  let dayTo = afterLastWholeDay
  if (firstWholeDay < afterLastWholeDay) {
    if (start < firstWholeDay) edges.push([start, firstWholeDay])
    if (afterLastWholeDay < until) edges.push([afterLastWholeDay, until])
  } else {
    // Less than one whole day: all of it is an edge.
    dayTo = dayFrom
    if (start < until) edges.push([start, until])
  }
  return {
    dayFrom: isoDay(dayFrom),
    dayTo: isoDay(dayTo),
    edgeLo: edges.map(([lo]) => iso(lo)),
    edgeHi: edges.map(([, hi]) => iso(hi)),
    start: iso(start),
    until: iso(until),
    untilNextMidnight: iso(floorDay(until) + DAY_MS),
  }
}

/** Whether the range has partial days, read from the raw rows (none when it starts and ends on days). */
export const hasEdges = (w: RollupWindow) => w.edgeLo.length > 0

/** Whether the range ends on a UTC midnight: then only sessions spanning days can straddle its end. */
export const endsAtMidnight = (w: RollupWindow) => w.until.endsWith('T00:00:00.000Z')
