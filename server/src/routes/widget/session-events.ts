import { sessionEventsSchema } from '@retainkit/shared/schemas'
import type { Handler } from 'hono'
import { sql } from 'kysely'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { readBody } from '../../http/validate'
import { enforceRateLimit } from '../../services/rate-limit'
import { IMPLAUSIBLE_TIME_MESSAGE, partitionByClientTime } from '../../services/widget/event-time'
import { applyEvents, checkEventShapes, type SessionState } from '../../services/widget/session-state'
import { loadSessionFor } from '../../services/widget/session-store'
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
 * (services/widget/session-state.ts) with the session row locked: an event the state does not allow
 * refuses the whole batch with 409 and nothing is stored; past the per-session cap, or too many calls
 * per session or token, 429. Stored events carry the server's time (created_at) and the client's
 * (client_at). reason_continue ends the session 'stayed', flow_abandoned and banner_dismissed
 * 'abandoned'; reason_selected sets the session's reason.
 * An event whose client time cannot be real is refused on its own (services/widget/event-time.ts):
 * the rest go through the state machine and the answer is 200 `{accepted, refused: [{index, field,
 * message}]}`.
 */
export function sessionEventsHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const { subscriber, account } = await authenticateWidgetCall(deps, c)
    const session = await loadSessionFor(deps.db, c.req.param('id') ?? '', subscriber)
    const { events } = await readBody(c, sessionEventsSchema)
    checkEventShapes(events, session.kind, new Set(account.payload.reasons.map((reason) => reason.key)))
    await enforceRateLimit(c, deps, `widget-events:${session.id}`, EVENT_CALLS_PER_SESSION_PER_MINUTE, 60)
    await enforceRateLimit(
      c,
      deps,
      `widget-events-token:${subscriber.tokenId}`,
      EVENT_CALLS_PER_TOKEN_PER_MINUTE,
      60,
    )

    const now = deps.clock.now()
    const { kept, refused } = partitionByClientTime(events, now)
    if (kept.length === 0) {
      throw new HttpError('VALIDATION_FAILED', IMPLAUSIBLE_TIME_MESSAGE, refused[0]?.field, refused)
    }
    await deps.db.transaction().execute(async (trx) => {
      // One read: the session row, locked, with the feedback it already holds (the state machine
      // refuses a second identical one).
      const current = await trx
        .selectFrom('cancel_sessions')
        .selectAll()
        .select(
          sql<(string | null)[] | null>`(select array_agg(e.text order by e.id) from session_events as e
            where e.session_id = cancel_sessions.id and e.step = 'feedback_submitted')`.as('feedback'),
        )
        .where('id', '=', session.id)
        .forUpdate()
        .executeTakeFirstOrThrow()
      const state: SessionState = {
        kind: current.kind,
        status: current.status,
        reasonKey: current.reason_key,
        eligibleOffers: current.eligible_offers,
        offersOnScreen: current.offers_on_screen,
        clientEvents: current.client_events,
        feedback: (current.feedback ?? []).map((text) => text?.trim() ?? ''),
      }
      const { next, closing } = applyEvents(state, kept)
      // One write: every event of the batch in one multi-row insert, and the session's new state, in
      // a single statement.
      await trx
        .with('stored', (db) =>
          db
            .insertInto('session_events')
            .values(
              kept.map((event) => ({
                account_id: current.account_id,
                session_id: current.id,
                step: event.step,
                reason_key: event.reasonKey ?? null,
                offer: event.offer ?? null,
                text: event.text ?? null,
                created_at: now,
                client_at: event.at ? new Date(event.at) : null,
              })),
            )
            .returning('id'),
        )
        .updateTable('cancel_sessions')
        .set({
          reason_key: next.reasonKey,
          offers_on_screen: JSON.stringify(next.offersOnScreen),
          client_events: next.clientEvents,
          updated_at: now,
          ...(closing ? { status: closing, completed_at: now } : {}),
        })
        .where('id', '=', current.id)
        .execute()
    })
    if (refused.length > 0) {
      // Some of the batch was stored: say which events were not, so the widget does not resend them.
      return c.json({ accepted: kept.length, refused }, 200, { 'Cache-Control': 'no-store' })
    }
    return c.body(null, 204, { 'Cache-Control': 'no-store' })
  }
}
