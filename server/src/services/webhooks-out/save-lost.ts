import type { Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import { enqueueWebhookEvent } from './outbox'
import { saveMoneyFields } from './save-money'

/**
 * `save.lost`: a subscription that was saved in the widget is now cancelled (or scheduled to cancel)
 * or not paying, as the merchant's Stripe events tell us. Announced from the transaction that stored
 * that state, with an event id fixed per save: however many Stripe events (or a backfill that got there
 * first) show the loss, each endpoint hears of it once.
 */

interface SubscriptionState {
  status: string
  cancel_at_period_end: boolean
  unpaid_since: Date | string | null
}

const isLost = (state: SubscriptionState): boolean =>
  state.status === 'canceled' || state.cancel_at_period_end || state.unpaid_since !== null

export async function announceLostSave(
  trx: Transaction<Database>,
  accountId: string,
  subscriptionId: string,
  now: Date,
): Promise<void> {
  const after = await trx
    .selectFrom('subscriber_subscriptions')
    .select(['status', 'cancel_at_period_end', 'unpaid_since', 'customer_id'])
    .where('account_id', '=', accountId)
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst()
  if (!after || !isLost(after)) return
  const save = await trx
    .selectFrom('saves')
    .select(['id', 'session_id', 'mechanism', 'mrr_before', 'mrr_after', 'currency', 'detail', 'created_at'])
    .where('account_id', '=', accountId)
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  if (!save) return
  await enqueueWebhookEvent(trx, {
    accountId,
    type: 'save.lost',
    eventId: `evt_save_lost_${save.id}`,
    now,
    data: {
      ...saveMoneyFields(save),
      session_id: save.session_id,
      customer_id: after.customer_id,
      subscription_id: subscriptionId,
      offer: save.mechanism,
      mrr: save.mrr_after,
      currency: save.currency,
      saved_at: new Date(save.created_at).toISOString(),
      subscription_status: after.status,
      cancel_at_period_end: after.cancel_at_period_end,
    },
  })
}
