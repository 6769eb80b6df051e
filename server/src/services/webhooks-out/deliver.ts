import { WEBHOOK_SIGNATURE_HEADER } from '@retainkit/shared/webhooks'
import { sql } from 'kysely'
import type { AppDeps } from '../../deps'
import { startPeriodicWorker } from '../periodic-worker'
import { allowedAddressesOf, hostOf, systemResolver } from './address-guard'
import { signatureHeader } from './signing'
import { postToPinnedAddresses } from './transport'

/**
 * Sends due deliveries. A batch is claimed in one statement (`FOR UPDATE SKIP LOCKED` on the due rows,
 * then a lease written on them): two workers, in one process or several, never hold the same row. Each
 * attempt is logged; a 2xx ends the delivery, anything else schedules the next attempt with exponential
 * backoff until three days have passed. A worker killed mid-send loses nothing: its lease runs out and
 * the row is due again.
 */

/** How long a claim holds: longer than one send can take (timeout below), short enough to recover. */
export const LEASE_MS = 60_000
const SEND_TIMEOUT_MS = 10_000
const FIRST_RETRY_MS = 30_000
const MAX_RETRY_MS = 6 * 3_600_000
const BATCH = 20

/** 30 s, 1 min, 2 min, … up to 6 h between attempts. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS)

interface ClaimedRow {
  id: string
  endpoint_id: string
  payload: string
  attempts: number
  give_up_at: Date | string
}

async function claimDue(deps: AppDeps, now: Date): Promise<ClaimedRow[]> {
  const { rows } = await sql<ClaimedRow>`
    update webhook_deliveries
    set locked_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz,
      attempts = attempts + 1
    where id in (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
      order by next_attempt_at, id
      limit ${BATCH}
      for update skip locked
    )
    returning id, endpoint_id, payload, attempts, give_up_at`.execute(deps.db)
  return rows
}

type Outcome = { status: number | null; error: string | null }

async function send(deps: AppDeps, url: string, secret: string, body: string): Promise<Outcome> {
  const timestamp = Math.floor(deps.clock.now().getTime() / 1000)
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'Retainkit-Webhooks/1.0',
    [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, timestamp, body),
  }
  try {
    // Checked at every attempt, not only when the endpoint was added: the name may point elsewhere now.
    const addresses = await allowedAddressesOf(
      hostOf(new URL(url)),
      deps.webhookResolver ?? systemResolver,
      deps.config.webhooksAllowLoopback,
    )
    if (deps.webhookFetch) {
      const response = await deps.webhookFetch(url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
      await response.arrayBuffer().catch(() => undefined)
      return { status: response.status, error: response.ok ? null : `HTTP ${response.status}` }
    }
    const status = await postToPinnedAddresses(
      url,
      addresses,
      headers,
      body,
      SEND_TIMEOUT_MS,
      deps.webhookExtraCa,
    )
    return { status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` }
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message.slice(0, 300) : String(error) }
  }
}

async function attempt(deps: AppDeps, row: ClaimedRow): Promise<boolean> {
  const endpoint = await deps.db
    .selectFrom('webhook_endpoints_out')
    .select(['url', 'secret_ciphertext'])
    .where('id', '=', row.endpoint_id)
    .executeTakeFirst()
  if (!endpoint) return false
  const started = Date.now()
  const outcome = await send(
    deps,
    endpoint.url,
    deps.secrets.decrypt(endpoint.secret_ciphertext),
    row.payload,
  )
  const now = deps.clock.now()
  const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300
  const next = new Date(now.getTime() + retryDelayMs(row.attempts))
  const givenUp = !delivered && next > new Date(row.give_up_at)
  await deps.db.transaction().execute(async (trx) => {
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
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: delivered ? 'delivered' : givenUp ? 'failed' : 'pending',
        delivered_at: delivered ? now : null,
        next_attempt_at: delivered || givenUp ? now : next,
        last_status: outcome.status,
        locked_until: null,
      })
      .where('id', '=', row.id)
      .execute()
  })
  return delivered
}

/** One pass: claims due deliveries and sends them, until none is due. Returns how many were sent OK. */
export async function deliverDueWebhooks(deps: AppDeps): Promise<{ attempted: number; delivered: number }> {
  let attempted = 0
  let delivered = 0
  for (;;) {
    const batch = await claimDue(deps, deps.clock.now())
    if (batch.length === 0) return { attempted, delivered }
    const results = await Promise.all(batch.map((row) => attempt(deps, row)))
    attempted += batch.length
    delivered += results.filter(Boolean).length
  }
}

/** Every few seconds in each instance; instances share the queue safely. Returns a stop function. */
export function startWebhookWorker(deps: AppDeps, everyMs = 5_000): () => void {
  return startPeriodicWorker(deps.logger, 'webhook delivery', everyMs, async () => {
    await deliverDueWebhooks(deps)
  })
}
