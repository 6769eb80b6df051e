import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { accountIdSchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { ok } from '../http/respond'
import { parseWith } from '../http/validate'
import { requireMembership } from '../services/access'

/**
 * `GET /api/config/default/{id}`: the configuration and reasons a new account starts with —
 * what the editor's "reset to default" loads. The id is validated first (validation messages), then the
 * caller must be a member of that account.
 */
export function configDefaultRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/config/default/*', requireUser(deps.verifier))
  app.get('/api/config/default/:accountId', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['id'])
    await requireMembership(deps.db, c.get('user').id, accountId)
    return ok(c, 'GET /api/config/default/{accountId}', {
      config_json: createDefaultConfig(),
      reasons: createDefaultReasons(),
    })
  })
  return app
}
