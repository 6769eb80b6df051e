import type { AccountRegistry } from './accounts'
import { randomToken } from './ids'
import type { FakeAccount } from './state'

/**
 * Stripe Connect OAuth (`connect.stripe.com/oauth/token` and `/oauth/deauthorize`). Its errors use
 * the OAuth shape `{error, error_description}`, which the SDK turns into `StripeInvalidGrantError`
 * and friends, so they are built here rather than with the API's error envelope.
 */
export interface OAuthResult {
  status: number
  body: Record<string, unknown>
  /** The platform the request authenticated as, for the request log. */
  accountId: string | null
}

function oauthError(
  status: number,
  error: string,
  description: string,
  accountId: string | null = null,
): OAuthResult {
  return { status, body: { error, error_description: description }, accountId }
}

/** The platform is identified by its secret key, sent as bearer or as `client_secret`. */
function platformFor(
  registry: AccountRegistry,
  bearer: string | null,
  params: Record<string, unknown>,
): FakeAccount | null {
  const key = typeof params.client_secret === 'string' ? params.client_secret : bearer
  if (!key) return null
  const record = registry.keys.get(key)
  if (!record || record.revoked || record.kind !== 'secret' || record.platformId) return null
  return registry.account(record.accountId) ?? null
}

function issueToken(
  registry: AccountRegistry,
  platform: FakeAccount,
  account: FakeAccount,
  scope: 'read_write' | 'read_only',
  code: string | null,
): Record<string, unknown> {
  const accessToken = registry.generateKey('secret', account.livemode)
  registry.addKey(accessToken, account.id, 'secret', null, { platformId: platform.id, oauthCode: code })
  const refreshToken = `rt_${randomToken(40)}`
  registry.refreshTokens.set(refreshToken, { platformId: platform.id, accountId: account.id, scope })
  account.platformId = platform.id
  const publishable = [...registry.keys.values()].find(
    (record) => record.accountId === account.id && record.kind === 'publishable' && !record.revoked,
  )
  return {
    access_token: accessToken,
    livemode: account.livemode,
    refresh_token: refreshToken,
    scope,
    stripe_publishable_key: publishable?.key ?? null,
    stripe_user_id: account.id,
    token_type: 'bearer',
  }
}

function revokeKeys(registry: AccountRegistry, keys: readonly string[]): void {
  for (const key of keys) {
    const record = registry.keys.get(key)
    if (record) record.revoked = true
  }
}

export function handleOAuth(
  registry: AccountRegistry,
  path: string,
  bearer: string | null,
  params: Record<string, unknown>,
): OAuthResult {
  const platform = platformFor(registry, bearer, params)
  if (!platform) {
    return oauthError(
      401,
      'invalid_client',
      'No authentication was provided. Send your secret API key using the Authorization header, or as a client_secret POST parameter.',
    )
  }
  if (path === '/oauth/deauthorize') {
    const accountId = params.stripe_user_id
    if (params.client_id !== platform.clientId) {
      return oauthError(
        401,
        'invalid_client',
        `No such application: '${String(params.client_id)}'`,
        platform.id,
      )
    }
    const account = typeof accountId === 'string' ? registry.account(accountId) : undefined
    if (!account || account.platformId !== platform.id) {
      return oauthError(
        400,
        'invalid_client',
        `This application is not connected to stripe account ${String(accountId)}`,
        platform.id,
      )
    }
    account.platformId = null
    const tokens = [...registry.keys.values()].filter(
      (r) => r.accountId === account.id && r.platformId === platform.id,
    )
    revokeKeys(
      registry,
      tokens.map((r) => r.key),
    )
    return { status: 200, body: { stripe_user_id: account.id }, accountId: platform.id }
  }

  const grantType = params.grant_type
  if (grantType === undefined)
    return oauthError(400, 'invalid_request', 'No grant type specified', platform.id)
  if (grantType === 'refresh_token') {
    const grant =
      typeof params.refresh_token === 'string' ? registry.refreshTokens.get(params.refresh_token) : undefined
    const account = grant ? registry.account(grant.accountId) : undefined
    if (!grant || !account || grant.platformId !== platform.id || account.platformId !== platform.id) {
      return oauthError(
        400,
        'invalid_grant',
        `Refresh token does not exist: ${String(params.refresh_token)}`,
        platform.id,
      )
    }
    return {
      status: 200,
      body: issueToken(registry, platform, account, grant.scope, null),
      accountId: platform.id,
    }
  }
  if (grantType !== 'authorization_code') {
    return oauthError(
      400,
      'unsupported_grant_type',
      `Unsupported grant type: ${String(grantType)}`,
      platform.id,
    )
  }
  if (typeof params.code !== 'string')
    return oauthError(400, 'invalid_request', 'No authorization code provided', platform.id)
  const grant = registry.oauthCodes.get(params.code)
  if (!grant) {
    return oauthError(400, 'invalid_grant', `Authorization code does not exist: ${params.code}`, platform.id)
  }
  if (grant.platformId !== platform.id) {
    return oauthError(400, 'invalid_grant', 'Authorization code provided does not belong to you', platform.id)
  }
  if (grant.used) {
    // Stripe treats a replayed code as a leak and revokes what it issued.
    revokeKeys(registry, grant.issuedKeys)
    return oauthError(
      400,
      'invalid_grant',
      'This authorization code has already been used. All tokens issued with this code have been revoked.',
      platform.id,
    )
  }
  const account = registry.account(grant.accountId)
  if (!account)
    return oauthError(400, 'invalid_grant', `Authorization code does not exist: ${params.code}`, platform.id)
  grant.used = true
  const body = issueToken(registry, platform, account, grant.scope, grant.code)
  grant.issuedKeys.push(body.access_token as string)
  return { status: 200, body, accountId: platform.id }
}
