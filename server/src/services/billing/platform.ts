import { type Kysely, sql, type Transaction } from 'kysely'
import Stripe from 'stripe'
import type { BillingConfig } from '../../config/billing-env'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'

/**
 * The platform's own Stripe account, which bills merchants for Pro. Present only when billing is
 * configured; without it the operator sets tiers (`npm run admin -- tier`).
 */

export const BILLING_OFF_MESSAGE =
  'Billing is not enabled on this server: the operator sets plans (npm run admin -- tier).'
export const BILLING_UNAVAILABLE_MESSAGE =
  'Billing is not responding right now. Please try again in a moment.'

export interface PlatformBilling {
  config: BillingConfig
  stripe: Stripe
}

export function platformBilling(deps: AppDeps): PlatformBilling | null {
  const config = deps.config.billing
  return config ? { config, stripe: deps.stripe.forKey(config.secretKey) } : null
}

export function requireBilling(deps: AppDeps): PlatformBilling {
  const billing = platformBilling(deps)
  if (!billing) throw new HttpError('OPERATION_NOT_ALLOWED', BILLING_OFF_MESSAGE, undefined, undefined, 409)
  return billing
}

/**
 * Runs a call to the platform's Stripe account. Its failures are ours (configuration, Stripe being
 * down), never the merchant's input: they become 502/503 with a plain message, logged for the operator.
 */
export async function callBilling<T>(deps: AppDeps, operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error
    deps.logger.error('platform billing call failed', {
      operation,
      type: error.type,
      code: error.code ?? null,
      status: error.statusCode ?? null,
      stripeRequestId: error.requestId ?? null,
    })
    const busy = error.type === 'StripeRateLimitError' || error.type === 'StripeConnectionError'
    throw new HttpError(
      busy ? 'SERVICE_UNAVAILABLE' : 'EXTERNAL_SERVICE_ERROR',
      BILLING_UNAVAILABLE_MESSAGE,
      undefined,
      undefined,
      busy ? 503 : 502,
    )
  }
}

/**
 * Serialises billing changes of one account (Checkout, webhooks) across processes without holding
 * the accounts row, which every widget session start locks.
 */
export async function lockBilling(
  trx: Transaction<Database> | Kysely<Database>,
  accountId: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(4242013, hashtext(${accountId}))`.execute(trx)
}
