import { z } from 'zod'
import { OFFER_TYPES } from '../config/vocabulary'
import { JURISDICTION_MODES } from '../jurisdiction/modes'
import { SESSION_KINDS, SESSION_OUTCOMES, SESSION_PAGE_MAX, SESSION_SEARCH_MAX } from '../sessions'
import { analyticsDateOrderIssue, analyticsDatesInOrder, analyticsPeriodFields } from './analytics-query'

/**
 * `GET /api/sessions/{accountId}` (and its `/export`): the filters of the Sessions page. The period and
 * mode are the analytics reads' own (dates optional: the default period; mode 'live' unless 'test').
 */
export const sessionsQuerySchema = z
  .object({
    ...analyticsPeriodFields,
    /** An e-mail address or a customer id, or the start of one (case-insensitive for e-mails). */
    q: z.string().trim().max(SESSION_SEARCH_MAX, 'Search text too long').optional(),
    outcome: z.enum(SESSION_OUTCOMES, `outcome must be one of: ${SESSION_OUTCOMES.join(', ')}`).optional(),
    reason: z
      .string()
      .regex(/^[a-z0-9_]{1,50}$/, 'reason must be a reason key')
      .optional(),
    /** Sessions where this offer was shown. */
    offer: z.enum(OFFER_TYPES, `offer must be one of: ${OFFER_TYPES.join(', ')}`).optional(),
    kind: z.enum(SESSION_KINDS, "kind must be 'cancel' or 'reactivation'").optional(),
    /** Sessions run in this jurisdiction mode (`mode` is already live or test). */
    jurisdiction: z
      .enum(JURISDICTION_MODES, `jurisdiction must be one of: ${JURISDICTION_MODES.join(', ')}`)
      .optional(),
    /** The `next_cursor` of the previous page. */
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor must be the next_cursor of a page')
      .optional(),
    limit: z.coerce.number().int().min(1).max(SESSION_PAGE_MAX).optional(),
  })
  .refine(analyticsDatesInOrder, analyticsDateOrderIssue)
export type SessionsQuery = z.infer<typeof sessionsQuerySchema>

export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid session id')
