import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { authRoutes } from './auth/routes'
import type { AppDeps } from './deps'
import type { AppEnv } from './http/app-env'
import { MAX_BODY_BYTES } from './http/body-size'
import { handleError } from './http/error-handler'
import { requireApiKey } from './http/guards'
import { HttpError } from './http/http-error'
import { nodeBodyLimit, requestHeader } from './http/node-request'
import { type AddedHeader, confirmResponseHeaders, prepareResponseHeaders } from './http/response-headers'
import { urlHygiene } from './http/url-hygiene'
import { httpMetrics } from './observability/http-metrics'
import { accountRoutes } from './routes/account'
import { accountsRoutes } from './routes/accounts'
import { adminRoutes } from './routes/admin'
import { analyticsRoutes } from './routes/analytics'
import { analyticsExportRoutes } from './routes/analytics-export'
import { analyticsQuotesRoutes } from './routes/analytics-quotes'
import { billingRoutes } from './routes/billing'
import { configDefaultRoutes } from './routes/config-default'
import { contactRoutes } from './routes/contact'
import { evidenceRoutes } from './routes/evidence'
import { healthRoutes } from './routes/health'
import { metricsRoutes } from './routes/metrics'
import { openapiRoutes } from './routes/openapi'
import { probeRoutes } from './routes/probes'
import { recoveryRoutes } from './routes/recovery'
import { recoveryPageRoutes } from './routes/recovery-page'
import { runtimeConfigRoutes } from './routes/runtime-config'
import { sessionRoutes } from './routes/session'
import { sessionLogRoutes } from './routes/sessions'
import { staticSiteRoutes } from './routes/static-site'
import { stripeRoutes } from './routes/stripe'
import { stripeEventRoutes } from './routes/stripe/events'
import { webhookRoutes } from './routes/webhooks'
import { widgetConfigRoutes, widgetRoutes } from './routes/widget'

const FRAME_OPTIONS: AddedHeader = ['X-Frame-Options', 'SAMEORIGIN']

export { MAX_BODY_BYTES }

/**
 * Paths under /api that take no API key: the widget's own API, the OpenAPI document and
 * Stripe's webhooks, the platform's and each merchant's (their signature is their credential) and the operator's admin endpoint (its
 * own token, loopback only).
 */
const API_KEY_EXEMPT =
  /^\/api\/(?:widget\/|openapi\.json$|billing\/webhook$|stripe\/webhooks\/[^/]+$|stripe\/connect\/webhook$|admin\/)/

/**
 * Builds the whole HTTP app from injected dependencies. `index.ts` only reads configuration and
 * listens; tests call `createApp(deps).request()` in process.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const apiKeyGuard = requireApiKey(deps.apiKey)

  app.onError((error, c) => handleError(error, c, deps.logger))
  if (deps.config.observability.metrics) app.use('*', httpMetrics())
  // The widget's config read serves every page view of every merchant's site (a performance budget): it is
  // mounted ahead of the middleware below and sets its own headers (routes/widget/config.ts).
  app.route('/', widgetConfigRoutes(deps))
  app.use('*', urlHygiene())
  app.use('*', async (c, next) => {
    const requestId = requestHeader(c, 'x-request-id')?.slice(0, 64) ?? randomUUID()
    c.set('requestId', requestId)
    const path = c.req.path
    const added: AddedHeader[] = [
      ['X-Request-Id', requestId],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      ['X-Content-Type-Options', 'nosniff'],
      ...(path.startsWith('/w/') || path.startsWith('/api/widget/') ? [] : [FRAME_OPTIONS]),
    ]
    prepareResponseHeaders(c, added)
    await next()
    confirmResponseHeaders(c, added)
  })
  app.use('*', compress())
  const limit = nodeBodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => {
      // The rest of the body is never read, so this connection cannot carry another request: say so,
      // or a keep-alive client sends its next request into a socket about to close.
      c.header('Connection', 'close')
      throw new HttpError('INVALID_INPUT', 'Request body is too large', undefined, undefined, 413)
    },
  })
  app.use('/api/*', limit)
  app.use('/auth/v1/*', limit)
  app.use('/api/*', (c, next) => (API_KEY_EXEMPT.test(c.req.path) ? next() : apiKeyGuard(c, next)))

  app.route('/', healthRoutes(deps))
  app.route('/', probeRoutes(deps))
  app.route('/', metricsRoutes(deps))
  app.route('/', runtimeConfigRoutes(deps))
  app.route('/', authRoutes(deps))
  app.route('/', sessionRoutes(deps))
  app.route('/', accountRoutes(deps))
  app.route('/', accountsRoutes(deps))
  app.route('/', configDefaultRoutes(deps))
  app.route('/', analyticsRoutes(deps))
  app.route('/', analyticsExportRoutes(deps))
  app.route('/', evidenceRoutes(deps))
  app.route('/', analyticsQuotesRoutes(deps))
  // Before stripeRoutes: its signed-in guard covers /api/stripe/* and Stripe signs in by signature.
  app.route('/', stripeEventRoutes(deps))
  app.route('/', stripeRoutes(deps))
  app.route('/', billingRoutes(deps))
  app.route('/', webhookRoutes(deps))
  app.route('/', sessionLogRoutes(deps))
  app.route('/', recoveryRoutes(deps))
  app.route('/', adminRoutes(deps))
  app.route('/', contactRoutes(deps))
  app.route('/', widgetRoutes(deps))
  app.route('/', openapiRoutes(deps))
  app.route('/', recoveryPageRoutes(deps))
  app.route('/', staticSiteRoutes(deps))
  return app
}
