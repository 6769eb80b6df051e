import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { callStripe } from '../stripe-errors'

/**
 * The webhook endpoint Retainkit keeps on each key-connected merchant's Stripe account. Registered when
 * keys are connected, deleted (with the key that made it) when they are replaced or disconnected. Its
 * signing secret is shown by Stripe once, at creation, and stored encrypted like the key.
 */

/**
 * What saves are followed by (the subscription's life and its invoices being paid or not), and what
 * payment recovery follows besides: invoices needing the subscriber, voided or written off, and cards
 * about to expire.
 */
export const MERCHANT_EVENT_TYPES = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'invoice.voided',
  'invoice.marked_uncollectible',
  'customer.source.expiring',
] as const

/** What `gateway_credentials.webhook_events` holds for an endpoint listening to all of them. */
export const MERCHANT_EVENTS_KEY = MERCHANT_EVENT_TYPES.join(',')

export const merchantWebhookUrl = (deps: AppDeps, accountId: string): string =>
  `${deps.config.publicUrl}/api/stripe/webhooks/${encodeURIComponent(accountId)}`

/** Creates the endpoint with `stripe` (the account's key) and stores it; failures are logged, not thrown. */
export async function registerMerchantEndpoint(
  deps: AppDeps,
  accountId: string,
  stripe: Stripe,
): Promise<boolean> {
  try {
    const endpoint = await callStripe(
      deps.logger,
      'webhookEndpoints.create',
      () =>
        stripe.webhookEndpoints.create({
          url: merchantWebhookUrl(deps, accountId),
          enabled_events: [...MERCHANT_EVENT_TYPES],
          description: 'Retainkit: follows saved subscribers',
          metadata: { retainkit_account: accountId },
        }),
      { key: 'stored' },
    )
    if (!endpoint.secret) throw new Error('Stripe returned no signing secret')
    await deps.db
      .updateTable('gateway_credentials')
      .set({
        webhook_endpoint_id: endpoint.id,
        webhook_secret_ciphertext: deps.secrets.encrypt(endpoint.secret),
        webhook_events: MERCHANT_EVENTS_KEY,
      })
      .where('account_id', '=', accountId)
      .execute()
    return true
  } catch (error) {
    // A restricted key without Webhook Endpoints access, or Stripe down: the reconcile still follows
    // subscriptions (by reading events), and tries to register again on its next pass.
    deps.logger.warn('could not register the merchant webhook endpoint', {
      accountId,
      error: error instanceof Error ? error.message : String(error),
    })
    return false
  }
}

/**
 * An endpoint registered before Retainkit followed some of today's event types listens to them from
 * now on (`webhookEndpoints.update`); failures are logged and tried again on the next reconcile.
 */
export async function widenMerchantEndpoint(
  deps: AppDeps,
  accountId: string,
  stripe: Stripe,
  endpointId: string,
): Promise<void> {
  try {
    await callStripe(
      deps.logger,
      'webhookEndpoints.update',
      () => stripe.webhookEndpoints.update(endpointId, { enabled_events: [...MERCHANT_EVENT_TYPES] }),
      { key: 'stored' },
    )
    await deps.db
      .updateTable('gateway_credentials')
      .set({ webhook_events: MERCHANT_EVENTS_KEY })
      .where('account_id', '=', accountId)
      .where('webhook_endpoint_id', '=', endpointId)
      .execute()
  } catch (error) {
    deps.logger.warn('could not widen the merchant webhook endpoint', {
      accountId,
      error: error instanceof Error ? error.message : String(error),
    })
  }
}

/** Deletes an endpoint made earlier; an endpoint already gone counts as deleted. */
export async function removeMerchantEndpoint(
  deps: AppDeps,
  accountId: string,
  stripe: Stripe,
  endpointId: string,
): Promise<void> {
  try {
    await callStripe(deps.logger, 'webhookEndpoints.del', () => stripe.webhookEndpoints.del(endpointId), {
      key: 'stored',
    })
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    if (error.status === 404) return
    // A revoked key cannot delete anything: the merchant removes the endpoint in Stripe (its secret
    // is deleted here, so its deliveries are refused from now on).
    deps.logger.warn('could not delete the merchant webhook endpoint', { accountId, endpointId })
  }
}
