import { sessionEventsSchema } from '@retainkit/shared/schemas'
import type { Handler } from 'hono'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { readBody } from '../../http/validate'
import { planHit, settleHits } from '../../services/rate-limit'
import { findSession, ingestEvents } from '../../services/widget/event-ingest'
import { IMPLAUSIBLE_TIME_MESSAGE, partitionByClientTime } from '../../services/widget/event-time'
import { checkEventShapes } from '../../services/widget/session-state'
import { authenticateWidgetCall } from './auth'
import type { WidgetEnv } from './cors'

export { SERVER_STEPS } from '../../services/widget/session-state'

/** Events calls per session per minute: the widget batches, so a real flow makes a handful. */
export const EVENT_CALLS_PER_SESSION_PER_MINUTE = 30
/** Events calls per subscriber token per minute, across its sessions. */
export const EVENT_CALLS_PER_TOKEN_PER_MINUTE = 60

/**
 * `POST /api/widget/sessions/:id/events` (token of the session's account and customer; body
 * SessionEventsRequest, 1–50 events) → 204. The batch goes through the session's state machine
 * (services/widget/session-state.ts): an event the state does not allow refuses the whole batch with
 * 409 and nothing is stored; past the per-session cap, or too many calls per session or token, 429.
 * Stored events carry the server's time (created_at) and the client's (client_at). reason_continue ends
 * the session 'stayed', flow_abandoned and banner_dismissed 'abandoned'; reason_selected sets the
 * session's reason.
 * An event whose client time cannot be real is refused on its own (services/widget/event-time.ts):
 * the rest go through the state machine and the answer is 200 `{accepted, refused: [{index, field,
 * message}]}`.
 *
 * Round trips: none for the token and the account (cached with the published config), then usually one
 * statement for the rate-limit hits and the write together, preceded by a read of the session only when
 * this process did not write it last (services/widget/event-ingest.ts).
 */
export function sessionEventsHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const { subscriber, account } = await authenticateWidgetCall(deps, c)
    const session = await findSession(deps.db, c.req.param('id') ?? '', subscriber)
    const { events } = await readBody(c, sessionEventsSchema)
    checkEventShapes(events, session.state.kind, new Set(account.payload.reasons.map((reason) => reason.key)))
    const hits = [
      planHit(deps, `widget-events:${session.id}`, EVENT_CALLS_PER_SESSION_PER_MINUTE, 60),
      planHit(deps, `widget-events-token:${subscriber.tokenId}`, EVENT_CALLS_PER_TOKEN_PER_MINUTE, 60),
    ]
    const now = deps.clock.now()
    const { kept, refused } = partitionByClientTime(events, now)
    const { counts, refusal } = await ingestEvents(deps.db, session, kept, hits, now)
    settleHits(c, deps, hits, counts)
    if (kept.length === 0) {
      throw new HttpError('VALIDATION_FAILED', IMPLAUSIBLE_TIME_MESSAGE, refused[0]?.field, refused)
    }
    if (refusal) throw refusal
    if (refused.length > 0) {
      // Some of the batch was stored: say which events were not, so the widget does not resend them.
      return c.json({ accepted: kept.length, refused }, 200, { 'Cache-Control': 'no-store' })
    }
    return c.body(null, 204, { 'Cache-Control': 'no-store' })
  }
}
