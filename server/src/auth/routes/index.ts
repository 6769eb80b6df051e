import { USER_MESSAGES } from '@retainkit/shared/errors'
import { Hono } from 'hono'
import { classifyDatabaseError } from '../../db/errors'
import type { AppDeps } from '../../deps'
import type { AppEnv } from '../../http/app-env'
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../http/error-handler'
import { GoTrueError, goTrueErrorResponse } from '../../http/gotrue-error'
import { HttpError } from '../../http/http-error'
import type { Fetch } from '../oauth-client'
import { createEmbeddedVerifier } from '../verifier'
import type { AuthContext } from './context'
import { magicLinkRoutes } from './magic-link'
import { metaRoutes } from './meta'
import { oauthRoutes } from './oauth'
import { tokenRoutes } from './token'
import { userRoutes } from './user'

export interface AuthRouteOptions {
  /** How social sign-in reaches providers; defaults to the global fetch (tests pass a fake provider). */
  fetch?: Fetch
}

/**
 * The embedded auth server under /auth/v1: the GoTrue-compatible subset supabase-js uses (PKCE magic
 * link, social sign-in, token refresh, user, logout, JWKS, settings) plus the development outbox.
 * Errors leave in GoTrue's shapes, since auth-js is the client. With a Supabase project configured
 * (no signing keys) nothing is served here: the project is the auth server.
 */
export function authRoutes(deps: AppDeps, options: AuthRouteOptions = {}) {
  const app = new Hono<AppEnv>()
  const keys = deps.signingKeys
  if (!keys) return app

  const ctx: AuthContext = {
    deps,
    keys,
    verifier: createEmbeddedVerifier(keys, `${deps.config.publicUrl}/auth/v1`, () => deps.clock.now()),
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
  }

  app.onError((error, c) => {
    if (error instanceof GoTrueError) return goTrueErrorResponse(c, error)
    if (error instanceof HttpError && error.status < 500) {
      return goTrueErrorResponse(c, new GoTrueError(error.status, 'validation_failed', error.message))
    }
    if (classifyDatabaseError(error) === 'unavailable') {
      // auth-js retries 5xx answers on its own; the catalogue's words for whoever reads them.
      c.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS))
      return goTrueErrorResponse(c, new GoTrueError(503, 'unexpected_failure', USER_MESSAGES.DATABASE_ERROR))
    }
    deps.logger.error('auth request failed', {
      path: c.req.path,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    })
    return goTrueErrorResponse(
      c,
      new GoTrueError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
    )
  })

  magicLinkRoutes(app, ctx)
  tokenRoutes(app, ctx)
  userRoutes(app, ctx)
  oauthRoutes(app, ctx)
  metaRoutes(app, ctx)
  // Anything else under /auth/v1 is GoTrue's JSON 404, not the site's HTML not-found page.
  app.all('/auth/v1/*', (c) => goTrueErrorResponse(c, new GoTrueError(404, 'not_found', 'Not found')))
  return app
}
