import { z } from 'zod'
import { ANALYTICS_ENDPOINTS } from '../analytics-endpoints'
import { inOrder } from './dates'
import { accountId, isoDateOrDateTime, MESSAGES } from './primitives'

/** Whose sessions analytics count: live subscribers', or the merchant's test-mode rehearsals. */
export const ANALYTICS_MODES = ['live', 'test'] as const
export type AnalyticsMode = (typeof ANALYTICS_MODES)[number]

/** The period and mode every analytics read takes; dates optional (the default period), in order. */
const periodFields = {
  startDate: isoDateOrDateTime.optional(),
  endDate: isoDateOrDateTime.optional(),
  /** Optional, default 'live' (an addition to spec 7's call, which keeps working unchanged). */
  mode: z.enum(ANALYTICS_MODES, "mode must be 'live' or 'test'").optional(),
}
const datesInOrder = (q: { startDate?: string; endDate?: string }) => inOrder(q.startDate, q.endDate)
const dateOrderIssue = { message: MESSAGES.dateOrder, path: ['endDate'] }

export const analyticsQuerySchema = z
  .object({
    endpoint: z.enum(ANALYTICS_ENDPOINTS, `endpoint must be one of: ${ANALYTICS_ENDPOINTS.join(', ')}`),
    account_id: accountId,
    ...periodFields,
  })
  .refine(datesInOrder, dateOrderIssue)

export const EXPORT_FORMATS = ['csv', 'json'] as const

/** `GET /api/analytics/export`: the raw sessions of a period and mode, as CSV or JSON. */
export const analyticsExportQuerySchema = z
  .object({
    account_id: accountId,
    format: z.enum(EXPORT_FORMATS, "format must be 'csv' or 'json'").default('csv'),
    ...periodFields,
  })
  .refine(datesInOrder, dateOrderIssue)
