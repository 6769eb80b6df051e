import { sanitizeMessage } from '@retainkit/shared/sanitize'
import type { Context, Handler } from 'hono'
import type { Selectable } from 'kysely'
import type { OAuthProviderConfig } from '../../config/oauth-providers'
import type { Database } from '../../db/tables'
import type { AppEnv } from '../../http/app-env'
import { badRequest, errorRedirectUrl } from '../../http/gotrue-error'
import { randomToken, sha256Hex } from '../crypto'
import { exchangeCode, fetchProviderUser, OAuthProviderError } from '../oauth-client'
import { limitByIp } from '../rate-limit'
import { requestSite, safeRedirect } from '../redirect'
import { authorizeQuerySchema, pkceIssue } from '../schemas'
import { signInByProvider } from '../users'
import { type AuthApp, type AuthContext, OAUTH_STATE_TTL_MS } from './context'
import { completeSignIn } from './flow'

export const UNSUPPORTED_PROVIDER = 'Unsupported provider: provider is not enabled'
export const BAD_STATE = 'OAuth state is invalid or has expired'

interface RedirectError {
  error: string
  code: string
  description: string
}

const BAD_STATE_ERROR: RedirectError = {
  error: 'invalid_request',
  code: 'bad_oauth_state',
  description: BAD_STATE,
}
const validationFailed = (description: string): RedirectError => ({
  error: 'validation_failed',
  code: 'validation_failed',
  description,
})

const fail = (c: Context, target: string, error: RedirectError, pkce: boolean) =>
  c.redirect(errorRedirectUrl(target, error, pkce), 302)

type OAuthState = Selectable<Database['auth_oauth_states']>
type ProviderUser = Awaited<ReturnType<typeof fetchProviderUser>>

/**
 * Social sign-in: GET /authorize sends the browser to a configured provider with a stored, hashed
 * `state`; GET /callback checks that state, exchanges the provider's code, reads a verified email,
 * signs the user in (creating or linking by email) and continues exactly like /verify.
 */
export function oauthRoutes(app: AuthApp, ctx: AuthContext): void {
  const callbackUrl = `${ctx.deps.config.publicUrl}/auth/v1/callback`
  app.get('/auth/v1/authorize', authorizeHandler(ctx, callbackUrl))
  app.get('/auth/v1/callback', callbackHandler(ctx, callbackUrl))
}

function authorizeHandler(ctx: AuthContext, callbackUrl: string): Handler<AppEnv> {
  const { deps } = ctx
  return async (c) => {
    const now = deps.clock.now()
    await limitByIp(deps.db, c, 'oauth', now, deps.config.trustProxy)
    c.header('Cache-Control', 'no-store')
    const parsed = authorizeQuerySchema.safeParse(c.req.query())
    const query = parsed.success ? parsed.data : {}
    const target = safeRedirect(query.redirect_to, requestSite(c, deps.config))
    const pkce = Boolean(query.code_challenge)
    if (!parsed.success) {
      return fail(c, target, validationFailed(parsed.error.issues[0]?.message ?? 'Invalid request'), pkce)
    }
    const provider = deps.config.oauthProviders.find((p) => p.name === query.provider)
    // GoTrue answers a provider it does not have with 400 JSON, not a redirect (auth-js's
    // signInWithOAuth only builds the URL; the browser shows this body).
    if (!provider) throw badRequest('validation_failed', UNSUPPORTED_PROVIDER)
    const issue = pkceIssue(query.code_challenge, query.code_challenge_method)
    if (issue) return fail(c, target, validationFailed(issue), pkce)
    const state = randomToken()
    await deps.db
      .insertInto('auth_oauth_states')
      .values({
        state_hash: sha256Hex(state),
        provider: provider.name,
        redirect_to: target,
        code_challenge: query.code_challenge ?? null,
        code_challenge_method: query.code_challenge_method?.toLowerCase() ?? null,
        created_at: now,
        expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
      })
      .execute()
    return c.redirect(providerUrl(provider, callbackUrl, query.scopes, state), 302)
  }
}

/** The provider's consent page, asked for the provider's own scopes and any the client added. */
function providerUrl(
  provider: OAuthProviderConfig,
  callbackUrl: string,
  extra: string | undefined,
  state: string,
) {
  const scopes = [...new Set(`${provider.scopes} ${extra ?? ''}`.split(/\s+/).filter(Boolean))]
  const url = new URL(provider.authorizeUrl)
  url.searchParams.set('client_id', provider.clientId)
  url.searchParams.set('redirect_uri', callbackUrl)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('scope', scopes.join(' '))
  url.searchParams.set('state', state)
  return url.toString()
}

function callbackHandler(ctx: AuthContext, callbackUrl: string): Handler<AppEnv> {
  const { deps } = ctx
  return async (c) => {
    const now = deps.clock.now()
    await limitByIp(deps.db, c, 'oauth', now, deps.config.trustProxy)
    c.header('Cache-Control', 'no-store')
    const state = c.req.query('state') ?? ''
    const home = `${requestSite(c, deps.config).home}/`
    if (state === '' || state.length > 256) return fail(c, home, BAD_STATE_ERROR, true)

    // Single use: the state is claimed before anything else happens.
    const row = await deps.db
      .updateTable('auth_oauth_states')
      .set({ used_at: now })
      .where('state_hash', '=', sha256Hex(state))
      .where('used_at', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!row) return fail(c, home, BAD_STATE_ERROR, true)
    const target = safeRedirect(row.redirect_to, requestSite(c, deps.config))
    const pkce = row.code_challenge !== null
    if (new Date(row.expires_at).getTime() <= now.getTime()) return fail(c, target, BAD_STATE_ERROR, pkce)

    const sent = readCallback(c, deps.config.oauthProviders, row)
    if ('error' in sent) return fail(c, target, sent.error, pkce)
    const user = await fetchUser(ctx, sent.provider, sent.code, callbackUrl)
    if ('error' in user) return fail(c, target, user.error, pkce)

    const url = await deps.db.transaction().execute(async (trx) => {
      const userId = await signInByProvider(trx, { provider: sent.provider.name, ...user.user }, now)
      return completeSignIn(trx, ctx, {
        userId,
        target,
        challenge:
          row.code_challenge && row.code_challenge_method
            ? { value: row.code_challenge, method: row.code_challenge_method }
            : null,
        method: 'oauth',
        type: 'oauth',
        now,
      })
    })
    return c.redirect(url, 302)
  }
}

/** What the provider sent back with the browser: its refusal, or the code to exchange. */
function readCallback(
  c: Context,
  providers: readonly OAuthProviderConfig[],
  row: OAuthState,
): { error: RedirectError } | { provider: OAuthProviderConfig; code: string } {
  const providerError = c.req.query('error')
  if (providerError) {
    // The provider's own value (e.g. access_denied) travels on, as the login page expects.
    const error = /^[a-z0-9_]{1,64}$/i.test(providerError) ? providerError : 'server_error'
    const description = sanitizeMessage(c.req.query('error_description') ?? error, { audience: 'user' })
    return { error: { error, code: error, description } }
  }
  const provider = providers.find((p) => p.name === row.provider)
  if (!provider) return { error: validationFailed(UNSUPPORTED_PROVIDER) }
  const code = c.req.query('code') ?? ''
  if (code === '' || code.length > 2048) {
    const description = 'OAuth callback with missing authorization code'
    return { error: { error: 'invalid_request', code: 'bad_oauth_callback', description } }
  }
  return { provider, code }
}

/** The code exchanged for a token and the provider's user; a provider's failure becomes a redirect error. */
async function fetchUser(
  ctx: AuthContext,
  provider: OAuthProviderConfig,
  code: string,
  callbackUrl: string,
): Promise<{ error: RedirectError } | { user: ProviderUser }> {
  try {
    const accessToken = await exchangeCode(ctx.fetch, provider, code, callbackUrl)
    return { user: await fetchProviderUser(ctx.fetch, provider, accessToken) }
  } catch (error) {
    if (!(error instanceof OAuthProviderError)) throw error
    ctx.deps.logger.warn('social sign-in failed at the provider', {
      provider: provider.name,
      reason: error.message,
    })
    const oauthError = error.code === 'provider_email_needs_verification' ? 'access_denied' : 'server_error'
    return { error: { error: oauthError, code: error.code, description: error.message } }
  }
}
