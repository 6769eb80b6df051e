import { sessionEventsSchema } from '@retainkit/shared/schemas'
import type { SessionEventInput } from '@retainkit/shared/widget-api'
import type { Handler } from 'hono'
import type { z } from 'zod'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { readBody } from '../../http/validate'
import { noteEventsCall } from '../../services/feedback/nudge'
import { hitOverLimit, planHit } from '../../services/rate-limit'
import {
  guessedSession,
  ingestEvents,
  type KnownSession,
  readOwnedSession,
  rememberedSession,
} from '../../services/widget/event-ingest'
import { IMPLAUSIBLE_TIME_MESSAGE, partitionByClientTime } from '../../services/widget/event-time'
import { BANNER_STEPS, checkEventShapes } from '../../services/widget/session-state'
import { authenticateWidgetCall, type WidgetCaller } from './auth'
import { allowOrigin, type WidgetEnv } from './cors'
import { type EventsOutcome, takeFastPathRun } from './session-events-handover'

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
 * statement for the rate-limit hits and the write together; a read of the session first only for a
 * batch with offer events on a session this process did not write last, and after a statement that
 * found the session other than assumed (services/widget/event-ingest.ts).
 */
export function sessionEventsHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    // A call the fast path (events-fast-path.ts) already ran and did not end in a plain 204: its caller
    // and its outcome, answered here as this route answers it (CORS for the same origin as checked there).
    const ran = takeFastPathRun(c)
    let outcome: EventsOutcome
    if (ran) {
      allowOrigin(c, ran.caller.account.domain, ran.caller.subscriber.mode === 'test')
      outcome = ran.outcome
    } else {
      const caller = await authenticateWidgetCall(deps, c)
      outcome = await eventsCall(deps, caller, c.req.param('id') ?? '', () =>
        readBody(c, sessionEventsSchema),
      )
    }
    if (outcome.retryAfter !== undefined) c.header('Retry-After', outcome.retryAfter)
    if ('error' in outcome) throw outcome.error
    if (outcome.refused.length > 0) {
      // Some of the batch was stored: say which events were not, so the widget does not resend them.
      return c.json({ accepted: outcome.accepted, refused: outcome.refused }, 200, {
        'Cache-Control': 'no-store',
      })
    }
    return c.body(null, 204, { 'Cache-Control': 'no-store' })
  }
}

/** The body as the route reads it. */
export type EventsRequest = z.output<typeof sessionEventsSchema>

/**
 * The call after authentication: read and check the batch, store it, settle the rate limits. Never
 * throws: the Hono route answers an error outcome by throwing it, and the fast path hands such a call to
 * the route with its outcome, so both answer it through the same error handler.
 */
export async function eventsCall(
  deps: AppDeps,
  { subscriber, account }: WidgetCaller,
  sessionId: string,
  readRequest: () => Promise<EventsRequest>,
): Promise<EventsOutcome> {
  try {
    const reasonKeys = new Set(account.payload.reasons.map((reason) => reason.key))
    const remembered = rememberedSession(deps.db, sessionId, subscriber)
    // A session this process does not remember is not looked up before the batch is read: when the
    // batch is refused, the session is, so that an unknown session or another customer's still answers
    // 404, 401 or 403 first, and the batch's shapes are checked for the session's real kind.
    let read: KnownSession | null = null
    const readIt = async () => {
      read ??= await readOwnedSession(deps.db, sessionId, subscriber)
      return read
    }
    const { events } = await confirmedFirst(remembered, readIt, readRequest)
    const kind = remembered?.state.kind ?? batchKind(events)
    const checkShapes = (session: KnownSession) => checkEventShapes(events, session.state.kind, reasonKeys)
    await confirmedFirst(
      remembered,
      async () => checkShapes(await readIt()),
      () => checkEventShapes(events, kind, reasonKeys),
    )
    const hits = [
      planHit(deps, `widget-events:${sessionId}`, EVENT_CALLS_PER_SESSION_PER_MINUTE, 60),
      planHit(deps, `widget-events-token:${subscriber.tokenId}`, EVENT_CALLS_PER_TOKEN_PER_MINUTE, 60),
    ]
    const now = deps.clock.now()
    const { kept, refused } = partitionByClientTime(events, now)
    // What the batch is judged on first: the session as this process left it, or as every session
    // starts (its one statement then also checks that the session is the caller's and of that kind),
    // else (a batch with offer events, whose verdict needs the session's eligible offers) as read.
    let basis = remembered ?? guessedSession(sessionId, subscriber, kind, kept)
    if (!basis) {
      basis = await readIt()
      checkShapes(basis)
    }
    const { counts, refusal } = await ingestEvents(deps.db, subscriber, basis, kept, hits, now, checkShapes)
    const over = hitOverLimit(deps, hits, counts)
    if (over) {
      return { error: new HttpError('RATE_LIMIT_EXCEEDED'), retryAfter: String(over.retryAfterSeconds) }
    }
    if (kept.length === 0) {
      throw new HttpError('VALIDATION_FAILED', IMPLAUSIBLE_TIME_MESSAGE, refused[0]?.field, refused)
    }
    if (refusal) throw refusal
    // A write-in was stored (queued by the database): this process scores it once calls quieten down.
    noteEventsCall(
      deps.db,
      kept.some((event) => event.step === 'feedback_submitted'),
    )
    return { accepted: kept.length, refused }
  } catch (error) {
    return { error }
  }
}

/**
 * Runs `work`; when it fails for a session not checked against the database yet, `confirm` runs first
 * and its own failure (no such session, another owner's, a batch wrong for the real kind) is the answer.
 */
async function confirmedFirst<T>(
  remembered: KnownSession | null,
  confirm: () => Promise<unknown>,
  work: () => T | Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!remembered) await confirm()
    throw error
  }
}

/** The kind of session a batch is for, as the widget sends it: banner steps, or the cancel flow's. */
function batchKind(events: readonly SessionEventInput[]): 'cancel' | 'reactivation' {
  return events.some((event) => BANNER_STEPS.has(event.step)) ? 'reactivation' : 'cancel'
}
