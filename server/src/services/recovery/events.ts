import { CHANNEL_OF_LINK, type RecoveryChannel } from '@retainkit/shared/recovery'
import type Stripe from 'stripe'
import { idOf } from '../stripe-events'
import { onCardExpiring } from './card-expiring'
import type { RecoveryEventContext } from './event-context'
import { openCampaign, refreshFailure } from './open'
import { endCampaign } from './outcomes'
import { type RecoveryAccess, recoveryAccess } from './settings'
import { type Campaign, findCampaign, isOpen, lockCustomer, openCampaignsOf } from './store'
import { type InvoiceFacts, readInvoice } from './stripe-reads'

/**
 * The merchant's Stripe events as payment recovery sees them, applied inside the transaction that
 * records the event id (services/merchant-events/receive.ts), under the account's events lock and
 * then the customer's lock. Nothing is taken from the event's copy but ids and who sent it: the
 * invoice is read again from Stripe, so repeated, late and shuffled deliveries end in Stripe's state.
 */

export const RECOVERY_EVENT_TYPES = [
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'invoice.paid',
  'invoice.voided',
  'invoice.marked_uncollectible',
  'customer.source.expiring',
] as const

const invoiceIdOf = (event: Stripe.Event): string | null =>
  event.type.startsWith('invoice.') ? ((event.data.object as { id?: string }).id ?? null) : null

/** Events payment recovery acts on (a cancellation ends the subscription's campaigns). */
export const isRecoveryEvent = (event: Stripe.Event): boolean =>
  (RECOVERY_EVENT_TYPES as readonly string[]).includes(event.type) ||
  event.type === 'customer.subscription.deleted'

export async function applyRecoveryEvent(ctx: RecoveryEventContext): Promise<void> {
  const { event } = ctx
  if (!isRecoveryEvent(event)) return
  const access = await recoveryAccess(ctx.trx, ctx.accountId, ctx.deps.clock.now())
  if (!access.active) return
  const invoiceId = invoiceIdOf(event)
  switch (event.type) {
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required':
      if (invoiceId) await onPaymentFailed(ctx, access, invoiceId)
      return
    case 'invoice.paid':
    case 'invoice.voided':
    case 'invoice.marked_uncollectible':
      if (invoiceId) await onInvoiceSettled(ctx, invoiceId)
      return
    case 'customer.subscription.deleted':
      if (ctx.subscription) await onSubscriptionEnded(ctx, ctx.subscription)
      return
    case 'customer.source.expiring':
      await onCardExpiring(ctx, access.settings)
      return
    default:
      return
  }
}

async function onPaymentFailed(ctx: RecoveryEventContext, access: RecoveryAccess, invoiceId: string) {
  const invoice = await readInvoice(ctx.deps, ctx.stripe, invoiceId)
  // Paid, voided or not a subscription's since: nothing to recover (its own event says what happened).
  if (invoice.status !== 'open' || !invoice.subscriptionId || !invoice.customerId) return
  const now = ctx.deps.clock.now()
  await lockCustomer(ctx.trx, ctx.accountId, invoice.customerId, now)
  const existing = await findCampaign(ctx.trx, ctx.accountId, invoice.id)
  if (existing && !isOpen(existing)) return
  if (existing) {
    await refreshFailure(ctx.trx, existing, invoice, access.settings, now)
    return
  }
  await openCampaign(ctx, invoice, access.settings, now)
}

/**
 * Who collected a paid invoice Retainkit did not collect itself: the subscriber's new card from the
 * link Retainkit sent (or the prompt), else Stripe's own automatic retry (an event no API request
 * caused), else someone else (the merchant, an out-of-band payment): resolved elsewhere.
 */
export function channelOfPayment(
  campaign: Campaign,
  invoice: InvoiceFacts,
  automatic: boolean,
): RecoveryChannel | null {
  const cardChanged =
    invoice.paymentMethod !== null && invoice.paymentMethod !== campaign.failed_payment_method
  if (cardChanged && campaign.link_channel && campaign.link_opened_at)
    return CHANNEL_OF_LINK[campaign.link_channel]
  return automatic ? 'stripe_retry' : null
}

async function onInvoiceSettled(ctx: RecoveryEventContext, invoiceId: string) {
  const campaign = await findCampaign(ctx.trx, ctx.accountId, invoiceId)
  if (!campaign || !isOpen(campaign)) return
  const now = ctx.deps.clock.now()
  await lockCustomer(ctx.trx, ctx.accountId, campaign.customer_id, now)
  // Re-read under the lock: a retry of ours that just committed has ended it already.
  const current = await findCampaign(ctx.trx, ctx.accountId, invoiceId)
  if (!current || !isOpen(current)) return
  const invoice = await readInvoice(ctx.deps, ctx.stripe, invoiceId)
  if (invoice.status === 'paid') {
    const channel = channelOfPayment(current, invoice, ctx.event.request?.id == null)
    await endCampaign(
      ctx.trx,
      ctx.deps,
      current,
      channel
        ? { state: 'recovered', outcome: channel, recoveredAttempt: invoice.attemptCount }
        : { state: 'resolved', outcome: 'paid_elsewhere' },
      now,
    )
    return
  }
  if (invoice.status === 'void' || invoice.status === 'uncollectible') {
    await endCampaign(ctx.trx, ctx.deps, current, { state: 'resolved', outcome: 'voided' }, now)
  }
}

/** A subscription that ended: lost when Stripe cancelled it for non-payment, else resolved elsewhere. */
async function onSubscriptionEnded(ctx: RecoveryEventContext, subscription: Stripe.Subscription) {
  if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') return
  const campaigns = await openCampaignsOf(ctx.trx, ctx.accountId, subscription.id)
  if (campaigns.length === 0) return
  const now = ctx.deps.clock.now()
  await lockCustomer(ctx.trx, ctx.accountId, idOf(subscription.customer) ?? '', now)
  const forNonPayment = subscription.cancellation_details?.reason === 'payment_failed'
  for (const campaign of await openCampaignsOf(ctx.trx, ctx.accountId, subscription.id)) {
    await endCampaign(
      ctx.trx,
      ctx.deps,
      campaign,
      forNonPayment
        ? { state: 'lost', outcome: 'canceled_for_nonpayment' }
        : { state: 'resolved', outcome: 'canceled' },
      now,
    )
  }
}
