import { type SessionEventInput, WIDGET_EVENTS_MAX_BATCH } from '@retainkit/shared/widget-api'
import type { Host } from '../host/types'

/** Events wait this long for company before they are sent: a walk through the flow is a few requests. */
export const EVENT_FLUSH_DELAY_MS = 1000
/** How long a batch the server was too busy for (503) waits before its one retry. */
export const EVENT_RETRY_DELAY_MS = 1000

export interface EventQueue {
  push(event: SessionEventInput): void
  /**
   * Sends everything queued now; `keepalive` when the page is going away. Settles once every batch sent
   * so far has been answered (or failed).
   */
  flush(keepalive?: boolean): Promise<unknown>
}

type Send = (events: SessionEventInput[], keepalive: boolean) => Promise<unknown>

/**
 * Batches session events (at most WIDGET_EVENTS_MAX_BATCH per request). Analytics are best effort: a
 * failed batch is retried once when the server was only too busy, never forever, and never surfaces
 * to the subscriber.
 */
export function createEventQueue(host: Host, send: Send): EventQueue {
  const { window } = host
  const queue: SessionEventInput[] = []
  let timer: number | undefined
  let sent: Promise<unknown> = Promise.resolve()

  /**
   * A server too busy for the batch (503: nothing of it was stored) gets it once more after a pause:
   * those are the session's analytics. Anything else, or a second failure, drops it. (A 429 is not
   * retried: the limits count per minute, so a second try a moment later would only be refused again.)
   */
  const deliver = (batch: SessionEventInput[], keepalive: boolean, again?: boolean): Promise<unknown> =>
    send(batch, keepalive).catch(
      (error) =>
        again ||
        error?.status !== 503 ||
        new Promise((resume) => window.setTimeout(resume, EVENT_RETRY_DELAY_MS)).then(() =>
          deliver(batch, keepalive, true),
        ),
    )

  const flush = (keepalive = false) => {
    window.clearTimeout(timer)
    timer = undefined
    while (queue.length)
      sent = Promise.all([sent, deliver(queue.splice(0, WIDGET_EVENTS_MAX_BATCH), keepalive)])
    return sent
  }

  return {
    push(event) {
      queue.push({ ...event, at: new Date().toISOString() })
      if (queue.length >= WIDGET_EVENTS_MAX_BATCH) flush()
      else timer ??= window.setTimeout(flush, EVENT_FLUSH_DELAY_MS)
    },
    flush,
  }
}
