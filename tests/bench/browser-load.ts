/**
 * What a real browser and a real widget send, for the benchmarks that load the widget's routes: the
 * headers Chrome puts on a cross-origin call from a merchant's page, and the events a widget reports
 * as a subscriber walks through the cancel flow (reason, write-in, offers shown and declined, …), in the
 * order the widget sends them.
 */
import type { SessionEventInput } from '@retainkit/shared/widget-api'

/** The merchant's site every benchmark account allows. */
export const MERCHANT_ORIGIN = 'https://shop.example'
export const MERCHANT_DOMAIN = 'shop.example'

/** Keep-alive connections a browser-like load keeps open (many pages, each a connection or two). */
export const BROWSER_CONNECTIONS = 50

/** Chrome 131 on macOS, loading the widget from the merchant's page (a cross-origin fetch). */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  origin: MERCHANT_ORIGIN,
  // Chrome's default referrer policy sends a cross-origin call only the page's origin.
  referer: `${MERCHANT_ORIGIN}/`,
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en-US;q=0.9,en;q=0.8,fr;q=0.7',
  'user-agent':
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'sec-ch-ua': '"Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"macOS"',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'cross-site',
}

/** The offers every benchmark session found eligible (as the session start would have stored them). */
export const SESSION_OFFERS = ['discount', 'pause'] as const
const REASONS = ['too_expensive', 'not_using_enough'] as const
const WRITE_INS = [
  'Too pricey for how often I actually use it',
  'I travel a lot and forget to use it, maybe later',
  'Money is tight this month, nothing wrong with the product',
] as const

/**
 * The first `count` events of one subscriber's walk through the flow: a reason, a write-in, the
 * discount shown and declined, the pause shown and declined; then back to change the reason and write
 * again (at most three write-ins, the server's cap), and round the offers once more. Every prefix is a
 * sequence the server's state machine accepts, and the session stays open (the cancel itself is a
 * billing call, not an event).
 */
export function widgetWalk(count: number, at: Date = new Date()): SessionEventInput[] {
  const events: SessionEventInput[] = []
  for (let lap = 0; events.length < count; lap++) {
    events.push({ step: 'reason_selected', reasonKey: REASONS[lap % 2] })
    const text = WRITE_INS[lap]
    if (text) events.push({ step: 'feedback_submitted', text })
    for (const offer of SESSION_OFFERS)
      events.push({ step: 'offer_shown', offer }, { step: 'offer_declined', offer })
  }
  // The widget stamps each event with the client's time as it queues it.
  return events
    .slice(0, count)
    .map((event, index) => ({ ...event, at: new Date(at.getTime() - (count - index) * 800).toISOString() }))
}

/** Events one session sends at `batch` per request: a short walk, or one batch of fifty. */
export const eventsPerSession = (batch: number) => Math.max(batch, 6)

/** One session's calls, each the events of one request, in order. */
export function sessionCalls(batch: number, at?: Date): SessionEventInput[][] {
  const walk = widgetWalk(eventsPerSession(batch), at)
  const calls: SessionEventInput[][] = []
  for (let index = 0; index < walk.length; index += batch) calls.push(walk.slice(index, index + batch))
  return calls
}
