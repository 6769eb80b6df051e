import { Hono } from 'hono'
import type { AppDeps } from '../../deps'
import { type WidgetEnv, widgetCors } from './cors'
import { reactivationAcceptHandler, reactivationHandler } from './reactivation'
import { routeHandler } from './route'
import { sessionAcceptHandler } from './session-accept'
import { sessionAfterCancelHandler } from './session-after-cancel'
import { sessionCancelHandler } from './session-cancel'
import { sessionEventsHandler } from './session-events'
import { sessionStatutoryHandler } from './session-statutory'
import { sessionStartHandler } from './sessions'
import { widgetVersioning } from './versions/middleware'

export { widgetConfigRoutes } from './config'

/**
 * The widget's own API, public: no API key, no cookies, CORS per account. Its answers are
 * the bare contract types of shared/widget-api.ts (not wrapped in `{data}`: the widget is its only
 * client and the contract is typed once); errors keep the product-wide `{error: {code, message}}`.
 * Every call but the config read carries the subscriber token (`Authorization: Bearer`). The config
 * read itself is `widgetConfigRoutes` (config.ts), mounted by app.ts ahead of the global middleware;
 * preflights for it are answered here, by the CORS middleware.
 */
export function widgetRoutes(deps: AppDeps) {
  const app = new Hono<WidgetEnv>()
  app.use('/api/widget/*', widgetCors(deps))
  // After CORS, so that a refused version's answer is readable by the widget that asked.
  app.use('/api/widget/*', widgetVersioning(deps))
  app.post('/api/widget/route', routeHandler(deps))
  app.post('/api/widget/sessions', sessionStartHandler(deps))
  app.post('/api/widget/sessions/:id/events', sessionEventsHandler(deps))
  app.post('/api/widget/sessions/:id/accept', sessionAcceptHandler(deps))
  app.post('/api/widget/sessions/:id/cancel', sessionCancelHandler(deps))
  app.post('/api/widget/sessions/:id/statutory', sessionStatutoryHandler(deps))
  app.post('/api/widget/sessions/:id/after-cancel', sessionAfterCancelHandler(deps))
  app.post('/api/widget/reactivation', reactivationHandler(deps))
  app.post('/api/widget/reactivation/accept', reactivationAcceptHandler(deps))
  return app
}
