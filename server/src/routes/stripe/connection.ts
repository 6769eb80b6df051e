import { createHash, randomBytes } from 'node:crypto'
import { accountIdSchema, stripeOAuthCallbackSchema, stripeOAuthStartSchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../../deps'
import type { AppEnv } from '../../http/app-env'
import { HttpError } from '../../http/http-error'
import { ok } from '../../http/respond'
import { parseWith, readBody } from '../../http/validate'
import { requireMembership } from '../../services/access'
import { connectPlatform } from '../../services/connect-platform'
import { storeCredentials, testStoredConnection } from '../../services/credentials'
import { callStripe } from '../../services/stripe-errors'

export const CONNECT_NOT_CONFIGURED = 'Stripe Connect is not configured on this server'
export const STATE_EXPIRED = 'This connection link has expired. Start again from Settings.'
/** Stripe's own authorization codes expire after a few minutes; our state lives a little longer. */
export const OAUTH_STATE_TTL_MS = 15 * 60 * 1000
const STRIPE_CONNECT_BASE = 'https://connect.stripe.com'

/** States are stored hashed: a database reader cannot finish someone else's connection. */
const hashState = (state: string) => createHash('sha256').update(state).digest('hex')

function requireConnect(deps: AppDeps) {
  const platform = connectPlatform(deps)
  if (!platform) throw new HttpError('SERVICE_UNAVAILABLE', CONNECT_NOT_CONFIGURED)
  return platform
}

/**
 * `POST /api/stripe/test-connection/{accountId}` and the Connect OAuth flow:
 * `POST /api/stripe/oauth/start` (ours) → Stripe's consent page → `/stripe/callback` in the console →
 * `POST /api/stripe/oauth/callback`.
 */
export function connectionRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  app.post('/api/stripe/test-connection/:accountId', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['accountId'])
    await requireMembership(deps.db, c.get('user').id, accountId, 'canManageCredentials')
    return ok(c, 'POST /api/stripe/test-connection/{accountId}', await testStoredConnection(deps, accountId))
  })

  app.post('/api/stripe/oauth/start', async (c) => {
    const { account_id: accountId } = await readBody(c, stripeOAuthStartSchema)
    const user = c.get('user')
    await requireMembership(deps.db, user.id, accountId, 'canManageCredentials')
    const { clientId } = requireConnect(deps)
    const state = randomBytes(32).toString('base64url')
    const now = deps.clock.now()
    await deps.db.transaction().execute(async (trx) => {
      // Old, never-finished attempts of this user for this account are dropped as new ones start.
      await trx
        .deleteFrom('stripe_oauth_states')
        .where('account_id', '=', accountId)
        .where('user_id', '=', user.id)
        .where('created_at', '<', new Date(now.getTime() - OAUTH_STATE_TTL_MS))
        .execute()
      await trx
        .insertInto('stripe_oauth_states')
        .values({ state: hashState(state), account_id: accountId, user_id: user.id, created_at: now })
        .execute()
    })
    const url = new URL('/oauth/authorize', deps.config.stripe.apiBase ?? STRIPE_CONNECT_BASE)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      scope: 'read_write',
      state,
      redirect_uri: `${deps.config.publicUrl}/stripe/callback`,
    }).toString()
    return ok(c, 'POST /api/stripe/oauth/start', { url: url.toString() })
  })

  app.post('/api/stripe/oauth/callback', async (c) => {
    const { code, state } = await readBody(c, stripeOAuthCallbackSchema)
    const user = c.get('user')
    const now = deps.clock.now()
    // Claimed atomically: of two racing callbacks with one state, exactly one gets the row.
    const claimed = await deps.db
      .updateTable('stripe_oauth_states')
      .set({ used_at: now })
      .where('state', '=', hashState(state))
      .where('used_at', 'is', null)
      .where('user_id', '=', user.id)
      .where('created_at', '>', new Date(now.getTime() - OAUTH_STATE_TTL_MS))
      .returning(['account_id'])
      .executeTakeFirst()
    if (!claimed) throw new HttpError('INVALID_INPUT', STATE_EXPIRED, 'state')
    const accountId = claimed.account_id
    // Checked again: the caller's role may have changed since the link was made.
    await requireMembership(deps.db, user.id, accountId, 'canManageCredentials')
    const platform = requireConnect(deps)
    const token = await callStripe(deps.logger, 'oauth.token', () =>
      platform.stripe.oauth.token({ grant_type: 'authorization_code', code }),
    )
    if (!token.access_token || !token.stripe_user_id) {
      throw new HttpError(
        'EXTERNAL_SERVICE_ERROR',
        'Stripe did not return an access token. Please try again.',
      )
    }
    await storeCredentials(deps, accountId, {
      secretKey: token.access_token,
      publishableKey: token.stripe_publishable_key ?? '',
      stripeAccountId: token.stripe_user_id,
      connectedVia: 'oauth',
      refreshToken: token.refresh_token ?? null,
      livemode: token.livemode ?? false,
      testedOk: null,
    })
    deps.logger.info('stripe credentials saved', {
      accountId,
      stripeAccountId: token.stripe_user_id,
      via: 'oauth',
    })
    return ok(c, 'POST /api/stripe/oauth/callback', {
      account_id: accountId,
      connected: true,
      stripe_account_id: token.stripe_user_id,
    })
  })

  return app
}
