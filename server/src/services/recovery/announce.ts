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
