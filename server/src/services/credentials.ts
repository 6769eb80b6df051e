import type Stripe from 'stripe'
import type { AppDeps } from '../deps'
import { HttpError } from '../http/http-error'
import { connectPlatform } from './connect-platform'
import { isDemoAccount } from './demo-account'
import { removeMerchantEndpoint } from './merchant-events/endpoint'
import { followNewConnection } from './merchant-events/sync'
import { stripeForAccount } from './merchant-stripe'
import { maskSecret } from './secret-box'
import { callStripe, toHttpError } from './stripe-errors'

/**
 * An account's Stripe credentials: stored encrypted (only ciphertext and a masked hint), answered
 * masked. The secret key is decrypted only in `stripeForAccount` / here, in memory, for one call.
 */

export const MODE_MISMATCH_MESSAGE =
  'The secret and publishable keys must both be test keys or both be live keys'

/** What GET/POST credentials answer: never the secret, only its hint. */
export type CredentialsView =
  | { gateway: 'stripe'; connected: false; demo?: true }
  | {
      gateway: 'stripe'
      connected: true
      /** Masked: `sk_live_…4242`. */
      api_key: string
      /** The publishable key, in full: it is public by design. */
      access_token: string
      stripe_account_id: string | null
      connected_via: 'key' | 'oauth'
      livemode: boolean
      last_tested_at: string | null
      last_test_ok: boolean | null
    }

export const DISCONNECTED: CredentialsView = { gateway: 'stripe', connected: false }

export async function readCredentialsView(deps: AppDeps, accountId: string): Promise<CredentialsView> {
  const row = await deps.db
    .selectFrom('gateway_credentials')
    .select([
      'secret_key_hint',
      'publishable_key',
      'stripe_account_id',
      'connected_via',
      'livemode',
      'last_tested_at',
      'last_test_ok',
    ])
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!row)
    return isDemoAccount(accountId) ? { gateway: 'stripe', connected: false, demo: true } : DISCONNECTED
  return {
    gateway: 'stripe',
    connected: true,
    api_key: row.secret_key_hint,
    access_token: row.publishable_key,
    stripe_account_id: row.stripe_account_id,
    connected_via: row.connected_via,
    livemode: row.livemode,
    last_tested_at: row.last_tested_at ? new Date(row.last_tested_at).toISOString() : null,
    last_test_ok: row.last_test_ok,
  }
}

/** `live`/`test` from a key's prefix (`sk_live_`, `rk_test_`, `pk_live_`), or null if it names none. */
export function keyMode(key: string): 'live' | 'test' | null {
  const match = /^(?:sk|rk|pk)_(live|test)_/.exec(key)
  return (match?.[1] as 'live' | 'test' | undefined) ?? null
}

/** The name a merchant recognises their Stripe account by. */
export function accountDisplayName(account: Stripe.Account): string {
  return (
    account.business_profile?.name || account.settings?.dashboard?.display_name || account.email || account.id
  )
}

export interface VerifiedKey {
  account: Stripe.Account
  livemode: boolean
}

/**
 * Checks pasted keys before anything is stored: the modes must agree, then Stripe must accept the
 * secret (or restricted) key — `GET /v1/account` is the cheapest call that proves it and tells us
 * which account it belongs to.
 */
export async function verifyPastedKeys(
  deps: AppDeps,
  secretKey: string,
  publishableKey: string,
): Promise<VerifiedKey> {
  const secretMode = keyMode(secretKey)
  const publishableMode = keyMode(publishableKey)
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    throw new HttpError('VALIDATION_FAILED', MODE_MISMATCH_MESSAGE, 'access_token')
  }
  const stripe = deps.stripe.forKey(secretKey)
  const account = await callStripe(
    deps.logger,
    'accounts.retrieve',
    () => stripe.accounts.retrieveCurrent(),
    {
      key: 'pasted',
    },
  )
  return { account, livemode: secretMode === 'live' }
}

export interface StoredCredentials {
  secretKey: string
  publishableKey: string
  stripeAccountId: string | null
  connectedVia: 'key' | 'oauth'
  refreshToken: string | null
  livemode: boolean
  /** Set when the key was just proven to work (a pasted key checked against Stripe). */
  testedOk: boolean | null
}

/** Replaces the account's credentials in one statement: there is one row per account. */
export async function storeCredentials(
  deps: AppDeps,
  accountId: string,
  credentials: StoredCredentials,
): Promise<void> {
  const previous = await connectionOf(deps, accountId)
  const now = deps.clock.now()
  const values = {
    gateway: 'stripe' as const,
    secret_key_ciphertext: deps.secrets.encrypt(credentials.secretKey),
    secret_key_hint: maskSecret(credentials.secretKey),
    publishable_key: credentials.publishableKey,
    stripe_account_id: credentials.stripeAccountId,
    connected_via: credentials.connectedVia,
    refresh_token_ciphertext: credentials.refreshToken
      ? deps.secrets.encrypt(credentials.refreshToken)
      : null,
    livemode: credentials.livemode,
    last_tested_at: credentials.testedOk === null ? null : now,
    last_test_ok: credentials.testedOk,
    updated_at: now,
    // A new connection gets its own endpoint and a fresh backfill.
    webhook_endpoint_id: null,
    webhook_secret_ciphertext: null,
    subscriptions_synced_at: null,
  }
  await deps.db
    .insertInto('gateway_credentials')
    .values({ account_id: accountId, created_at: now, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute()
  // A replaced OAuth grant would otherwise stay valid on Stripe with nobody holding it: revoked once the
  // new credentials are safely stored. Reconnecting the same Stripe account by OAuth keeps the grant:
  // revoking it would cut the new token too.
  const sameGrant =
    credentials.connectedVia === 'oauth' && credentials.stripeAccountId === previous?.stripe_account_id
  if (previous && !sameGrant) await revokeOAuthGrant(deps, accountId, previous)
  if (previous) await removeEndpointOf(deps, accountId, previous)
  await followNewConnection(deps, accountId)
}

type Connection = {
  connected_via: string
  stripe_account_id: string | null
  secret_key_ciphertext: string
  webhook_endpoint_id: string | null
}

/** The endpoint a connection registered, deleted with that connection's own key. */
async function removeEndpointOf(deps: AppDeps, accountId: string, connection: Connection): Promise<void> {
  if (!connection.webhook_endpoint_id) return
  const stripe = deps.stripe.forKey(deps.secrets.decrypt(connection.secret_key_ciphertext))
  await removeMerchantEndpoint(deps, accountId, stripe, connection.webhook_endpoint_id)
}

const connectionOf = (deps: AppDeps, accountId: string): Promise<Connection | undefined> =>
  deps.db
    .selectFrom('gateway_credentials')
    .select(['connected_via', 'stripe_account_id', 'secret_key_ciphertext', 'webhook_endpoint_id'])
    .where('account_id', '=', accountId)
    .executeTakeFirst()

/**
 * Revokes the platform's OAuth grant of a connection (nothing for pasted keys). If Stripe cannot be
 * reached it is logged and left: a token nobody holds any more is inert, and the merchant can revoke it
 * in Stripe.
 */
async function revokeOAuthGrant(deps: AppDeps, accountId: string, connection: Connection): Promise<void> {
  const platform = connectPlatform(deps)
  const stripeUserId = connection.stripe_account_id
  if (connection.connected_via !== 'oauth' || !stripeUserId || !platform) return
  try {
    await callStripe(deps.logger, 'oauth.deauthorize', () =>
      platform.stripe.oauth.deauthorize({ client_id: platform.clientId, stripe_user_id: stripeUserId }),
    )
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    deps.logger.warn('stripe deauthorize failed; the old grant is left to the merchant', { accountId })
  }
}

/**
 * Disconnects: removes the row (ciphertexts included). For an OAuth connection the platform's grant
 * is revoked on Stripe first when possible; if Stripe cannot be reached the local secrets are still
 * deleted.
 */
export async function deleteCredentials(deps: AppDeps, accountId: string): Promise<void> {
  const connection = await connectionOf(deps, accountId)
  if (!connection) return
  await removeEndpointOf(deps, accountId, connection)
  await revokeOAuthGrant(deps, accountId, connection)
  await deps.db.deleteFrom('gateway_credentials').where('account_id', '=', accountId).execute()
}

export type ConnectionTest =
  | { ok: true; account: { id: string; name: string }; livemode: boolean }
  | { ok: false; message: string }

/**
 * Tests the stored key: the account it belongs to, then read access to what Retainkit reads (prices
 * for plan switches, coupons for offers, subscriptions for saves). The result is recorded.
 */
export async function testStoredConnection(deps: AppDeps, accountId: string): Promise<ConnectionTest> {
  const row = await deps.db
    .selectFrom('gateway_credentials')
    .select('livemode')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  const stripe = await stripeForAccount(deps, accountId)
  const livemode = row?.livemode ?? false
  let result: ConnectionTest
  try {
    const account = await callStripe(
      deps.logger,
      'accounts.retrieve',
      () => stripe.accounts.retrieveCurrent(),
      {
        key: 'stored',
      },
    )
    const probes: Array<[string, () => Promise<unknown>]> = [
      ['prices.list', () => stripe.prices.list({ limit: 1 })],
      ['coupons.list', () => stripe.coupons.list({ limit: 1 })],
      ['subscriptions.list', () => stripe.subscriptions.list({ limit: 1 })],
    ]
    for (const [name, probe] of probes) await callStripe(deps.logger, name, probe, { key: 'stored' })
    result = { ok: true, account: { id: account.id, name: accountDisplayName(account) }, livemode }
  } catch (error) {
    const mapped = error instanceof HttpError ? error : toHttpError(error)
    if (!(mapped instanceof HttpError)) throw error
    result = { ok: false, message: mapped.message }
  }
  await deps.db
    .updateTable('gateway_credentials')
    .set({ last_tested_at: deps.clock.now(), last_test_ok: result.ok })
    .where('account_id', '=', accountId)
    .execute()
  return result
}
