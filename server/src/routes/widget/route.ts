import { routeRequestSchema } from '@retainkit/shared/schemas'
import type { Handler } from 'hono'
import type { AppDeps } from '../../deps'
import { answer } from '../../http/respond'
import { readBody } from '../../http/validate'
import { enforceRateLimit } from '../../services/rate-limit'
import { planSession } from '../../services/widget/session-plan'
import { authenticateWidgetCall } from './auth'
import { noStore } from './body'
import type { WidgetEnv } from './cors'
import { assertMerchantHandles } from './session-action'
import { routedParts } from './sessions'

/** Route answers one subscriber token may ask for (a page view asks once). */
export const ROUTES_PER_TOKEN = 20

/**
 * `POST /api/widget/route` (subscriber token; body `{locale, languages, merchantHandlesOffers}`) →
 * RouteResponse: what a cancel session of this subscriber would show — the flow a segment or an
 * experiment arm gives them, its plan and words, the jurisdiction mode and the chunk it draws with —
 * decided exactly as the session start decides it (services/widget/session-plan.ts), without starting
 * a session, counting one or recording anything but an experiment arm's assignment (which is per
 * customer and kept anyway). The widget asks when its bundle was prefetched with a token already in
 * the page, so the click draws the subscriber's own flow at once on any network (issue 34).
 */
export function routeHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const { subscriber, account } = await authenticateWidgetCall(deps, c)
    const body = await readBody(c, routeRequestSchema)
    noStore(c)
    if (body.merchantHandlesOffers) assertMerchantHandles(subscriber, 'offers')
    await enforceRateLimit(c, deps, `widget-route-token:${subscriber.tokenId}`, ROUTES_PER_TOKEN, 3600)
    const planned = await planSession(deps, { subscriber, account, body, now: deps.clock.now() })
    return answer(c, 'POST /api/widget/route', routedParts(planned, account))
  }
}
