import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { catalogRoutes } from './stripe/catalog'
import { connectionRoutes } from './stripe/connection'
import { pastCancellationRoutes } from './stripe/past-cancellations'

/**
 * `/api/stripe/*`: every call needs the API key (app-wide) and a signed-in user; each route
 * then checks membership and capability for the account it names.
 */
export function stripeRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/stripe/*', requireUser(deps.verifier))
  app.route('/', catalogRoutes(deps))
  app.route('/', connectionRoutes(deps))
  app.route('/', pastCancellationRoutes(deps))
  return app
}
