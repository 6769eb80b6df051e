import type { Context } from 'hono'
import { type RawBuilder, sql } from 'kysely'
import type { AppDeps } from '../deps'
import { HttpError } from '../http/http-error'

/**
 * A fixed-window rate limiter kept in the database (table rate_limit_hits), so every instance behind a
 * load balancer counts against the same windows. One upsert per hit: the counter row of the current
 * window is created or incremented atomically, and its new value decides.
 *
 * Fixed windows allow a burst of up to 2 × limit around a window boundary; that is acceptable for what
 * this guards (contact forms, session creation), and it keeps each hit to a single statement.
 */
export type RateLimitDeps = Pick<AppDeps, 'db' | 'clock'>

export interface RateLimitResult {
  allowed: boolean
  /** Seconds until the current window ends (at least 1): what Retry-After carries on a 429. */
  retryAfterSeconds: number
  /** Hits counted in the current window, this one included. */
  hits: number
}

/** Old windows of all buckets are swept at most this often per process. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000
/** Windows older than this are deleted by the sweep (longer than any window a caller uses). */
const SWEEP_AGE_MS = 24 * 60 * 60 * 1000
const lastSweep = new WeakMap<object, number>()

export async function hit(
  deps: RateLimitDeps,
  bucket: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const planned = planHit(deps, bucket, limit, windowSeconds)
  const row = await deps.db
    .insertInto('rate_limit_hits')
    .values({ bucket, window_start: planned.windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_hits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow()
  const hits = Number(row.hits)
  if (hits === 1) await sweep(deps, bucket, planned.windowStart, planned.now)
  return { allowed: hits <= limit, retryAfterSeconds: planned.retryAfterSeconds, hits }
}

/** A hit about to be counted: its bucket, limit and window, fixed at the request's time. */
export interface PlannedHit {
  bucket: string
  limit: number
  windowStart: Date
  /** Seconds until the window ends (at least 1): Retry-After on a 429. */
  retryAfterSeconds: number
  now: number
}

export function planHit(
  deps: Pick<RateLimitDeps, 'clock'>,
  bucket: string,
  limit: number,
  windowSeconds: number,
): PlannedHit {
  if (!Number.isInteger(limit) || limit < 1) throw new Error('rate limit must be a positive integer')
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds * 1000 > SWEEP_AGE_MS) {
    throw new Error('rate-limit window must be 1 second to 24 hours')
  }
  const now = deps.clock.now().getTime()
  const windowMs = windowSeconds * 1000
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs)
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000))
  return { bucket, limit, windowStart, retryAfterSeconds, now }
}

/**
 * The upsert that counts `planned`, to be placed in a WITH clause of the statement whose work the limit
 * guards (`with hits as (<this>) …`): the hit and that work then cost one round trip, and the work can
 * be made conditional on `(select hits from …) <= limit`. It returns the window's count, `hits`, or
 * no row when `onlyIf` (a condition) does not hold: nothing is counted then.
 */
export function countHitSql(planned: PlannedHit, onlyIf?: RawBuilder<unknown>): RawBuilder<{ hits: number }> {
  return sql<{ hits: number }>`insert into rate_limit_hits as r (bucket, window_start, hits)
    select ${planned.bucket}::text, ${planned.windowStart.toISOString()}::timestamptz, 1${onlyIf ? sql` where ${onlyIf}` : sql``}
    on conflict (bucket, window_start) do update set hits = r.hits + 1
    returning hits`
}

/**
 * After a statement counted `planned` (countHitSql) and returned the windows' counts: the first window
 * over its limit answers 429 with Retry-After, as enforceRateLimit does. The buckets counted this way
 * are short-lived (a session's, a token's): most windows that open are a bucket's first, with nothing
 * earlier to delete, so a bucket's own earlier windows are left to the periodic sweep of every stale
 * window (at most every SWEEP_INTERVAL_MS per process, in the background, off the request's path)
 * instead of costing a DELETE for each window opened.
 */
export function settleHits(
  c: Context,
  deps: RateLimitDeps & Pick<AppDeps, 'background'>,
  planned: readonly PlannedHit[],
  counts: readonly number[],
): void {
  const over = hitOverLimit(deps, planned, counts)
  if (!over) return
  c.header('Retry-After', String(over.retryAfterSeconds))
  throw new HttpError('RATE_LIMIT_EXCEEDED')
}

/** settleHits without a Hono context: the sweep as there, and the first window over its limit, if any. */
export function hitOverLimit(
  deps: RateLimitDeps & Pick<AppDeps, 'background'>,
  planned: readonly PlannedHit[],
  counts: readonly number[],
): PlannedHit | undefined {
  const opened = planned.find((_, index) => Number(counts[index]) === 1)
  if (opened && sweepDue(deps, opened.now)) {
    deps.background.run('rate-limit sweep', () => sweepStale(deps, opened.now))
  }
  return planned.find((entry, index) => Number(counts[index]) > entry.limit)
}

/**
 * Housekeeping when a bucket opens a new window: its own earlier windows go (cheap: primary-key
 * prefix), and now and then every bucket's stale windows, so one-off callers do not pile up rows.
 */
async function sweep(deps: RateLimitDeps, bucket: string, windowStart: Date, now: number): Promise<void> {
  await deps.db
    .deleteFrom('rate_limit_hits')
    .where('bucket', '=', bucket)
    .where('window_start', '<', windowStart)
    .execute()
  if (sweepDue(deps, now)) await sweepStale(deps, now)
}

/** Whether this process's sweep of every stale window is due (and, if so, marks it done now). */
function sweepDue(deps: Pick<RateLimitDeps, 'db'>, now: number): boolean {
  const last = lastSweep.get(deps.db) ?? 0
  if (now - last < SWEEP_INTERVAL_MS && now >= last) return false
  lastSweep.set(deps.db, now)
  return true
}

async function sweepStale(deps: RateLimitDeps, now: number): Promise<void> {
  await deps.db
    .deleteFrom('rate_limit_hits')
    .where('window_start', '<', new Date(now - SWEEP_AGE_MS))
    .execute()
}

/**
 * `hit` for a route: over the limit, sets Retry-After and throws 429 RATE_LIMIT_EXCEEDED with the
 * catalogue's message ('Too many requests. Please wait a moment and try again.').
 */
export async function enforceRateLimit(
  c: Context,
  deps: RateLimitDeps,
  bucket: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const result = await hit(deps, bucket, limit, windowSeconds)
  if (result.allowed) return
  c.header('Retry-After', String(result.retryAfterSeconds))
  throw new HttpError('RATE_LIMIT_EXCEEDED')
}
