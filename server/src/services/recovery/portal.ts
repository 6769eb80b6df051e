import { createHash } from 'node:crypto'
import { OPEN_RECOVERY_STATES } from '@retainkit/shared/recovery'
import Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { stripeForAccount } from '../merchant-stripe'
import { callStripe, toHttpError } from '../stripe-errors'
import { addMonthsUtc } from '../widget/billing-actions'
import { withCustomerLock } from '../widget/customer-lock'
import type { CardUpdateClaims } from './links'
import { endCampaign } from './outcomes'
import { loadRecoverySettings } from './settings'
import { type Campaign, findCampaign, isOpen } from './store'

/**
 * What the card-update page does for the subscriber a signed link names, and nobody else: opens a
 * Stripe Billing Portal session with `flow_data[type]=payment_method_update` for exactly that customer
 * (returning to the merchant's site), or — the last chance — pauses the subscription instead of losing
 * it (the failed invoice voided, collection paused with the existing pause mechanics), under the
 * customer's lock with keys derived from the invoice.
 */

export type LinkState =
  | { kind: 'open'; campaign: Campaign | null }
  | { kind: 'closed'; campaign: Campaign }
  | { kind: 'invalid' }

/** What the link points at now: the open campaign (or none, for a card about to expire), or how it ended. */
export async function linkState(deps: AppDeps, claims: CardUpdateClaims): Promise<LinkState> {
  const credentials = await deps.db
    .selectFrom('gateway_credentials')
    .select('livemode')
    .where('account_id', '=', claims.accountId)
    .executeTakeFirst()
  // A test-mode link never reaches a live Stripe account, nor the reverse.
  if (!credentials || (credentials.livemode ? 'live' : 'test') !== claims.mode) return { kind: 'invalid' }
  if (!claims.invoiceId) return { kind: 'open', campaign: null }
  const campaign = await findCampaign(deps.db, claims.accountId, claims.invoiceId)
  if (!campaign || campaign.customer_id !== claims.customerId || campaign.mode !== claims.mode)
    return { kind: 'invalid' }
  return isOpen(campaign) ? { kind: 'open', campaign } : { kind: 'closed', campaign }
}

export async function returnUrlOf(deps: AppDeps, accountId: string): Promise<string> {
  const settings = await loadRecoverySettings(deps.db, accountId)
  if (settings.return_url) return settings.return_url
  const account = await deps.db
    .selectFrom('accounts')
    .select('domain')
    .where('id', '=', accountId)
    .executeTakeFirst()
  return account?.domain ? `https://${account.domain}/` : deps.config.publicUrl
}

const PORTAL_LOCALES = new Set(['en', 'fr', 'de', 'es'])

/** A portal session updating this customer's card; the link's channel is remembered on the campaign. */
export async function openPortal(
  deps: AppDeps,
  claims: CardUpdateClaims,
  campaign: Campaign | null,
  locale: string,
): Promise<string> {
  const stripe = await stripeForAccount(deps, claims.accountId)
  const returnUrl = await returnUrlOf(deps, claims.accountId)
  const session = await callStripe(
    deps.logger,
    'billingPortal.sessions.create',
    () =>
      stripe.billingPortal.sessions.create({
        customer: claims.customerId,
        return_url: returnUrl,
        ...(PORTAL_LOCALES.has(locale) ? { locale: locale as 'en' } : {}),
        flow_data: {
          type: 'payment_method_update',
          after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
        },
      }),
    { key: 'stored' },
  )
  if (campaign) {
    const now = deps.clock.now()
    await deps.db
      .updateTable('recovery_campaigns')
      .set({ link_channel: claims.channel, link_opened_at: now, updated_at: now })
      .where('id', '=', campaign.id)
      .where('state', 'in', [...OPEN_RECOVERY_STATES])
      .execute()
  }
  return session.url
}

const key = (kind: string, accountId: string, invoiceId: string) =>
  `retainkit_recovery_${createHash('sha256')
    .update(JSON.stringify([kind, accountId, invoiceId]))
    .digest('base64url')
    .slice(0, 40)}`

/**
 * The last chance: the failed invoice voided and the subscription's collection paused for the
 * merchant's months, instead of losing the subscriber. Only while the campaign is open and the
 * merchant offers it. Returns the months paused, or null when there was nothing to pause.
 */
export async function pauseInstead(deps: AppDeps, claims: CardUpdateClaims): Promise<number | null> {
  if (!claims.invoiceId) return null
  const stripe = await stripeForAccount(deps, claims.accountId)
  const invoiceId = claims.invoiceId
  return withCustomerLock(deps, claims.accountId, claims.customerId, async (lock) => {
    const campaign = await findCampaign(lock.trx, claims.accountId, invoiceId)
    const settings = await loadRecoverySettings(lock.trx, claims.accountId)
    if (!campaign || !isOpen(campaign) || !campaign.subscription_id || !settings.last_chance_pause.enabled)
      return null
    const now = deps.clock.now()
    const months = settings.last_chance_pause.months
    try {
      await stripe.invoices.voidInvoice(
        invoiceId,
        {},
        { idempotencyKey: key('pause-void', claims.accountId, invoiceId) },
      )
    } catch (error) {
      // Paid meanwhile: nothing to pause; its event will end the campaign as recovered.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null
      throw toHttpError(error, { key: 'stored' })
    }
    const resumesAt = Math.floor(addMonthsUtc(now, months).getTime() / 1000)
    await callStripe(
      deps.logger,
      'subscriptions.update (last-chance pause)',
      () =>
        stripe.subscriptions.update(
          campaign.subscription_id as string,
          { pause_collection: { behavior: 'void', resumes_at: resumesAt } },
          { idempotencyKey: key('pause', claims.accountId, invoiceId) },
        ),
      { key: 'stored' },
    )
    await endCampaign(lock.trx, deps, campaign, { state: 'resolved', outcome: 'paused' }, now)
    return months
  })
}
