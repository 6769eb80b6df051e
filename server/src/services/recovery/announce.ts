import { money } from '@retainkit/shared/money'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import { enqueueWebhookEvent } from '../webhooks-out/outbox'
import type { Campaign } from './store'

/**
 * Payment recovery's outgoing webhooks (`payment.failed`, `payment.recovered`, `payment.lost`),
 * written in the transaction that changed the campaign, with an event id fixed per campaign and kind:
 * however many Stripe events, reconciles or passes reach the same change, each endpoint hears it once.
 * Amounts are Money (integer minor units with the currency), signed like every delivery.
 */

export type PaymentEventType = 'payment.failed' | 'payment.recovered' | 'payment.lost'

const iso = (at: Date | null) => (at ? at.toISOString() : null)

export function paymentEventData(campaign: Campaign) {
  return {
    campaign_id: campaign.id,
    invoice_id: campaign.invoice_id,
    customer_id: campaign.customer_id,
    subscription_id: campaign.subscription_id,
    mode: campaign.mode,
    amount_due: money(Number(campaign.amount), campaign.currency),
    subscription_mrr: money(campaign.mrr, campaign.currency),
    decline_code: campaign.decline_code,
    hard_decline: campaign.hard_decline,
    state: campaign.state,
    outcome: campaign.outcome,
    retainkit_attempts: campaign.our_attempts,
    failed_at: campaign.failed_at.toISOString(),
    closed_at: iso(campaign.closed_at),
  }
}

export async function announcePayment(
  trx: Transaction<Database>,
  type: PaymentEventType,
  campaign: Campaign,
  now: Date,
): Promise<void> {
  await enqueueWebhookEvent(trx, {
    accountId: campaign.account_id,
    type,
    eventId: `evt_${type.replace('.', '_')}_${campaign.id}`,
    now,
    data: paymentEventData(campaign),
  })
}

/** "Send test event": a campaign shaped like a real one, in each state an event reports. */
export function paymentEventSample(state: 'failed' | 'recovered' | 'lost') {
  const failedAt = new Date('2026-01-15T10:00:00.000Z')
  const closedAt = state === 'failed' ? null : new Date('2026-01-22T10:00:00.000Z')
  return paymentEventData({
    id: 'rc_test_sample',
    account_id: 'acct_test_sample',
    mode: 'test',
    invoice_id: 'in_test_sample',
    customer_id: 'cus_test_sample',
    subscription_id: 'sub_test_sample',
    state,
    outcome: state === 'recovered' ? 'email_link' : state === 'lost' ? 'grace_ended' : null,
    amount: '2900',
    currency: 'usd',
    mrr: 2900,
    plan_name: 'Pro',
    decline_code: 'insufficient_funds',
    hard_decline: false,
    failed_payment_method: null,
    stripe_attempts: 4,
    stripe_next_attempt_at: null,
    anchor_at: failedAt,
    our_attempts: state === 'failed' ? 0 : 2,
    reminder_sent_at: null,
    final_notice_sent_at: null,
    due_at: null,
    ends_at: null,
    email: null,
    locale: null,
    time_zone: null,
    link_channel: state === 'recovered' ? 'email' : null,
    link_opened_at: null,
    recovered_attempt: state === 'recovered' ? 6 : null,
    failed_at: failedAt,
    closed_at: closedAt,
    created_at: failedAt,
    updated_at: closedAt ?? failedAt,
    version: 1,
  })
}
