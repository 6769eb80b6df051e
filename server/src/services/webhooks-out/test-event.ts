import { randomBytes } from 'node:crypto'
import type { WebhookEventType } from '@retainkit/shared/webhooks'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { paymentEventSample } from '../recovery/announce'
import { enqueueWebhookEvent } from './outbox'
import { offerTermsOf } from './save-terms'
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

/** A save's money and terms as the real events carry them: 20 % off $29.00 for 3 months. */
const SAVE = {
  save_id: 'save_test_sample',
  mrr_before: { amount: 2900, currency: 'usd' },
  mrr_after: { amount: 2320, currency: 'usd' },
  terms: offerTermsOf('discount', 'stripe', {
    discount_percent: 20,
    discount_months: 3,
    discount_duration: 'repeating',
  }),
}

/** What each sample carries: the fields the real event of that type has. */
export const TEST_EVENT_SAMPLES: Readonly<Record<WebhookEventType, EventData & Record<string, unknown>>> = {
  'session.started': { ...SESSION, reason_key: null, offer: null },
  'offer.accepted': { ...SESSION, reason_key: 'too_expensive', offer: 'discount', ...SAVE },
  'subscription.cancel_scheduled': { ...SESSION, reason_key: 'not_using_enough', offer: null },
  'reactivation.accepted': {
    ...SESSION,
    kind: 'reactivation',
    reason_key: null,
    offer: null,
    ...SAVE,
    terms: offerTermsOf('reactivation', 'stripe', {
      discount_percent: 25,
      discount_months: 1,
      discount_duration: 'repeating',
      previous_subscription_id: 'sub_test_ended',
    }),
    mrr_after: { amount: 2175, currency: 'usd' },
  },
  'save.lost': {
    ...SAVE,
    session_id: SESSION.session_id,
    customer_id: SESSION.customer_id,
    subscription_id: SESSION.subscription_id,
    offer: 'discount',
    mrr: 2320,
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
    data: TEST_EVENT_SAMPLES[type],
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
