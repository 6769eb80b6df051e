import type { SessionEventInput, SessionEventsPartialResponse } from '@retainkit/shared/widget-api'

/**
 * The widget stamps each event with the subscriber's clock (`at`). It is kept for analysis, never
 * trusted for counting (the server records its own time), but one that cannot be real — before the
 * product existed, or days ahead of our clock — is a broken or forged client: that event is refused on
 * its own, and the rest of its batch is stored.
 */
export const EARLIEST_CLIENT_TIME = Date.UTC(2000, 0, 1)
/** Clocks drift and time zones get misconfigured; a week ahead is already not a real clock. */
export const MAX_CLIENT_CLOCK_AHEAD_MS = 7 * 24 * 60 * 60 * 1000
export const IMPLAUSIBLE_TIME_MESSAGE = 'Event time is not a plausible time'

export type RefusedEvent = SessionEventsPartialResponse['refused'][number]

export function isPlausibleClientTime(at: string, now: Date): boolean {
  const time = Date.parse(at)
  return (
    Number.isFinite(time) && time >= EARLIEST_CLIENT_TIME && time <= now.getTime() + MAX_CLIENT_CLOCK_AHEAD_MS
  )
}

/** Splits a batch into the events to store and those refused for their time, by batch index. */
export function partitionByClientTime<E extends Pick<SessionEventInput, 'at'>>(
  events: readonly E[],
  now: Date,
): { kept: E[]; refused: RefusedEvent[] } {
  const kept: E[] = []
  const refused: RefusedEvent[] = []
  events.forEach((event, index) => {
    if (event.at === undefined || isPlausibleClientTime(event.at, now)) kept.push(event)
    else refused.push({ index, field: `events.${index}.at`, message: IMPLAUSIBLE_TIME_MESSAGE })
  })
  return { kept, refused }
}
