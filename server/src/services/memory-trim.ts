import type { Logger } from './logger'
import { startPeriodicWorker } from './periodic-worker'

/**
 * Under steady traffic V8 collects often enough to keep the live heap flat, but it rarely runs the
 * memory-reducing kind of collection that hands emptied pages back to the system: the resident set
 * of a busy server climbed 2.5-3.5 MB a minute for half an hour (the soak benchmark) although one such
 * collection brought it back to where it started. So, every 15 s, when the resident set has grown
 * by more than `growthBytes` (16 MB) since the last trim, this asks V8 for that collection (asynchronously: it
 * runs as a task between requests). `npm start` exposes gc to the server (scripts/server-command.mjs);
 * without it (tests, a server started otherwise) this does nothing.
 */
export interface MemoryTrimOptions {
  logger: Logger
  everyMs?: number
  growthBytes?: number
  /** V8's gc as `--expose-gc` exposes it; resolves when the collection is done. */
  collect?: (options: object) => unknown
  residentBytes?: () => number
}

export const MEMORY_TRIM_EVERY_MS = 15_000
export const MEMORY_TRIM_GROWTH_BYTES = 16 * 2 ** 20

type ExposedGc = (options: object) => unknown

/** The collection V8 runs under memory pressure: full, compacting, and it releases emptied pages. */
export const TRIM_COLLECTION = { type: 'major', execution: 'async', flavor: 'last-resort' } as const

export function startMemoryTrim(options: MemoryTrimOptions): () => void {
  const collect = options.collect ?? (globalThis as { gc?: ExposedGc }).gc
  if (!collect) return () => {}
  const trim = createMemoryTrim({ ...options, collect })
  return startPeriodicWorker(options.logger, 'memory-trim', options.everyMs ?? MEMORY_TRIM_EVERY_MS, trim)
}

/** One check: collects when the resident set grew past the threshold since the last collection. */
export function createMemoryTrim(
  options: MemoryTrimOptions & { collect: ExposedGc },
): () => Promise<boolean> {
  const resident = options.residentBytes ?? (() => process.memoryUsage.rss())
  const growth = options.growthBytes ?? MEMORY_TRIM_GROWTH_BYTES
  let baseline = resident()
  return async () => {
    const before = resident()
    if (before - baseline <= growth) {
      // The set shrank on its own (or grew too little): follow it down so growth is measured from there.
      baseline = Math.min(baseline, before)
      return false
    }
    const started = performance.now()
    await options.collect(TRIM_COLLECTION)
    baseline = resident()
    options.logger.debug('memory trimmed', {
      residentMbBefore: Math.round(before / 2 ** 20),
      residentMbAfter: Math.round(baseline / 2 ** 20),
      ms: Math.round(performance.now() - started),
    })
    return true
  }
}
