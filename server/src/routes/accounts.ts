import { createAccountSchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { HttpError } from '../http/http-error'
import { ok } from '../http/respond'
import { readBody } from '../http/validate'
import { createOwnedAccount } from '../services/accounts'

/**
 * `POST /api/accounts`: a new account owned by the caller, on the free tier, with the default
 * config (version 1) and reasons. `account_id` is optional (generated from the name); `tier`, if sent,
 * must be 'free' — an upgrade goes through billing, not through account creation.
 */
export function accountsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/accounts', requireUser(deps.verifier))
  app.all('/api/accounts', async (c) => {
    if (c.req.method !== 'POST') {
      c.header('Allow', 'POST')
      throw new HttpError(
        'OPERATION_NOT_ALLOWED',
        `${c.req.method} is not supported here`,
        undefined,
        undefined,
        405,
      )
    }
    const body = await readBody(c, createAccountSchema)
    if (body.tier !== undefined && body.tier !== 'free') {
      throw new HttpError('BUSINESS_RULE_VIOLATION', 'Plan changes go through billing', 'tier')
    }
    return ok(c, 'POST /api/accounts', await createOwnedAccount(deps, c.get('user'), body), 201)
  })
  return app
}
