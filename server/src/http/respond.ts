import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Every successful API answer is `{data: …}` (errors are `{error: …}`), so clients branch on one key. */
export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200): Response {
  c.header('Cache-Control', 'no-store')
  return c.json({ data }, status)
}
