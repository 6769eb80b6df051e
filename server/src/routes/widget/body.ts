import type { WidgetContext } from './cors'

export { readOptionalBody } from '../../http/validate'

/** Widget answers are per subscriber: never stored by a shared cache. */
export function noStore(c: WidgetContext): void {
  c.header('Cache-Control', 'no-store')
}
