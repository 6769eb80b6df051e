import { invalidRequest, resourceMissing } from './errors'
import { type Fields, type Params, p } from './params'

/** Params every list endpoint accepts, merged into each list route's allow-list. */
export const listFields: Fields = {
  limit: p.integer(),
  starting_after: p.string(),
  ending_before: p.string(),
}

export interface ListObject<T> {
  object: 'list'
  data: T[]
  has_more: boolean
  url: string
}

/**
 * Cursor pagination over a newest-first list, as Stripe does it: `starting_after` returns older
 * objects, `ending_before` newer ones (still newest first), `has_more` says whether another page
 * exists in that direction.
 */
export function paginate<T extends { id: string }>(
  items: T[],
  params: Params,
  url: string,
  noun: string,
): ListObject<T> {
  const limit = (params.limit as number | undefined) ?? 10
  if (limit < 1 || limit > 100) {
    throw invalidRequest('Invalid limit: must be between 1 and 100', { param: 'limit' })
  }
  const after = params.starting_after as string | undefined
  const before = params.ending_before as string | undefined
  if (after && before) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', {
      param: 'ending_before',
    })
  }
  const cursor = after ?? before
  if (cursor === undefined) {
    return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url }
  }
  const index = items.findIndex((item) => item.id === cursor)
  if (index === -1) throw resourceMissing(noun, cursor, after ? 'starting_after' : 'ending_before')
  if (after) {
    const rest = items.slice(index + 1)
    return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url }
  }
  const newer = items.slice(0, index)
  const start = Math.max(0, newer.length - limit)
  return { object: 'list', data: newer.slice(start), has_more: start > 0, url }
}
