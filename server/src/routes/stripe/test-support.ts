import type { TestContext } from '../../../test/support/harness'
import { createSecretBox } from '../../services/secret-box'
import { createStripeClientFactory } from '../../services/stripe-client'

/** Shared by the Stripe route tests: typed bodies, key planting, and Stripe outages on demand. */

export interface ErrorBody {
  error: { code: string; message: string; field?: string }
}

export async function body<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T
}

export async function errorOf(res: Response): Promise<ErrorBody['error']> {
  return (await body<ErrorBody>(res)).error
}

/** Connects keys through the real credentials call (so they are checked and encrypted as in production). */
export function saveKeys(
  t: TestContext,
  accountId: string,
  token: string,
  keys: { secret: string; publishable: string },
): Promise<Response> {
  return t.request(`/api/account?accountId=${accountId}&action=credentials`, {
    method: 'POST',
    token,
    body: { gateway: 'stripe', api_key: keys.secret, access_token: keys.publishable },
  })
}

/** Stores a key without asking Stripe: how a key that was valid once and later revoked looks. */
export async function storeKeyUnchecked(t: TestContext, accountId: string, secret: string): Promise<void> {
  await t.database.db
    .insertInto('gateway_credentials')
    .values({
      account_id: accountId,
      secret_key_ciphertext: t.deps.secrets.encrypt(secret),
      secret_key_hint: 'sk_test_…0000',
      publishable_key: 'pk_test_unchecked',
    })
    .execute()
}

export type Outage = 'network' | 'server-error' | 'rate-limit'

/**
 * Points the app's Stripe client at a Stripe that fails in one way, until `restore()`. Routes read
 * `deps.stripe` per request, so this is the same injection a deployment does, not a patch.
 */
export function stripeOutage(t: TestContext, outage: Outage): { restore(): void } {
  const original = t.deps.stripe
  const failing: typeof fetch = async () => {
    if (outage === 'network') throw new TypeError('fetch failed: ECONNREFUSED')
    const status = outage === 'rate-limit' ? 429 : 500
    const type = outage === 'rate-limit' ? 'invalid_request_error' : 'api_error'
    return new Response(JSON.stringify({ error: { type, message: 'Stripe had a problem' } }), {
      status,
      headers: { 'Content-Type': 'application/json', 'Request-Id': 'req_outage' },
    })
  }
  t.deps.stripe = createStripeClientFactory({ fetch: failing })
  return {
    restore: () => {
      t.deps.stripe = original
    },
  }
}

/** A SecretBox with another key: it must not be able to read what the app stored. */
export const otherSecretBox = () => createSecretBox(Buffer.alloc(32, 9))

/** Waits for the backfill and the past import a key connection starts in the background (the connect answers before they end). */
export async function backfilled(t: TestContext, accountId: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const row = await t.database.db
      .selectFrom('gateway_credentials')
      .select('subscriptions_synced_at')
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    // Connecting also starts the past cancellations import in the background, which lists the
    // merchant's subscriptions: wait for it too, or its Stripe reads land in the caller's next call.
    if (row?.subscriptions_synced_at) return await t.deps.background.idle()
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('the backfill did not finish')
}
