import { sessionEventsSchema } from '@retainkit/shared/schemas'
import type { SessionStep } from '@retainkit/shared/vocabulary'
import type { Handler } from 'hono'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { readBody } from '../../http/validate'
import { IMPLAUSIBLE_TIME_MESSAGE, partitionByClientTime } from '../../services/widget/event-time'
import { loadSessionFor } from '../../services/widget/session-store'
import { authenticateWidgetCall } from './auth'
import type { WidgetEnv } from './cors'

/**
 * Steps only the server records, when the action behind them really happened (a session created, an
 * offer applied, a cancellation scheduled, a banner served or accepted): a client claiming them would
 * skew analytics.
 */
export const SERVER_STEPS: ReadonlySet<SessionStep> = new Set([
  'session_started',
  'offer_accepted',
  'cancel_completed',
  'banner_shown',
  'banner_accepted',
])
const BANNER_STEPS: ReadonlySet<SessionStep> = new Set([
  'banner_shown',
  'banner_accepted',
  'banner_dismissed',
])

/** Steps that end an open session without a billing action. */
const CLOSING: Partial<Record<SessionStep, 'stayed' | 'abandoned'>> = {
  reason_continue: 'stayed',
  flow_abandoned: 'abandoned',
}

const refuse = (message: string, field: string) => new HttpError('INVALID_INPUT', message, field)

/**
 * `POST /api/widget/sessions/:id/events` (token of the session's account and customer; body
 * SessionEventsRequest, 1–50 events) → 204. Events are inserted in one statement with the server's
 * time (created_at) and the client's (client_at). reason_continue marks an open session 'stayed',
 * flow_abandoned 'abandoned'; reason_selected sets the session's reason; text only with
 * feedback_submitted; banner steps only on reactivation sessions, flow steps only on cancel sessions.
 * An event whose client time cannot be real is refused on its own (services/widget/event-time.ts):
 * the rest are stored and the answer is 200 `{accepted, refused: [{index, field, message}]}`.
 */
export function sessionEventsHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const { subscriber } = await authenticateWidgetCall(deps, c)
    const session = await loadSessionFor(deps.db, c.req.param('id') ?? '', subscriber)
    const { events } = await readBody(c, sessionEventsSchema)
    events.forEach((event, i) => {
      if (SERVER_STEPS.has(event.step)) {
        throw refuse(`${event.step} is recorded by the server, not sent by the widget`, `events.${i}.step`)
      }
      if (BANNER_STEPS.has(event.step) !== (session.kind === 'reactivation')) {
        throw refuse(`${event.step} does not belong to a ${session.kind} session`, `events.${i}.step`)
      }
      if (event.text !== undefined && event.step !== 'feedback_submitted') {
        throw refuse('Text is only accepted with feedback_submitted', `events.${i}.text`)
      }
      if (event.step === 'reason_selected' && event.reasonKey === undefined) {
        throw refuse('reason_selected needs a reasonKey', `events.${i}.reasonKey`)
      }
    })

    const now = deps.clock.now()
    const { kept, refused } = partitionByClientTime(events, now)
    if (kept.length === 0) {
      throw new HttpError('VALIDATION_FAILED', IMPLAUSIBLE_TIME_MESSAGE, refused[0]?.field, refused)
    }
    let closing: 'stayed' | 'abandoned' | undefined
    let reasonKey: string | undefined
    for (const event of kept) {
      closing = CLOSING[event.step] ?? closing
      if (event.step === 'reason_selected') reasonKey = event.reasonKey
    }
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('session_events')
        .values(
          kept.map((event) => ({
            account_id: session.account_id,
            session_id: session.id,
            step: event.step,
            reason_key: event.reasonKey ?? null,
            offer: event.offer ?? null,
            text: event.text ?? null,
            created_at: now,
            client_at: event.at ? new Date(event.at) : null,
          })),
        )
        .execute()
      if (reasonKey !== undefined) {
        await trx
          .updateTable('cancel_sessions')
          .set({ reason_key: reasonKey, updated_at: now })
          .where('id', '=', session.id)
          .execute()
      }
      if (closing) {
        await trx
          .updateTable('cancel_sessions')
          .set({ status: closing, updated_at: now, completed_at: now })
          .where('id', '=', session.id)
          .where('status', '=', 'open')
          .execute()
      }
    })
    if (refused.length > 0) {
      // Some of the batch was stored: say which events were not, so the widget does not resend them.
      return c.json({ accepted: kept.length, refused }, 200, { 'Cache-Control': 'no-store' })
    }
    return c.body(null, 204, { 'Cache-Control': 'no-store' })
  }
}
