import { accountIdSchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../../deps'
import type { AppEnv } from '../../http/app-env'
import { answer } from '../../http/respond'
import { parseWith } from '../../http/validate'
import { receiveConnectEvent } from '../../services/merchant-events/connect'
import { markDeliveryFailed } from '../../services/merchant-events/delivery-health'
import { receiveMerchantEvent } from '../../services/merchant-events/receive'

/**
 * `POST /api/stripe/webhooks/{accountId}`: the merchant's own Stripe events, from the endpoint Retainkit
 * registered on their account, and `POST /api/stripe/connect/webhook`: the events of OAuth-connected
 * accounts, through the platform's Connect endpoint. No API key or user: Stripe's signature (with that
 * endpoint's secret) is the credential. Mounted ahead of the signed-in `/api/stripe/*` routes.
 */
export function stripeEventRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.post('/api/stripe/webhooks/:accountId', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['accountId'])
    const outcome = await receiveMerchantEvent(
      deps,
      accountId,
      await c.req.text(),
      c.req.header('stripe-signature'),
    ).catch(async (error: unknown) => {
      // The rows this event would have updated may now be stale: the banner reads Stripe until a reconcile.
      await markDeliveryFailed(deps, accountId).catch(() => undefined)
      throw error
    })
    c.header('Cache-Control', 'no-store')
    return answer(c, 'POST /api/stripe/webhooks/{accountId}', { received: true, result: outcome.result })
  })
  // Accounts connected by OAuth: the platform's Connect endpoint, each event naming its account.
  app.post('/api/stripe/connect/webhook', async (c) => {
    const outcome = await receiveConnectEvent(deps, await c.req.text(), c.req.header('stripe-signature'))
    c.header('Cache-Control', 'no-store')
    return answer(c, 'POST /api/stripe/connect/webhook', { received: true, result: outcome.result })
  })
  return app
}
