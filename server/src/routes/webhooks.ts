import {
  accountIdSchema,
  webhookEndpointCreateSchema,
  webhookTestEventSchema,
} from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { ok } from '../http/respond'
import { parseWith, readBody } from '../http/validate'
import { requireMembership } from '../services/access'
import {
  createEndpoint,
  deleteEndpoint,
  deliveryLog,
  listEndpoints,
  replayDelivery,
} from '../services/webhooks-out/endpoints'
import { sendTestEvent } from '../services/webhooks-out/test-event'

/**
 * `/api/webhooks/{accountId}…` (Settings → Webhooks): the account's endpoints, the delivery log and
 * replays. Reading needs the config view; changing anything needs the right to manage credentials
 * (an endpoint receives subscriber data).
 */
export function webhookRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/webhooks/*', requireUser(deps.verifier))
  const account = (value: string | undefined) => parseWith(accountIdSchema, value, ['accountId'])

  app.get('/api/webhooks/:accountId', async (c) => {
    const accountId = account(c.req.param('accountId'))
    await requireMembership(deps.db, c.get('user').id, accountId, 'canViewConfig')
    return ok(c, 'GET /api/webhooks/{accountId}', await listEndpoints(deps, accountId))
  })

  app.post('/api/webhooks/:accountId', async (c) => {
    const accountId = account(c.req.param('accountId'))
    await requireMembership(deps.db, c.get('user').id, accountId, 'canManageCredentials')
    const body = await readBody(c, webhookEndpointCreateSchema)
    return ok(c, 'POST /api/webhooks/{accountId}', await createEndpoint(deps, accountId, body), 201)
  })

  app.delete('/api/webhooks/:accountId/endpoints/:endpointId', async (c) => {
    const accountId = account(c.req.param('accountId'))
    await requireMembership(deps.db, c.get('user').id, accountId, 'canManageCredentials')
    await deleteEndpoint(deps, accountId, c.req.param('endpointId'))
    return ok(c, 'DELETE /api/webhooks/{accountId}/endpoints/{endpointId}', { deleted: true })
  })

  app.post('/api/webhooks/:accountId/endpoints/:endpointId/test', async (c) => {
    const accountId = account(c.req.param('accountId'))
    await requireMembership(deps.db, c.get('user').id, accountId, 'canManageCredentials')
    const { type } = await readBody(c, webhookTestEventSchema)
    const queued = await sendTestEvent(deps, accountId, c.req.param('endpointId'), type)
    return ok(c, 'POST /api/webhooks/{accountId}/endpoints/{endpointId}/test', queued, 201)
  })

  app.get('/api/webhooks/:accountId/deliveries', async (c) => {
    const accountId = account(c.req.param('accountId'))
    await requireMembership(deps.db, c.get('user').id, accountId, 'canViewConfig')
    c.header('Cache-Control', 'no-store')
    return ok(
      c,
      'GET /api/webhooks/{accountId}/deliveries',
      await deliveryLog(deps, accountId, c.req.query('endpoint_id') || undefined),
    )
  })

  app.post('/api/webhooks/:accountId/deliveries/:deliveryId/replay', async (c) => {
    const accountId = account(c.req.param('accountId'))
    await requireMembership(deps.db, c.get('user').id, accountId, 'canManageCredentials')
    await replayDelivery(deps, accountId, c.req.param('deliveryId'))
    return ok(c, 'POST /api/webhooks/{accountId}/deliveries/{deliveryId}/replay', { replayed: true })
  })
  return app
}
