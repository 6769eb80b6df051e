import { sql } from 'kysely'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { connectPlatform } from '../connect-platform'
import { callStripe } from '../stripe-errors'
import { SIGNATURE_MESSAGE, verifyStripeEvent } from '../stripe-events'
import { MERCHANT_EVENT_TYPES } from './endpoint'
import { applyMerchantEvent, type MerchantEventOutcome } from './receive'

/**
 * Accounts connected by OAuth (Stripe Connect). Their access token may not manage webhook endpoints on
 * the merchant's account, so Stripe's Connect model is used instead: one `connect: true` endpoint on the
 * platform's own account receives the events of every connected account, each naming it in `account`.
 * It is registered with the platform key the first time an OAuth connection is made (and by every
 * reconcile pass until it exists), and its secret is stored encrypted. An event is applied to each
 * Retainkit account connected by OAuth to that Stripe account, through the same path as a key-connected
 * account's own endpoint.
 */

export const connectWebhookUrl = (deps: AppDeps): string =>
  `${deps.config.publicUrl}/api/stripe/connect/webhook`

/** Serialises registration across instances: one endpoint on Stripe, whoever gets there first. */
const REGISTRATION_LOCK = sql`select pg_advisory_xact_lock(4242016, hashtext('platform-connect-endpoint'))`

/** Makes sure the platform's Connect endpoint exists; false when Connect is not configured or Stripe failed. */
export async function ensureConnectEndpoint(deps: AppDeps): Promise<boolean> {
  const platform = connectPlatform(deps)
  if (!platform) return false
  const url = connectWebhookUrl(deps)
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await REGISTRATION_LOCK.execute(trx)
      const existing = await trx
        .selectFrom('platform_webhook_endpoints')
        .select(['stripe_endpoint_id', 'url'])
        .where('purpose', '=', 'connect')
        .executeTakeFirst()
      if (existing?.url === url) return true
      const endpoint = await callStripe(
        deps.logger,
        'webhookEndpoints.create',
        () =>
          platform.stripe.webhookEndpoints.create({
            url,
            connect: true,
            enabled_events: [...MERCHANT_EVENT_TYPES],
            description: 'Retainkit: follows saved subscribers of OAuth-connected accounts',
          }),
        {},
      )
      if (!endpoint.secret) throw new Error('Stripe returned no signing secret')
      const values = {
        stripe_endpoint_id: endpoint.id,
        url,
        secret_ciphertext: deps.secrets.encrypt(endpoint.secret),
        created_at: deps.clock.now(),
      }
      await trx
        .insertInto('platform_webhook_endpoints')
        .values({ purpose: 'connect', ...values })
        .onConflict((oc) => oc.column('purpose').doUpdateSet(values))
        .execute()
      // The public URL moved: the old endpoint would deliver to nobody.
      if (existing) {
        await callStripe(
          deps.logger,
          'webhookEndpoints.del',
          () => platform.stripe.webhookEndpoints.del(existing.stripe_endpoint_id),
          {},
        ).catch(() => undefined)
      }
      return true
    })
  } catch (error) {
    deps.logger.warn('could not register the platform Connect webhook endpoint', {
      error: error instanceof Error ? error.message : String(error),
    })
    return false
  }
}

/** `POST /api/stripe/connect/webhook`: one connected account's event, routed by its `account`. */
export async function receiveConnectEvent(
  deps: AppDeps,
  payload: string,
  signature: string | undefined,
): Promise<MerchantEventOutcome> {
  const row = await deps.db
    .selectFrom('platform_webhook_endpoints')
    .select('secret_ciphertext')
    .where('purpose', '=', 'connect')
    .executeTakeFirst()
  // Without a registered endpoint nothing can have signed this delivery.
  if (!row) throw new HttpError('INVALID_INPUT', SIGNATURE_MESSAGE, 'stripe-signature')
  const event = verifyStripeEvent(deps, payload, signature, deps.secrets.decrypt(row.secret_ciphertext))
  const stripeAccount = event.account
  if (!stripeAccount) return { result: 'ignored', subscriptionId: null }
  const accounts = await deps.db
    .selectFrom('gateway_credentials')
    .select('account_id')
    .where('stripe_account_id', '=', stripeAccount)
    .where('connected_via', '=', 'oauth')
    .orderBy('account_id')
    .execute()
  const outcomes: MerchantEventOutcome[] = []
  for (const { account_id } of accounts) outcomes.push(await applyMerchantEvent(deps, account_id, event))
  const subscriptionId = outcomes[0]?.subscriptionId ?? null
  if (outcomes.some((o) => o.result === 'applied')) return { result: 'applied', subscriptionId }
  if (outcomes.length > 0 && outcomes.every((o) => o.result === 'duplicate'))
    return { result: 'duplicate', subscriptionId }
  return { result: 'ignored', subscriptionId }
}
