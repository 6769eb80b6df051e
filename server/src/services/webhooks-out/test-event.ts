import { randomBytes } from 'node:crypto'
import type { WebhookEventType } from '@retainkit/shared/webhooks'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { paymentEventSample } from '../recovery/announce'
import { enqueueWebhookEvent } from './outbox'
import type { EventData } from './slack'

/**
 * "Send test event" (Settings → Webhooks): a sample of one event type, shaped like the real one, queued
 * for one endpoint through the same outbox, so it is signed, retried and logged like any delivery. Its
 * body says `"test": true` and its id starts `evt_test_`, which is how the log tells it apart.
 */
export const TEST_EVENT_PREFIX = 'evt_test_'

const SESSION = {
  session_id: 'cs_test_sample',
  kind: 'cancel',
  mode: 'test',
  customer_id: 'cus_test_sample',
  subscription_id: 'sub_test_sample',
  mrr: 2900,
  currency: 'usd',
} as const

/** What each sample carries: the fields the real event of that type has. */
const SAMPLES: Readonly<Record<WebhookEventType, EventData & Record<string, unknown>>> = {
  'session.started': { ...SESSION, reason_key: null, offer: null },
  'offer.accepted': { ...SESSION, reason_key: 'too_expensive', offer: 'discount' },
  'subscription.cancel_scheduled': { ...SESSION, reason_key: 'not_using_enough', offer: null },
  'reactivation.accepted': { ...SESSION, kind: 'reactivation', reason_key: null, offer: 'discount' },
  'save.lost': {
    save_id: 'save_test_sample',
    session_id: SESSION.session_id,
    customer_id: SESSION.customer_id,
    subscription_id: SESSION.subscription_id,
    offer: 'discount',
    mrr: SESSION.mrr,
    currency: SESSION.currency,
    saved_at: '2026-01-15T10:00:00.000Z',
    subscription_status: 'canceled',
    cancel_at_period_end: false,
  },
  'payment.failed': paymentEventSample('failed'),
  'payment.recovered': paymentEventSample('recovered'),
  'payment.lost': paymentEventSample('lost'),
}

export async function sendTestEvent(
  deps: AppDeps,
  accountId: string,
  endpointId: string,
  type: WebhookEventType,
): Promise<{ delivery_id: string; event_id: string; type: WebhookEventType }> {
  const endpoint = await deps.db
    .selectFrom('webhook_endpoints_out')
    .select('event_types')
    .where('account_id', '=', accountId)
    .where('id', '=', endpointId)
    .executeTakeFirst()
  if (!endpoint) throw new HttpError('NOT_FOUND', 'No such webhook endpoint.')
  if (!endpoint.event_types.includes(type))
    throw new HttpError('BUSINESS_RULE_VIOLATION', `This endpoint does not receive ${type} events.`)
  const eventId = `${TEST_EVENT_PREFIX}${randomBytes(12).toString('hex')}`
  await enqueueWebhookEvent(deps.db, {
    accountId,
    type,
    data: SAMPLES[type],
    now: deps.clock.now(),
    eventId,
    test: { endpointId },
  })
  const row = await deps.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow()
  return { delivery_id: String(row.id), event_id: eventId, type }
}
