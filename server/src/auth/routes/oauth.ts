import { sanitizeMessage } from '@retainkit/shared/sanitize'
import type { Context } from 'hono'
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

/**
 * Social sign-in: GET /authorize sends the browser to a configured provider with a stored, hashed
 * `state`; GET /callback checks that state, exchanges the provider's code, reads a verified email,
 * signs the user in (creating or linking by email) and continues exactly like /verify.
 */
export function oauthRoutes(app: AuthApp, ctx: AuthContext): void {
  const { deps } = ctx
  const callbackUrl = `${deps.config.publicUrl}/auth/v1/callback`
  const fail = (c: Context, target: string, error: RedirectError, pkce: boolean, status: 302 | 303 = 302) =>
    c.redirect(errorRedirectUrl(target, error, pkce), status)

  app.get('/auth/v1/authorize', async (c) => {
    const now = deps.clock.now()
    await limitByIp(deps.db, c, 'oauth', now, deps.config.trustProxy)
    c.header('Cache-Control', 'no-store')
    const parsed = authorizeQuerySchema.safeParse(c.req.query())
    const query = parsed.success ? parsed.data : {}
    const target = safeRedirect(query.redirect_to, requestSite(c, deps.config))
    const pkce = Boolean(query.code_challenge)
    if (!parsed.success) {
      const description = parsed.error.issues[0]?.message ?? 'Invalid request'
      return fail(c, target, { error: 'validation_failed', code: 'validation_failed', description }, pkce)
    }
    const provider = deps.config.oauthProviders.find((p) => p.name === query.provider)
    // GoTrue answers a provider it does not have with 400 JSON, not a redirect (auth-js's
    // signInWithOAuth only builds the URL; the browser shows this body).
    if (!provider) throw badRequest('validation_failed', UNSUPPORTED_PROVIDER)
    const issue = pkceIssue(query.code_challenge, query.code_challenge_method)
    if (issue) {
      return fail(
        c,
        target,
        { error: 'validation_failed', code: 'validation_failed', description: issue },
        pkce,
      )
    }
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
    const scopes = [...new Set(`${provider.scopes} ${query.scopes ?? ''}`.split(/\s+/).filter(Boolean))]
    const url = new URL(provider.authorizeUrl)
    url.searchParams.set('client_id', provider.clientId)
    url.searchParams.set('redirect_uri', callbackUrl)
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('scope', scopes.join(' '))
    url.searchParams.set('state', state)
    return c.redirect(url.toString(), 302)
  })

  app.get('/auth/v1/callback', async (c) => {
    const now = deps.clock.now()
    await limitByIp(deps.db, c, 'oauth', now, deps.config.trustProxy)
    c.header('Cache-Control', 'no-store')
    const state = c.req.query('state') ?? ''
    const home = `${requestSite(c, deps.config).home}/`
    const badState = { error: 'invalid_request', code: 'bad_oauth_state', description: BAD_STATE }
    if (state === '' || state.length > 256) return fail(c, home, badState, true)

    // Single use: the state is claimed before anything else happens.
    const row = await deps.db
      .updateTable('auth_oauth_states')
      .set({ used_at: now })
      .where('state_hash', '=', sha256Hex(state))
      .where('used_at', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!row) return fail(c, home, badState, true)
    const target = safeRedirect(row.redirect_to, requestSite(c, deps.config))
    const pkce = row.code_challenge !== null
    if (new Date(row.expires_at).getTime() <= now.getTime()) return fail(c, target, badState, pkce)

    const providerError = c.req.query('error')
    if (providerError) {
      // The provider's own value (e.g. access_denied) travels on, as the login page expects.
      const error = /^[a-z0-9_]{1,64}$/i.test(providerError) ? providerError : 'server_error'
      const description = sanitizeMessage(c.req.query('error_description') ?? error, { audience: 'user' })
      return fail(c, target, { error, code: error, description }, pkce)
    }
    const provider = deps.config.oauthProviders.find((p) => p.name === row.provider)
    if (!provider) {
      return fail(
        c,
        target,
        { error: 'validation_failed', code: 'validation_failed', description: UNSUPPORTED_PROVIDER },
        pkce,
      )
    }
    const code = c.req.query('code') ?? ''
    if (code === '' || code.length > 2048) {
      const description = 'OAuth callback with missing authorization code'
      return fail(c, target, { error: 'invalid_request', code: 'bad_oauth_callback', description }, pkce)
    }

    let providerUser: Awaited<ReturnType<typeof fetchProviderUser>>
    try {
      const accessToken = await exchangeCode(ctx.fetch, provider, code, callbackUrl)
      providerUser = await fetchProviderUser(ctx.fetch, provider, accessToken)
    } catch (error) {
      if (!(error instanceof OAuthProviderError)) throw error
      deps.logger.warn('social sign-in failed at the provider', {
        provider: provider.name,
        reason: error.message,
      })
      const oauthError = error.code === 'provider_email_needs_verification' ? 'access_denied' : 'server_error'
      return fail(c, target, { error: oauthError, code: error.code, description: error.message }, pkce)
    }

    const url = await deps.db.transaction().execute(async (trx) => {
      const userId = await signInByProvider(trx, { provider: provider.name, ...providerUser }, now)
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
  })
}
