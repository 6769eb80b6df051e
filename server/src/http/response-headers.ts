import type { Context } from 'hono'

/** A header a middleware gives every answer: set, or appended to what the route set. */
export type AddedHeader = readonly [name: string, value: string, mode?: 'append']

/**
 * Gives the answer a route is about to make these headers before it is made (Hono adds headers set
 * ahead to the Response that c.json() and c.body() create), so that none needs adding afterwards: Hono's
 * `c.header()` on a made answer builds a new Response (copying every header) per call, and
 * @hono/node-server must then turn that into a native Response, several objects per header per request.
 * `confirmResponseHeaders` after the route then only reads them.
 */
export function prepareResponseHeaders(c: Context, added: readonly AddedHeader[]): void {
  for (const [name, value] of added) c.header(name, value)
}

/**
 * Once the route has answered: every header as it would be had it been added to the made answer (an
 * answer the route built itself, or a header the route set to another value, gets it the old way).
 */
export function confirmResponseHeaders(c: Context, added: readonly AddedHeader[]): void {
  const headers = c.res.headers
  for (const [name, value, mode] of added) {
    const now = headers.get(name)
    if (mode === 'append') {
      if (now?.split(',').some((part) => part.trim().toLowerCase() === value.toLowerCase())) continue
      c.header(name, value, { append: true })
    } else if (now !== value) c.header(name, value)
  }
}
