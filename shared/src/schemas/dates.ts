import { z } from 'zod'
import { isoDateOrDateTime, MESSAGES } from './primitives'

/** Milliseconds since the epoch; a bare date counts as its UTC midnight. */
export const toEpochMs = (value: string): number => Date.parse(value)

/** True unless both values are valid dates and the first is later; bad formats are reported elsewhere. */
export const inOrder = (start?: string, end?: string): boolean => {
  if (!start || !end) return true
  const a = toEpochMs(start)
  const b = toEpochMs(end)
  return Number.isNaN(a) || Number.isNaN(b) || a <= b
}

export const dateRangeSchema = z
  .strictObject({ start: isoDateOrDateTime, end: isoDateOrDateTime })
  .refine((range) => inOrder(range.start, range.end), {
    message: MESSAGES.dateOrder,
    path: ['end'],
  })
