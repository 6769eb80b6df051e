import { z } from 'zod'
import { ANALYTICS_ENDPOINTS } from '../analytics-endpoints'
import { inOrder } from './dates'
import { accountId, isoDateOrDateTime, MESSAGES } from './primitives'

/** Whose sessions analytics count: live subscribers', or the merchant's test-mode rehearsals. */
export const ANALYTICS_MODES = ['live', 'test'] as const
export type AnalyticsMode = (typeof ANALYTICS_MODES)[number]

export const analyticsQuerySchema = z
  .object({
    endpoint: z.enum(ANALYTICS_ENDPOINTS, `endpoint must be one of: ${ANALYTICS_ENDPOINTS.join(', ')}`),
    account_id: accountId,
    startDate: isoDateOrDateTime.optional(),
    endDate: isoDateOrDateTime.optional(),
    /** Optional, default 'live' (an addition to spec 7's call, which keeps working unchanged). */
    mode: z.enum(ANALYTICS_MODES, "mode must be 'live' or 'test'").optional(),
  })
  .refine((q) => inOrder(q.startDate, q.endDate), {
    message: MESSAGES.dateOrder,
    path: ['endDate'],
  })
