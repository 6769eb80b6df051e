import { invalidRequest } from './errors'
import type { Params } from './params'

/**
 * Stripe's date-interval filters (`created`, `current_period_end`, …): an exact unix time, or an object of
 * `gt`, `gte`, `lt` and `lte` bounds. Anything else is refused as Stripe refuses it.
 */
export type RangeTest = (value: number) => boolean

const BOUNDS = ['gt', 'gte', 'lt', 'lte'] as const
type Bound = (typeof BOUNDS)[number]

function integerOf(raw: unknown, param: string): number {
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw)) {
    throw invalidRequest(`Invalid integer: ${typeof raw === 'string' ? raw : JSON.stringify(raw)}`, {
      param,
      code: 'parameter_invalid_integer',
    })
  }
  return Number(raw)
}

export function rangeFilter(params: Params, name: string): RangeTest {
  const raw = params[name]
  if (raw === undefined) return () => true
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    const exact = integerOf(raw, name)
    return (value) => value === exact
  }
  const bounds: Partial<Record<Bound, number>> = {}
  for (const [key, given] of Object.entries(raw as Record<string, unknown>)) {
    if (!(BOUNDS as readonly string[]).includes(key)) {
      throw invalidRequest(`Received unknown parameter: ${name}[${key}]`, {
        param: `${name}[${key}]`,
        code: 'parameter_unknown',
      })
    }
    bounds[key as Bound] = integerOf(given, `${name}[${key}]`)
  }
  return (value) =>
    (bounds.gt === undefined || value > bounds.gt) &&
    (bounds.gte === undefined || value >= bounds.gte) &&
    (bounds.lt === undefined || value < bounds.lt) &&
    (bounds.lte === undefined || value <= bounds.lte)
}
