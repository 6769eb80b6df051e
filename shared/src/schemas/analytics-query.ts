import { z } from 'zod'
import { ANALYTICS_ENDPOINTS } from '../analytics-endpoints'
import { inOrder } from './dates'
import { armIdSchema } from './experiments'
import { accountId, isoDateOrDateTime, MESSAGES } from './primitives'

/** Whose sessions analytics count: live subscribers', or the merchant's test-mode rehearsals. */
export const ANALYTICS_MODES = ['live', 'test'] as const
export type AnalyticsMode = (typeof ANALYTICS_MODES)[number]

/** The period and mode every analytics read takes; dates optional (the default period), in order. */
const periodFields = {
  startDate: isoDateOrDateTime.optional(),
  endDate: isoDateOrDateTime.optional(),
  /** Optional, default 'live' (an addition to the public call, which keeps working unchanged). */
  mode: z.enum(ANALYTICS_MODES, "mode must be 'live' or 'test'").optional(),
  /** Only the sessions one segment caught (`default`: the default flow's), and/or one experiment arm's. */
  segment_id: z
    .string()
    .regex(/^(?:default|seg_[A-Za-z0-9]{8,40})$/, "segment_id must be a segment id or 'default'")
    .optional(),
  arm_id: armIdSchema.optional(),
}
const datesInOrder = (q: { startDate?: string | undefined; endDate?: string | undefined }) =>
  inOrder(q.startDate, q.endDate)
const dateOrderIssue = { message: MESSAGES.dateOrder, path: ['endDate'] }

export const analyticsQuerySchema = z
  .object({
    endpoint: z.enum(ANALYTICS_ENDPOINTS, `endpoint must be one of: ${ANALYTICS_ENDPOINTS.join(', ')}`),
    account_id: accountId,
    ...periodFields,
  })
  .refine(datesInOrder, dateOrderIssue)

/**
 * The whole dashboard in one call (`GET /api/analytics/dashboard`): the data sets named in `datasets`
 * (comma-separated in the query; absent: all of them) for one range.
 */
export const analyticsDashboardQuerySchema = z
  .object({
    account_id: accountId,
    ...periodFields,
    datasets: z
      .array(z.enum(ANALYTICS_ENDPOINTS, `datasets must be among: ${ANALYTICS_ENDPOINTS.join(', ')}`))
      .min(1, `datasets must be among: ${ANALYTICS_ENDPOINTS.join(', ')}`)
      .optional(),
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
