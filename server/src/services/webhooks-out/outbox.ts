import { randomBytes } from 'node:crypto'
import type { WebhookEventType } from '@retainkit/shared/webhooks'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import { saveMoneyFields } from './save-money'
import { type EventData, slackMessage } from './slack'

/**
 * Enqueues an event for every endpoint of the account that subscribes to it, inside the caller's
 * transaction: the event exists exactly when the change that caused it was committed.
 */

/** Retries stop this long after the event (or a manual replay). */
export const RETRY_WINDOW_MS = 3 * 86_400_000

type Db = Kysely<Database> | Transaction<Database>

export const newEventId = (): string => `evt_${randomBytes(12).toString('hex')}`

export async function enqueueWebhookEvent(
  db: Db,
  event: {
    accountId: string
    type: WebhookEventType
    data: EventData & Record<string, unknown>
    now: Date
    /** A fixed id makes enqueueing idempotent: the same event is never queued twice for an endpoint. */
    eventId?: string
    /** A sample sent with "Send test event": to this endpoint only, marked `test: true`. */
    test?: { endpointId: string }
  },
): Promise<number> {
  let query = db
    .selectFrom('webhook_endpoints_out')
    .select(['id', 'kind', 'event_types'])
    .where('account_id', '=', event.accountId)
  if (event.test) query = query.where('id', '=', event.test.endpointId)
  const endpoints = await query.execute()
  const subscribed = endpoints.filter((endpoint) => endpoint.event_types.includes(event.type))
  if (subscribed.length === 0) return 0
  const id = event.eventId ?? newEventId()
  const body = JSON.stringify({
    id,
    type: event.type,
    created: Math.floor(event.now.getTime() / 1000),
    account_id: event.accountId,
    ...(event.test ? { test: true } : {}),
    data: event.data,
  })
  await db
    .insertInto('webhook_deliveries')
    .values(
      subscribed.map((endpoint) => ({
        account_id: event.accountId,
        endpoint_id: endpoint.id,
        event_id: id,
        event_type: event.type,
        payload:
          endpoint.kind === 'slack'
            ? JSON.stringify(slackMessage(event.type, event.data, Boolean(event.test)))
            : body,
        next_attempt_at: event.now,
        give_up_at: new Date(event.now.getTime() + RETRY_WINDOW_MS),
        created_at: event.now,
      })),
    )
    .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
    .execute()
  return subscribed.length
}

/** The event of a widget session: who, which subscription, the reason and offer, the MRR at stake. */
export async function enqueueSessionEvent(
  db: Db,
  event: { accountId: string; sessionId: string; type: WebhookEventType; now: Date; offer?: string | null },
): Promise<void> {
  const session = await db
    .selectFrom('cancel_sessions')
    .select(['id', 'kind', 'mode', 'customer_id', 'subscription_id', 'reason_key', 'mrr', 'currency'])
    .where('id', '=', event.sessionId)
    .executeTakeFirst()
  if (!session) return
  // A save's events (the caller wrote the save in this transaction) carry its money and terms.
  const save = SAVE_EVENTS.has(event.type)
    ? await db
        .selectFrom('saves')
        .select(['id', 'subscription_id', 'mrr_before', 'mrr_after', 'currency', 'detail'])
        .where('session_id', '=', session.id)
        .orderBy('created_at', 'desc')
        .executeTakeFirst()
    : undefined
  await enqueueWebhookEvent(db, {
    accountId: event.accountId,
    type: event.type,
    now: event.now,
    data: {
      session_id: session.id,
      kind: session.kind,
      mode: session.mode,
      customer_id: session.customer_id,
      subscription_id: save?.subscription_id ?? session.subscription_id,
      reason_key: session.reason_key,
      offer: event.offer ?? null,
      mrr: session.mrr,
      currency: session.currency,
      ...(save ? saveMoneyFields(save) : {}),
    },
  })
}

const SAVE_EVENTS: ReadonlySet<WebhookEventType> = new Set(['offer.accepted', 'reactivation.accepted'])
