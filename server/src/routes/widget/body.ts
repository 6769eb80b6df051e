import type { z } from 'zod'
import { parseWith, readJson } from '../../http/validate'
import type { WidgetContext } from './cors'

/** A JSON body that may also be absent (`POST` with no body means `{}`), validated with `schema`. */
export async function readOptionalBody<S extends z.ZodType>(
  c: WidgetContext,
  schema: S,
): Promise<z.output<S>> {
  const text = await c.req.text()
  if (text.trim() === '') return parseWith(schema, {})
  return parseWith(schema, await readJson(c))
}

/** Widget answers are per subscriber: never stored by a shared cache. */
export function noStore(c: WidgetContext): void {
  c.header('Cache-Control', 'no-store')
}
