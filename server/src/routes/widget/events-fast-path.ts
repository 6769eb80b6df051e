import { randomUUID } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { sessionEventsSchema } from '@retainkit/shared/schemas'
import { WIDGET_CONTRACT_VERSION } from '@retainkit/shared/widget-api'
import type { AppDeps } from '../../deps'
import { MAX_BODY_BYTES } from '../../http/body-size'
import { JSON_TYPE, parseJsonText, parseWith } from '../../http/validate'
import { isOriginAllowed } from '../../services/widget/origins'
import { loadPublishedConfig } from '../../services/widget/published-config'
import { subscriberTokenFrom, verifySubscriberToken } from '../../services/widget/subscriber-token'
import type { WidgetCaller } from './auth'
import { type EventsRequest, eventsCall } from './session-events'
import { handOverRun } from './session-events-handover'

/**
 * `POST /api/widget/sessions/:id/events` run beside the framework: a node:http pre-handler for the
 * widget's common call — a current widget (`?v=` this contract version), a JSON body of a stated length
 * within the API's limit, a token that verifies for an account allowing the page's origin — that stores
 * the batch through the route's own code (session-events.ts `eventsCall`) and writes the route's plain
 * 204 itself. Through Hono the same call builds a Request, a Response, header objects and runs six
 * middleware: about a third of the server's CPU per event at one event per call.
 *
 * Everything else goes to the framework untouched: anything it declines before the body is read
 * (another method, path or version, a URL with escapes, an odd Host, no or a repeated header it reads,
 * a chunked or oversized body, another content type, a token or origin the route would refuse). A call
 * it ran that does not end in a plain 204 (refused, rate-limited, partly refused, failed) is handed to
 * the route with its outcome (session-events-handover.ts), which answers it through the same middleware
 * and error handler as every other call. events-fast-path.test.ts compares both answers on real sockets.
 */

const PATH = /^\/api\/widget\/sessions\/([A-Za-z0-9_-]{1,100})\/events\?v=(\d{1,4})$/
const CURRENT = String(WIDGET_CONTRACT_VERSION)
/** Hosts @hono/node-server certainly accepts; anything odder goes its way (it may answer 400). */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$/
const DIGITS = /^\d{1,9}$/

type ReadHeader =
  | 'host'
  | 'origin'
  | 'authorization'
  | 'content-type'
  | 'content-length'
  | 'transfer-encoding'
  | 'x-request-id'
type ReadHeaders = Partial<Record<ReadHeader, string>>
const READ: ReadonlySet<string> = new Set<ReadHeader>([
  'host',
  'origin',
  'authorization',
  'content-type',
  'content-length',
  'transfer-encoding',
  'x-request-id',
])
const LENGTHS = new Set([...READ].map((name) => name.length))

/** The headers it reads from the raw list; null when one comes twice (the framework joins them). */
function readHeaders(req: IncomingMessage): ReadHeaders | null {
  const raw = req.rawHeaders
  const found: ReadHeaders = {}
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string
    if (!LENGTHS.has(name.length)) continue
    const key = name.toLowerCase()
    if (!READ.has(key)) continue
    if (found[key as ReadHeader] !== undefined) return null
    found[key as ReadHeader] = raw[i + 1]
  }
  return found
}

/** The caller as authenticateWidgetCall finds it, or null wherever that would throw (the route then does). */
async function callerOf(deps: AppDeps, headers: ReadHeaders): Promise<WidgetCaller | null> {
  try {
    const subscriber = await verifySubscriberToken(deps, subscriberTokenFrom(headers.authorization))
    const account = await loadPublishedConfig(deps, subscriber.accountId)
    if (!account) return null
    const origin = headers.origin
    if (origin !== undefined && !isOriginAllowed(origin, account.domain, subscriber.mode === 'test'))
      return null
    return { subscriber, account }
  } catch {
    return null
  }
}

/** The body as requestText reads it (UTF-8, a byte-order mark dropped), checked as readBody checks it. */
function readEvents(req: IncomingMessage): Promise<EventsRequest> {
  return new Promise<string>((resolve, reject) => {
    // Gone while the token was checked: no 'end' or 'error' would ever come.
    if (req.destroyed) return reject(new Error('request aborted'))
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.once('end', () => {
      const body = (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)).toString('utf8')
      resolve(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body)
    })
    req.once('error', reject)
    req.once('aborted', () => reject(new Error('request aborted')))
  }).then((text) => parseWith(sessionEventsSchema, parseJsonText(text)))
}

/** True when it took the request (answered it, or will hand it on); false leaves it to the framework. */
export type EventsPreHandler = (req: IncomingMessage, res: ServerResponse) => boolean

export function widgetEventsPreHandler(
  deps: AppDeps,
  framework: (req: IncomingMessage, res: ServerResponse) => void,
): EventsPreHandler {
  const run = async (req: IncomingMessage, res: ServerResponse, sessionId: string, headers: ReadHeaders) => {
    const caller = await callerOf(deps, headers)
    if (!caller) return framework(req, res)
    const outcome = await eventsCall(deps, caller, sessionId, () => readEvents(req))
    if ('error' in outcome || outcome.refused.length > 0) {
      handOverRun(req, { caller, outcome })
      return framework(req, res)
    }
    // The route's 204 as @hono/node-server writes it: the app's and CORS headers, names lower-cased and
    // sorted, then its default content type.
    const origin = headers.origin
    const lines = [
      ...(origin === undefined ? [] : ['access-control-allow-origin', origin]),
      'cache-control',
      'no-store',
      'referrer-policy',
      'strict-origin-when-cross-origin',
      'vary',
      'Origin',
      'x-content-type-options',
      'nosniff',
      'x-request-id',
      headers['x-request-id']?.slice(0, 64) ?? randomUUID(),
      'content-type',
      'text/plain; charset=UTF-8',
    ]
    res.writeHead(204, lines as unknown as OutgoingHttpHeaders)
    res.end()
  }
  return (req, res) => {
    if (req.method !== 'POST') return false
    const match = PATH.exec(req.url ?? '')
    if (!match || match[2] !== CURRENT) return false
    const headers = readHeaders(req)
    if (!headers || headers['transfer-encoding'] !== undefined || headers.authorization === undefined)
      return false
    const host = headers.host
    if (!host || !PLAIN_HOST.test(host)) return false
    const length = headers['content-length']
    if (length === undefined || !DIGITS.test(length) || Number(length) > MAX_BODY_BYTES) return false
    if (!JSON_TYPE.test(headers['content-type'] ?? '')) return false
    run(req, res, match[1] as string, headers).catch((error: unknown) => {
      // Only a bug in writing the answer gets here (the call itself never throws): leave no socket hanging.
      deps.logger.error('events fast path failed', { error: String(error) })
      if (!res.headersSent) {
        res.writeHead(500)
        res.end()
      } else res.destroy()
    })
    return true
  }
}
