import type Stripe from 'stripe'
import type { AppDeps } from '../deps'
import { HttpError } from '../http/http-error'

/**
 * A Stripe client acting for one merchant account, from its stored (encrypted) credentials. The key is
 * decrypted only here, in memory, for the duration of the call that needs it.
 */
export async function stripeForAccount(deps: AppDeps, accountId: string): Promise<Stripe> {
  const row = await deps.db
    .selectFrom('gateway_credentials')
    .select(['secret_key_ciphertext', 'connected_via', 'stripe_account_id'])
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!row)
    throw new HttpError('BUSINESS_RULE_VIOLATION', 'Connect your Stripe account first (Settings → Stripe).')
  return deps.stripe.forKey(deps.secrets.decrypt(row.secret_key_ciphertext))
}

export async function hasStripeCredentials(deps: AppDeps, accountId: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('gateway_credentials')
    .select('account_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return Boolean(row)
}
