import { z } from 'zod'
import { ANALYTICS_ENDPOINTS } from '../analytics-endpoints'
import { inOrder } from './dates'
import { accountId, isoDateOrDateTime, MESSAGES } from './primitives'

/** Whose sessions analytics count: live subscribers', or the merchant's test-mode rehearsals. */
export const ANALYTICS_MODES = ['live', 'test'] as const
export type AnalyticsMode = (typeof ANALYTICS_MODES)[number]

const rangeFields = {
  account_id: accountId,
  startDate: isoDateOrDateTime.optional(),
  endDate: isoDateOrDateTime.optional(),
  /** Optional, default 'live' (an addition to spec 7's call, which keeps working unchanged). */
  mode: z.enum(ANALYTICS_MODES, "mode must be 'live' or 'test'").optional(),
}

const datesInOrder = (q: { startDate?: string | undefined; endDate?: string | undefined }) =>
  inOrder(q.startDate, q.endDate)
const datesOutOfOrder = { message: MESSAGES.dateOrder, path: ['endDate'] }

export const analyticsQuerySchema = z
  .object({
    endpoint: z.enum(ANALYTICS_ENDPOINTS, `endpoint must be one of: ${ANALYTICS_ENDPOINTS.join(', ')}`),
    ...rangeFields,
  })
  .refine(datesInOrder, datesOutOfOrder)

/**
 * The whole dashboard in one call (`GET /api/analytics/dashboard`): the data sets named in `datasets`
 * (comma-separated in the query; absent: all of them) for one range.
 */
export const analyticsDashboardQuerySchema = z
  .object({
    ...rangeFields,
    datasets: z
      .array(z.enum(ANALYTICS_ENDPOINTS, `datasets must be among: ${ANALYTICS_ENDPOINTS.join(', ')}`))
      .min(1, `datasets must be among: ${ANALYTICS_ENDPOINTS.join(', ')}`)
      .optional(),
  })
  .refine(datesInOrder, datesOutOfOrder)
