import { IncomingMessage } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/**
 * Reading a request's headers and JSON body straight from Node's IncomingMessage when the app runs
 * under node:http, instead of through the WHATWG Request that @hono/node-server builds on first use.
 *
 * That Request is not free: the first `c.req.header()` converts every incoming header into an undici
 * `Headers` (validating each), and the first touch of the body builds the whole `Request` (abort
 * controller, a web stream over the socket) and reads the body through it. Profiled under the ingest
 * benchmark's browser-shaped events calls, the two were about a tenth of the server's CPU per call,
 * more than the events call's own logic. In process (`app.request()` in tests) there is no
 * IncomingMessage and everything goes through Hono as before.
 */

/** The request's IncomingMessage under node:http (tests' stand-in bindings are not one). */
export function incomingOf(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming
  return incoming instanceof IncomingMessage ? incoming : undefined
}

/**
 * The request header `name` (lower case), as `c.req.header(name)` gives it: repeated headers joined
 * with ', ' (Node's `headers` keeps only the first of some, so its distinct values are joined instead).
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c)
  if (!incoming) return c.req.header(name)
  return rawHeader(incoming, name)
}

/**
 * Header `name` (lower case) from the raw list as sent, every value joined with ', ' as
 * `headersDistinct` would give it, without building that object (or `headers`): Node builds each from
 * every line a browser sends (fifteen or so), and a widget call reads three or four of them.
 */
export function rawHeader(incoming: IncomingMessage, name: string): string | undefined {
  const raw = incoming.rawHeaders
  let value: string | undefined
  for (let i = 0; i < raw.length; i += 2) {
    const line = raw[i] as string
    if (line.length !== name.length || line.toLowerCase() !== name) continue
    value = value === undefined ? (raw[i + 1] as string) : `${value}, ${raw[i + 1]}`
  }
  return value
}

/**
 * The body as text, read once. Straight from the socket only when nothing read it before (no cached
 * body in Hono, no byte taken from the stream: a middleware that rewrote or buffered it left its text
 * in Hono's cache, or consumed the stream); the text is then left in Hono's cache, so `c.req.text()`
 * and `c.req.json()` give the same text afterwards. Decoded as `Request.text()` decodes: UTF-8, a
 * leading byte-order mark dropped.
 */
export function requestText(c: Context): Promise<string> {
  const incoming = incomingOf(c)
  const cache = c.req.bodyCache as Record<string, unknown>
  if (!incoming || Object.keys(cache).length > 0 || incoming.readableDidRead || incoming.readableEnded)
    return c.req.text()
  const text = new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.once('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      resolve(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body)
    })
    incoming.once('error', reject)
    incoming.once('aborted', () => reject(new Error('request aborted')))
  })
  cache.text = text
  return text
}

/**
 * Hono's body limit, without building the Request where Node already says what it needs: a GET or
 * HEAD has no body to limit, and a body with a Content-Length (and no Transfer-Encoding) is judged by
 * that header, as Hono's middleware judges it. Any other body (chunked) goes through Hono's own.
 */
export function nodeBodyLimit(options: Parameters<typeof bodyLimit>[0]): MiddlewareHandler {
  const hono = bodyLimit(options)
  return async (c, next) => {
    const incoming = incomingOf(c)
    if (!incoming) return hono(c, next)
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    // Node's parser refuses a request whose Content-Length lines disagree, so one value stands for all.
    const length = rawHeader(incoming, 'content-length')?.split(',')[0]?.trim()
    if (length === undefined || rawHeader(incoming, 'transfer-encoding') !== undefined) return hono(c, next)
    if (Number.parseInt(length || '0', 10) > options.maxSize) return options.onError?.(c) ?? hono(c, next)
    return next()
  }
}
