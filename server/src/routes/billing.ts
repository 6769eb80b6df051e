import { accountIdSchema, billingCheckoutSchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { answer, ok } from '../http/respond'
import { parseWith, readBody } from '../http/validate'
import { requireMembership } from '../services/access'
import { openPortal, startCheckout } from '../services/billing/checkout'
import { billingStatus } from '../services/billing/status'
import { receiveBillingWebhook } from '../services/billing/webhooks'
import { enforceRateLimit } from '../services/rate-limit'

/** Checkout and portal sessions an account may ask for per minute (each one is a Stripe call). */
const BILLING_SESSIONS_PER_MINUTE = 10

/**
 * `/api/billing/*`: the account's plan on the platform's own Stripe account.
 * - `GET status/{accountId}` (any member): tier and why, trial, subscription, this month's usage.
 * - `POST checkout/{accountId}` `{interval}` (owners): a Stripe Checkout page for Pro.
 * - `POST portal/{accountId}` (owners): a Stripe Billing Portal page (cancel, card, invoices).
 * - `POST webhook`: Stripe's signed events; no API key or user (the signature is the credential).
 */
export function billingRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const user = requireUser(deps.verifier)
  app.use('/api/billing/status/*', user)
  app.use('/api/billing/checkout/*', user)
  app.use('/api/billing/portal/*', user)

  app.get('/api/billing/status/:accountId', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['accountId'])
    await requireMembership(deps.db, c.get('user').id, accountId, 'canViewConfig')
    return ok(c, 'GET /api/billing/status/{accountId}', await billingStatus(deps, accountId))
  })

  app.post('/api/billing/checkout/:accountId', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['accountId'])
    const body = await readBody(c, billingCheckoutSchema)
    const caller = c.get('user')
    await requireMembership(deps.db, caller.id, accountId, 'canManageBilling')
    await enforceRateLimit(c, deps, `billing-session:${accountId}`, BILLING_SESSIONS_PER_MINUTE, 60)
    return ok(
      c,
      'POST /api/billing/checkout/{accountId}',
      await startCheckout(deps, accountId, { email: caller.email }, body.interval),
      201,
    )
  })

  app.post('/api/billing/portal/:accountId', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['accountId'])
    await requireMembership(deps.db, c.get('user').id, accountId, 'canManageBilling')
    await enforceRateLimit(c, deps, `billing-session:${accountId}`, BILLING_SESSIONS_PER_MINUTE, 60)
    return ok(c, 'POST /api/billing/portal/{accountId}', await openPortal(deps, accountId), 201)
  })

  app.post('/api/billing/webhook', async (c) => {
    const outcome = await receiveBillingWebhook(deps, await c.req.text(), c.req.header('stripe-signature'))
    c.header('Cache-Control', 'no-store')
    return answer(c, 'POST /api/billing/webhook', { received: true, result: outcome.result })
  })
  return app
}
