import type { AppDeps } from '../../deps'
import { webhookAttempts, webhookOutcome } from '../../observability/metrics'
import { backoffMs } from '../retry-backoff'
import { drainSlots, type SlotQueue, startSlotWorker } from '../slot-dispatch'
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

/** The deliveries as a slot queue (slot-dispatch.ts): claimed per endpoint, attempted with a deadline. */
function deliveryQueue(deps: AppDeps, options: DeliveryOptions): SlotQueue<ClaimedRow, boolean> {
  const limits = { ...DELIVERY_DEFAULTS, ...options }
  return {
    name: 'webhook delivery',
    concurrency: limits.concurrency,
    claim: (free) => claimDue(deps, deps.clock.now(), free, limits.perEndpoint),
    attempt: (row) => attempt(deps, row, limits.deadlineMs),
  }
}

/** One pass: sends what is due until nothing more is (or only what another instance holds). */
export async function deliverDueWebhooks(
  deps: AppDeps,
  options: DeliveryOptions = {},
): Promise<{ attempted: number; delivered: number }> {
  const results = await drainSlots(deliveryQueue(deps, options), deps.logger)
  return { attempted: results.length, delivered: results.filter(Boolean).length }
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
  const worker = startSlotWorker(deliveryQueue(deps, options), deps.logger, everyMs)
  return () => worker.stop()
}
