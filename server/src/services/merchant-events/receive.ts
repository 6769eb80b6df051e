import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { stripeForAccount } from '../merchant-stripe'
import { applyRecoveryEvent, isRecoveryEvent } from '../recovery/events'
import { callStripe } from '../stripe-errors'
import { SIGNATURE_MESSAGE, subscriptionTargetOf, verifyStripeEvent } from '../stripe-events'
import { announceLostSave } from '../webhooks-out/save-lost'
import { lockMerchantEvents, storeSubscription } from './subscriptions'

/**
 * A merchant's own Stripe events (`POST /api/stripe/webhooks/{accountId}`): verified with the secret of
 * the endpoint Retainkit registered on that account, applied once per event id (the id is stored in
 * the same transaction as the change), and never trusted for state: the subscription is re-read from
 * Stripe under the account's lock, so late, repeated and shuffled deliveries end in Stripe's state.
 */

export interface MerchantEventOutcome {
  result: 'applied' | 'duplicate' | 'ignored'
  subscriptionId: string | null
}

export async function receiveMerchantEvent(
  deps: AppDeps,
  accountId: string,
  payload: string,
  signature: string | undefined,
): Promise<MerchantEventOutcome> {
  const row = await deps.db
    .selectFrom('gateway_credentials')
    .select('webhook_secret_ciphertext')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  // No endpoint registered (or the account disconnected): nothing can have signed this delivery. The
  // answer is the same as for a forged signature, so it tells nobody which accounts exist.
  if (!row?.webhook_secret_ciphertext)
    throw new HttpError('INVALID_INPUT', SIGNATURE_MESSAGE, 'stripe-signature')
  const secret = deps.secrets.decrypt(row.webhook_secret_ciphertext)
  const event = verifyStripeEvent(deps, payload, signature, secret)
  return applyMerchantEvent(deps, accountId, event)
}

/** Applies one verified (or Stripe-listed) event of the account; a second application changes nothing. */
export async function applyMerchantEvent(
  deps: AppDeps,
  accountId: string,
  event: Stripe.Event,
): Promise<MerchantEventOutcome> {
  const target = subscriptionTargetOf(event)
  const subscriptionId = target?.subscriptionId ?? null
  const stripe = subscriptionId || isRecoveryEvent(event) ? await stripeForAccount(deps, accountId) : null
  const fresh = await deps.db.transaction().execute(async (trx) => {
    await lockMerchantEvents(trx, accountId)
    const inserted = await trx
      .insertInto('merchant_stripe_events')
      .values({
        account_id: accountId,
        event_id: event.id,
        type: event.type,
        event_created: new Date(event.created * 1000),
        received_at: deps.clock.now(),
      })
      .onConflict((oc) => oc.columns(['account_id', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst()
    if (!inserted) return false
    let sub: Stripe.Subscription | null = null
    if (stripe && subscriptionId) {
      // A Stripe failure throws out of the transaction: the event id is not kept, Stripe delivers again.
      sub = await callStripe(
        deps.logger,
        'subscriptions.retrieve',
        () => stripe.subscriptions.retrieve(subscriptionId),
        { key: 'stored' },
      )
      await storeSubscription(trx, accountId, sub, deps.clock.now())
      await announceLostSave(trx, accountId, subscriptionId, deps.clock.now())
    }
    if (stripe) await applyRecoveryEvent({ trx, deps, accountId, stripe, event, subscription: sub })
    return true
  })
  if (!fresh) return { result: 'duplicate', subscriptionId }
  return { result: subscriptionId ? 'applied' : 'ignored', subscriptionId }
}
