import type { AppDeps } from '../../deps'
import { webhookAttempts, webhookOutcome } from '../../observability/metrics'
import { backoffMs } from '../retry-backoff'
import { type ClaimedRow, claimDue, LEASE_MS, settleClaim } from './claim'
import { type Outcome, sendOnce } from './send'

/**
 * Sends due deliveries. Rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease (claim.ts): two
 * workers, in one process or several, never hold the same row. Each attempt has one deadline and is
 * logged; a 2xx ends the delivery, anything else schedules the next attempt with exponential backoff
 * until three days have passed. A worker killed mid-send loses nothing: its lease runs out and the row
 * is due again; an attempt that outlives its lease is logged but decides nothing.
 *
 * Attempts run side by side (`concurrency` per process, `perEndpoint` per endpoint across the cluster),
 * and a freed slot is filled at once: one slow receiver holds at most its own slots, for at most the
 * deadline each, and never the queue.
 */
export { LEASE_MS }

export interface DeliveryOptions {
  /** One attempt, connecting to the answer's status, takes at most this long. */
  deadlineMs?: number
  /** Attempts in flight in this process. */
  concurrency?: number
  /** Attempts in flight for one endpoint, over every instance. */
  perEndpoint?: number
}

export const DELIVERY_DEFAULTS: Required<DeliveryOptions> = {
  deadlineMs: 10_000,
  concurrency: 16,
  perEndpoint: 2,
}

const FIRST_RETRY_MS = 30_000
const MAX_RETRY_MS = 6 * 3_600_000

/** 30 s, 1 min, 2 min, … up to 6 h between attempts. */
export const retryDelayMs = (attempts: number): number => backoffMs(attempts, FIRST_RETRY_MS, MAX_RETRY_MS)

async function sendRow(deps: AppDeps, row: ClaimedRow, deadlineMs: number): Promise<Outcome> {
  try {
    const endpoint = await deps.db
      .selectFrom('webhook_endpoints_out')
      .select(['url', 'secret_ciphertext'])
      .where('id', '=', row.endpoint_id)
      .executeTakeFirst()
    if (!endpoint) return { status: null, error: 'the endpoint was deleted' }
    const secret = deps.secrets.decrypt(endpoint.secret_ciphertext)
    return await sendOnce(deps, { url: endpoint.url, secret }, row.payload, deadlineMs)
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message.slice(0, 300) : String(error) }
  }
}

/** Sends one claimed row and records the attempt. Never throws: a failure to record is logged. */
async function attempt(deps: AppDeps, row: ClaimedRow, deadlineMs: number): Promise<boolean> {
  const started = Date.now()
  const outcome = await sendRow(deps, row, deadlineMs)
  webhookAttempts.inc({ outcome: webhookOutcome(outcome.status) })
  const now = deps.clock.now()
  const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300
  const next = new Date(now.getTime() + retryDelayMs(row.attempts))
  const givenUp = !delivered && next > new Date(row.give_up_at)
  try {
    const kept = await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values({
          delivery_id: row.id,
          attempted_at: now,
          response_status: outcome.status,
          error: outcome.error,
          duration_ms: Date.now() - started,
        })
        .execute()
      return settleClaim(trx, row, {
        status: delivered ? 'delivered' : givenUp ? 'failed' : 'pending',
        at: now,
        nextAttemptAt: delivered || givenUp ? now : next,
        lastStatus: outcome.status,
      })
    })
    if (!kept)
      deps.logger.warn('a webhook attempt finished after its lease; the instance holding it now decides', {
        delivery: row.id,
      })
  } catch (error) {
    // The lease runs out and the row is attempted again: at least once, as promised.
    deps.logger.error('could not record a webhook attempt', {
      delivery: row.id,
      error: error instanceof Error ? error.message : String(error),
    })
  }
  return delivered
}

/**
 * Claims into free slots and starts each attempt without waiting for it. `fill()` claims once;
 * `onSettled` runs after every attempt, so a worker refills the slot at once.
 */
function createDispatcher(deps: AppDeps, options: DeliveryOptions, onSettled?: () => void) {
  const limits = { ...DELIVERY_DEFAULTS, ...options }
  const inFlight = new Set<Promise<void>>()
  const totals = { attempted: 0, delivered: 0 }
  const start = (row: ClaimedRow) => {
    const running: Promise<void> = attempt(deps, row, limits.deadlineMs).then((delivered) => {
      totals.attempted++
      if (delivered) totals.delivered++
      inFlight.delete(running)
      onSettled?.()
    })
    inFlight.add(running)
  }
  const claim = async () => {
    const rows = await claimDue(
      deps,
      deps.clock.now(),
      limits.concurrency - inFlight.size,
      limits.perEndpoint,
    )
    for (const row of rows) start(row)
    return rows.length
  }
  return {
    inFlight,
    totals,
    limits,
    fill: claim,
  }
}

/** One pass: sends what is due until nothing more is (or only what another instance holds). */
export async function deliverDueWebhooks(
  deps: AppDeps,
  options: DeliveryOptions = {},
): Promise<{ attempted: number; delivered: number }> {
  const dispatcher = createDispatcher(deps, options)
  for (;;) {
    // An attempt that ended while the claim ran may have freed its endpoint's slot: claim again then.
    const settledBefore = dispatcher.totals.attempted
    const claimed = await dispatcher.fill()
    const { inFlight, limits } = dispatcher
    const quiet = claimed === 0 && inFlight.size === 0
    if (quiet && dispatcher.totals.attempted === settledBefore) return { ...dispatcher.totals }
    if (quiet) continue
    if (claimed === 0 || inFlight.size >= limits.concurrency) await Promise.race(inFlight)
  }
}

/**
 * In every instance: claims every `everyMs`, and again whenever an attempt ends; instances share the
 * queue safely. Returns a stop function that resolves once the attempts in flight have ended (each
 * within its deadline).
 */
export function startWebhookWorker(
  deps: AppDeps,
  everyMs = 2_000,
  options: DeliveryOptions = {},
): () => Promise<void> {
  let stopped = false
  let claiming = false
  let again = false
  // One claim at a time; a slot freed meanwhile is claimed into right after it.
  const tick = () => {
    if (stopped) return
    if (claiming) {
      again = true
      return
    }
    claiming = true
    dispatcher
      .fill()
      .catch((error: unknown) => {
        deps.logger.error('webhook delivery pass failed', {
          error: error instanceof Error ? error.message : String(error),
        })
      })
      .finally(() => {
        claiming = false
        if (again) {
          again = false
          tick()
        }
      })
  }
  const dispatcher = createDispatcher(deps, options, tick)
  const timer = setInterval(tick, everyMs)
  timer.unref()
  tick()
  return async () => {
    stopped = true
    clearInterval(timer)
    await Promise.allSettled([...dispatcher.inFlight])
  }
}
