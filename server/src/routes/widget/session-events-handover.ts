import type { IncomingMessage } from 'node:http'
import { incomingOf } from '../../http/node-request'
import type { RefusedEvent } from '../../services/widget/event-time'
import type { WidgetCaller } from './auth'
import type { WidgetContext } from './cors'

/**
 * What an events call came to, once its caller is known: stored (`accepted` events, `refused` ones by
 * their client time: 204 when none is), or an error to answer with (429s with their Retry-After).
 */
export type EventsOutcome =
  | { accepted: number; refused: RefusedEvent[]; retryAfter?: undefined }
  | { error: unknown; retryAfter?: string }

/**
 * An events call the fast path (events-fast-path.ts) ran to its end but does not answer itself (an
 * error, a partly refused batch): its verified caller and its outcome, kept with the request for the
 * Hono route, which answers it as it answers its own calls (same middleware, same error handler). The
 * body has been read by then: the route must not run the call again.
 */
export interface FastPathRun {
  caller: WidgetCaller
  outcome: EventsOutcome
}

const runs = new WeakMap<IncomingMessage, FastPathRun>()

export function handOverRun(req: IncomingMessage, run: FastPathRun): void {
  runs.set(req, run)
}

/** The run the fast path left with this request, taken once (none in process, where there is no socket). */
export function takeFastPathRun(c: WidgetContext): FastPathRun | undefined {
  const incoming = incomingOf(c)
  if (!incoming) return undefined
  const run = runs.get(incoming)
  if (run) runs.delete(incoming)
  return run
}
