import { isHardDecline, type RecoverySettings, timeZoneForAddress } from '@retainkit/shared/recovery'
import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { Database } from '../../db/tables'
import { callStripe } from '../stripe-errors'
import { planOf, SUBSCRIPTION_EXPAND, subscriptionMrr } from '../widget/stripe-subscriber'
import { announcePayment } from './announce'
import type { RecoveryEventContext } from './event-context'
import { queueCampaignMail } from './mails'
import { asCampaign, type Campaign, campaignById, dueAtOf, factsOf, updateCampaign } from './store'
import type { InvoiceFacts } from './stripe-reads'

/**
 * A failed invoice becomes a campaign (the first failure), or updates its campaign (Stripe's later
 * attempts, and Retainkit's own, each report one). Retainkit's schedule starts (`anchor_at`) at the
 * failure when it schedules the retries itself, else when Retainkit learns that Stripe has no further
 * attempt: the moment it reads so, never an older event's time (events applied late — a reconcile
 * after an outage — all read the invoice as it is now, so an old event's time would start the
 * schedule, and end the grace, too early).
 */

const eventTime = (event: Stripe.Event): Date => new Date(event.created * 1000)

function anchorFor(
  settings: RecoverySettings,
  invoice: InvoiceFacts,
  failedAt: Date,
  now: Date,
): Date | null {
  if (settings.retry_mode === 'retainkit') return failedAt
  return invoice.nextPaymentAttempt === null ? now : null
}

function customerFacts(sub: Stripe.Subscription) {
  const customer = sub.customer
  if (typeof customer === 'string' || customer.deleted) return { email: null, locale: null, timeZone: null }
  const address = customer.address ?? customer.shipping?.address ?? null
  return {
    email: customer.email ?? null,
    locale: customer.preferred_locales?.[0] ?? null,
    timeZone: timeZoneForAddress(address ? { country: address.country, state: address.state } : null),
  }
}

export async function openCampaign(
  ctx: RecoveryEventContext,
  invoice: InvoiceFacts,
  settings: RecoverySettings,
  now: Date,
): Promise<Campaign> {
  const subscriptionId = invoice.subscriptionId as string
  // One read gives the plan's name, its MRR and the subscriber (e-mail, language, address).
  const sub = await callStripe(
    ctx.deps.logger,
    'subscriptions.retrieve',
    () => ctx.stripe.subscriptions.retrieve(subscriptionId, { expand: [...SUBSCRIPTION_EXPAND] }),
    { key: 'stored' },
  )
  const failedAt = eventTime(ctx.event)
  const who = customerFacts(sub)
  const row = await ctx.trx
    .insertInto('recovery_campaigns')
    .values({
      account_id: ctx.accountId,
      mode: invoice.livemode ? 'live' : 'test',
      invoice_id: invoice.id,
      customer_id: invoice.customerId,
      subscription_id: subscriptionId,
      state: invoice.attemptCount > 1 ? 'retrying' : 'failed',
      amount: invoice.amountDue.amount,
      currency: invoice.amountDue.currency,
      mrr: subscriptionMrr(sub),
      plan_name: planOf(sub).productName || null,
      decline_code: invoice.declineCode,
      hard_decline: isHardDecline(invoice.declineCode),
      failed_payment_method: invoice.paymentMethod,
      stripe_attempts: invoice.attemptCount,
      stripe_next_attempt_at: invoice.nextPaymentAttempt,
      anchor_at: anchorFor(settings, invoice, failedAt, now),
      email: who.email,
      locale: who.locale,
      time_zone: who.timeZone,
      failed_at: failedAt,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(asCampaign)
  await updateCampaign(ctx.trx, row.id, { due_at: dueAtOf(factsOf(row, settings), settings, now) }, now)
  const campaign = (await campaignById(ctx.trx, row.id)) as Campaign
  await announcePayment(ctx.trx, 'payment.failed', campaign, now)
  await queueCampaignMail(ctx.trx, ctx.deps, 'payment_failed', campaign, settings, now)
  return campaign
}

/** A later failure of the same invoice: its attempts, decline, card, and the schedule's start. */
export async function refreshFailure(
  trx: Transaction<Database>,
  campaign: Campaign,
  invoice: InvoiceFacts,
  settings: RecoverySettings,
  now: Date,
): Promise<Campaign> {
  const declineCode = invoice.declineCode ?? campaign.decline_code
  const attempts = Math.max(campaign.stripe_attempts, invoice.attemptCount)
  const next = {
    ...campaign,
    state: attempts > 1 || campaign.our_attempts > 0 ? ('retrying' as const) : campaign.state,
    stripe_attempts: attempts,
    stripe_next_attempt_at: invoice.nextPaymentAttempt,
    decline_code: declineCode,
    hard_decline: isHardDecline(declineCode),
    failed_payment_method: invoice.paymentMethod ?? campaign.failed_payment_method,
    anchor_at: campaign.anchor_at ?? anchorFor(settings, invoice, campaign.failed_at, now),
  }
  await updateCampaign(
    trx,
    campaign.id,
    {
      state: next.state,
      stripe_attempts: next.stripe_attempts,
      stripe_next_attempt_at: next.stripe_next_attempt_at,
      decline_code: next.decline_code,
      hard_decline: next.hard_decline,
      failed_payment_method: next.failed_payment_method,
      anchor_at: next.anchor_at,
      due_at: dueAtOf(factsOf(next, settings), settings, now),
    },
    now,
  )
  return (await campaignById(trx, campaign.id)) as Campaign
}
