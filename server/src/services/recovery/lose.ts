import { createHash } from 'node:crypto'
import { evaluateCampaign } from '@retainkit/shared/recovery'
import Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { stripeForAccount } from '../merchant-stripe'
import { toHttpError } from '../stripe-errors'
import { withCustomerLock } from '../widget/customer-lock'
import { channelOfPayment } from './events'
import { refreshFailure } from './open'
import { endCampaign } from './outcomes'
import { loadRecoverySettings } from './settings'
import { campaignById, factsOf, isOpen } from './store'
import { readInvoice } from './stripe-reads'

/**
 * The two steps of a campaign that talk to Stripe besides a retry, each under the customer's lock:
 * the end of the grace (lost; the subscription cancelled through Stripe when the merchant chose so,
 * with a key derived from the invoice, so it is cancelled once), and a re-read of the invoice when
 * Stripe's announced attempt was never reported (a missed event: the reconcile would bring it later).
 */

const cancelKey = (accountId: string, invoiceId: string) =>
  `retainkit_recovery_${createHash('sha256')
    .update(JSON.stringify(['recovery-cancel', accountId, invoiceId]))
    .digest('base64url')
    .slice(0, 40)}`

export async function runLoss(deps: AppDeps, campaignId: string): Promise<boolean> {
  const seen = await campaignById(deps.db, campaignId)
  if (!seen || !isOpen(seen)) return false
  const stripe = await stripeForAccount(deps, seen.account_id)
  return withCustomerLock(deps, seen.account_id, seen.customer_id, async (lock) => {
    const campaign = await campaignById(lock.trx, campaignId)
    if (!campaign || !isOpen(campaign)) return false
    const settings = await loadRecoverySettings(lock.trx, campaign.account_id)
    const now = deps.clock.now()
    if (!evaluateCampaign(factsOf(campaign, settings), settings, now).due.includes('lose')) return false
    const subscriptionId = campaign.subscription_id
    if (settings.end_action === 'cancel' && subscriptionId) {
      try {
        await stripe.subscriptions.cancel(
          subscriptionId,
          { cancellation_details: { comment: 'Payment not recovered (Retainkit payment recovery)' } },
          { idempotencyKey: cancelKey(campaign.account_id, campaign.invoice_id) },
        )
      } catch (error) {
        // Already cancelled (Stripe answers 404 for a cancelled subscription): lost all the same.
        const gone = error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404
        if (!gone) throw toHttpError(error, { key: 'stored' })
      }
    }
    return (
      (await endCampaign(lock.trx, deps, campaign, { state: 'lost', outcome: 'grace_ended' }, now)) !== null
    )
  })
}

export async function runRefresh(deps: AppDeps, campaignId: string): Promise<void> {
  const seen = await campaignById(deps.db, campaignId)
  if (!seen || !isOpen(seen)) return
  const stripe = await stripeForAccount(deps, seen.account_id)
  const invoice = await readInvoice(deps, stripe, seen.invoice_id)
  await withCustomerLock(deps, seen.account_id, seen.customer_id, async (lock) => {
    const campaign = await campaignById(lock.trx, campaignId)
    if (!campaign || !isOpen(campaign)) return
    const settings = await loadRecoverySettings(lock.trx, campaign.account_id)
    const now = deps.clock.now()
    if (invoice.status === 'open') {
      await refreshFailure(lock.trx, campaign, invoice, settings, now)
      return
    }
    if (invoice.status === 'paid') {
      // Stripe's overdue attempt is what paid it, unless the subscriber's new card from our link did.
      const channel = channelOfPayment(campaign, invoice, true) ?? 'stripe_retry'
      await endCampaign(
        lock.trx,
        deps,
        campaign,
        { state: 'recovered', outcome: channel, recoveredAttempt: invoice.attemptCount },
        now,
      )
      return
    }
    await endCampaign(lock.trx, deps, campaign, { state: 'resolved', outcome: 'voided' }, now)
  })
}
