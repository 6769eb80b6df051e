/** The soak's figures: slopes fitted after the warm-up, and the markdown table parse-output.ts reads. */

export interface SoakSample {
  minute: number
  rssMb: number
  heapMb: number
  externalMb: number
  sessions: number
}

export interface SoakResult {
  database: 'pglite' | 'postgres'
  minutes: number
  sessions: number
  visitsPerSecond: number
  samples: SoakSample[]
  rssAfterLoadMb: number
}

/** RSS may grow by at most this much per minute after the warm-up: flat, give or take the noise. */
export const GOAL_SLOPE_MB_PER_MIN = 0.5

/** Least-squares slope of `value` over the samples' minutes (NaN with fewer than two samples). */
export function slopePerMinute<T extends { minute: number }>(
  samples: readonly T[],
  value: (sample: T) => number,
): number {
  const n = samples.length
  if (n < 2) return Number.NaN
  const meanX = samples.reduce((sum, s) => sum + s.minute, 0) / n
  const meanY = samples.reduce((sum, s) => sum + value(s), 0) / n
  let numerator = 0
  let denominator = 0
  for (const sample of samples) {
    numerator += (sample.minute - meanX) * (value(sample) - meanY)
    denominator += (sample.minute - meanX) ** 2
  }
  return denominator === 0 ? Number.NaN : numerator / denominator
}

const mb = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '—' : `${value.toFixed(0)} MB`
const slope = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)} MB/min`

export function soakTable(
  results: readonly SoakResult[],
  warmupMinutes: number,
): { table: string; missed: string[] } {
  const missed: string[] = []
  const rows = results.map((result) => {
    const measured = result.samples.filter((sample) => sample.minute >= warmupMinutes)
    const rss = slopePerMinute(measured, (s) => s.rssMb)
    if (!(rss <= GOAL_SLOPE_MB_PER_MIN))
      missed.push(
        `MISSED soak ${result.database}: RSS grows ${slope(rss)} after the warm-up (goal ≤ ${GOAL_SLOPE_MB_PER_MIN} MB/min)`,
      )
    return [
      result.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
      result.minutes.toFixed(1),
      String(result.sessions),
      result.visitsPerSecond.toFixed(1),
      mb(measured[0]?.rssMb),
      mb(measured.at(-1)?.rssMb),
      slope(rss),
      slope(slopePerMinute(measured, (s) => s.heapMb)),
      slope(slopePerMinute(measured, (s) => s.externalMb)),
      mb(result.rssAfterLoadMb),
      `≤ ${GOAL_SLOPE_MB_PER_MIN} MB/min`,
    ]
  })
  const table = [
    '| database | minutes | sessions | visits/s | RSS after warm-up | RSS at end | RSS slope | heap slope | external slope | RSS 30 s after the load | goal (RSS slope) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n')
  return { table, missed }
}

/** A sample taken after a full collection (`--after-gc`), with the resident memory split. */
export interface GcSample {
  minute: number
  heapAfterGcMb: number
  externalAfterGcMb: number
  arrayBuffersAfterGcMb: number
  /** RSS read right after the collection. */
  rssAfterGcMb: number
}

/** One line: the slopes after the warm-up of what survives a collection and of the resident parts. */
export function gcSlopes(database: string, samples: readonly GcSample[], warmupMinutes: number): string {
  const measured = samples.filter((sample) => sample.minute >= warmupMinutes)
  const of = (value: (sample: GcSample) => number) => slope(slopePerMinute(measured, value))
  return `after-gc slopes ${database}: heap ${of((s) => s.heapAfterGcMb)}, external ${of((s) => s.externalAfterGcMb)}, RSS ${of((s) => s.rssAfterGcMb)} (heap after GC ${mb(measured[0]?.heapAfterGcMb)} → ${mb(measured.at(-1)?.heapAfterGcMb)})`
}
