import { randomBytes } from 'node:crypto'
import type { ApiData } from '@retainkit/shared/api'
import type { WebhookEndpointCreateInput } from '@retainkit/shared/schemas'
import { lockAccountRow } from '../../db/account-lock'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import {
  allowedAddressesOf,
  hostOf,
  PRIVATE_ADDRESS_MESSAGE,
  RefusedAddressError,
  systemResolver,
} from './address-guard'
import { maskEndpointUrl } from './mask-url'
import { RETRY_WINDOW_MS } from './outbox'
import { TEST_EVENT_PREFIX } from './test-event'

/**
 * The account's endpoints and their delivery log. The signing secret, and whatever in the URL can be a
 * credential (mask-url.ts), are shown once, at creation.
 */

export const MAX_ENDPOINTS = 10
const LOG_LIMIT = 100

export type EndpointView = ApiData<'GET /api/webhooks/{accountId}'>[number]

export async function listEndpoints(deps: AppDeps, accountId: string): Promise<EndpointView[]> {
  const rows = await deps.db
    .selectFrom('webhook_endpoints_out')
    .select(['id', 'url', 'kind', 'event_types', 'description', 'created_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    url: maskEndpointUrl(row.url, row.kind),
    kind: row.kind,
    events: row.event_types,
    description: row.description,
    created_at: new Date(row.created_at).toISOString(),
  }))
}

/**
 * An endpoint on an internal address is refused when it is added. A name that does not resolve right
 * now is accepted (it may be set up later): every delivery checks the addresses again before connecting.
 */
async function refuseInternalUrl(deps: AppDeps, url: string): Promise<void> {
  try {
    await allowedAddressesOf(
      hostOf(new URL(url)),
      deps.webhookResolver ?? systemResolver,
      deps.config.webhooksAllowLoopback,
    )
  } catch (error) {
    if (error instanceof RefusedAddressError)
      throw new HttpError('INVALID_INPUT', PRIVATE_ADDRESS_MESSAGE, 'url')
  }
}

export const DUPLICATE_URL_MESSAGE =
  'This URL already receives your webhooks: one endpoint per URL, or every event arrives twice.'

/** One address however it is written (host case, default port, surrounding spaces). */
function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a.trim()).href === new URL(b.trim()).href
  } catch {
    return a.trim() === b.trim()
  }
}

export async function createEndpoint(
  deps: AppDeps,
  accountId: string,
  input: WebhookEndpointCreateInput,
): Promise<EndpointView & { secret: string }> {
  await refuseInternalUrl(deps, input.url)
  const secret = `whsec_${randomBytes(24).toString('base64url')}`
  const id = `we_${randomBytes(10).toString('hex')}`
  const now = deps.clock.now()
  const created = await deps.db.transaction().execute(async (trx) => {
    // Serialises adds per account, so two parallel adds of one URL cannot both pass the check below.
    await lockAccountRow(trx, accountId)
    const existing = await trx
      .selectFrom('webhook_endpoints_out')
      .select('url')
      .where('account_id', '=', accountId)
      .execute()
    if (existing.some((row) => sameUrl(row.url, input.url)))
      throw new HttpError('DUPLICATE_ENTRY', DUPLICATE_URL_MESSAGE, 'url')
    if (existing.length >= MAX_ENDPOINTS)
      throw new HttpError(
        'BUSINESS_RULE_VIOLATION',
        `An account can have at most ${MAX_ENDPOINTS} webhook endpoints.`,
      )
    return trx
      .insertInto('webhook_endpoints_out')
      .values({
        id,
        account_id: accountId,
        url: input.url,
        kind: input.kind,
        event_types: JSON.stringify(input.events),
        secret_ciphertext: deps.secrets.encrypt(secret),
        description: input.description || null,
        created_at: now,
      })
      .returning(['id'])
      .executeTakeFirstOrThrow()
  })
  return {
    id: created.id,
    url: input.url,
    kind: input.kind,
    events: [...input.events],
    description: input.description || null,
    created_at: now.toISOString(),
    secret,
  }
}

export async function deleteEndpoint(deps: AppDeps, accountId: string, endpointId: string): Promise<void> {
  const gone = await deps.db
    .deleteFrom('webhook_endpoints_out')
    .where('account_id', '=', accountId)
    .where('id', '=', endpointId)
    .executeTakeFirst()
  if (Number(gone.numDeletedRows) === 0) throw new HttpError('NOT_FOUND', 'No such webhook endpoint.')
}

/** The latest deliveries with every attempt: when, the status code, the error. */
export async function deliveryLog(deps: AppDeps, accountId: string, endpointId?: string) {
  let query = deps.db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'endpoint_id',
      'event_id',
      'event_type',
      'status',
      'attempts',
      'next_attempt_at',
      'last_status',
      'created_at',
      'delivered_at',
    ])
    .where('account_id', '=', accountId)
  if (endpointId) query = query.where('endpoint_id', '=', endpointId)
  const deliveries = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LOG_LIMIT)
    .execute()
  const ids = deliveries.map((row) => row.id)
  const attempts =
    ids.length === 0
      ? []
      : await deps.db
          .selectFrom('webhook_attempts')
          .select(['delivery_id', 'attempted_at', 'response_status', 'error', 'duration_ms'])
          .where('delivery_id', 'in', ids)
          .orderBy('attempted_at')
          .orderBy('id')
          .execute()
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())
  return deliveries.map((row) => ({
    id: String(row.id),
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_status: row.last_status,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    created_at: iso(row.created_at),
    delivered_at: iso(row.delivered_at),
    test: row.event_id.startsWith(TEST_EVENT_PREFIX),
    log: attempts
      .filter((attempt) => String(attempt.delivery_id) === String(row.id))
      .map((attempt) => ({
        at: iso(attempt.attempted_at),
        status: attempt.response_status,
        error: attempt.error,
        duration_ms: attempt.duration_ms,
      })),
  }))
}

/** Sends a delivery again (the same event id and body): due now, with a fresh three-day window. */
export async function replayDelivery(deps: AppDeps, accountId: string, deliveryId: string): Promise<void> {
  if (!/^\d{1,18}$/.test(deliveryId)) throw new HttpError('NOT_FOUND', 'No such delivery.')
  const now = deps.clock.now()
  const updated = await deps.db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      next_attempt_at: now,
      give_up_at: new Date(now.getTime() + RETRY_WINDOW_MS),
      locked_until: null,
    })
    .where('account_id', '=', accountId)
    .where('id', '=', deliveryId)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) throw new HttpError('NOT_FOUND', 'No such delivery.')
}
