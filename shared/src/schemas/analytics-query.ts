import { z } from 'zod'
import { ANALYTICS_ENDPOINTS } from '../analytics-endpoints'
import { inOrder } from './dates'
import { armIdSchema } from './experiments'
import { accountId, isoDateOrDateTime, MESSAGES } from './primitives'

/** Whose sessions analytics count: live subscribers', or the merchant's test-mode rehearsals. */
export const ANALYTICS_MODES = ['live', 'test'] as const
export type AnalyticsMode = (typeof ANALYTICS_MODES)[number]

/** The period and mode every analytics read takes; dates optional (the default period), in order. */
export const analyticsPeriodFields = {
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
export const analyticsDatesInOrder = (q: { startDate?: string | undefined; endDate?: string | undefined }) =>
  inOrder(q.startDate, q.endDate)
export const analyticsDateOrderIssue = { message: MESSAGES.dateOrder, path: ['endDate'] }

/**
 * Refusing an unknown data set: the list itself no longer fits the 200 characters a user-facing message
 * keeps, so the message points at the document that lists them (its `endpoint` parameter's enum).
 */
export const UNKNOWN_DATASET_MESSAGE =
  'Unknown data set: the endpoint parameter of /api/openapi.json lists them'

export const analyticsQuerySchema = z
  .object({
    endpoint: z.enum(ANALYTICS_ENDPOINTS, UNKNOWN_DATASET_MESSAGE),
    account_id: accountId,
    ...analyticsPeriodFields,
  })
  .refine(analyticsDatesInOrder, analyticsDateOrderIssue)

/**
 * The whole dashboard in one call (`GET /api/analytics/dashboard`): the data sets named in `datasets`
 * (comma-separated in the query; absent: all of them) for one range.
 */
export const analyticsDashboardQuerySchema = z
  .object({
    account_id: accountId,
    ...analyticsPeriodFields,
    datasets: z
      .array(z.enum(ANALYTICS_ENDPOINTS, UNKNOWN_DATASET_MESSAGE))
      .min(1, UNKNOWN_DATASET_MESSAGE)
      .optional(),
  })
  .refine(analyticsDatesInOrder, analyticsDateOrderIssue)

export const EXPORT_FORMATS = ['csv', 'json'] as const

/** `GET /api/analytics/export`: the raw sessions of a period and mode, as CSV or JSON. */
export const analyticsExportQuerySchema = z
  .object({
    account_id: accountId,
    format: z.enum(EXPORT_FORMATS, "format must be 'csv' or 'json'").default('csv'),
    ...analyticsPeriodFields,
  })
  .refine(analyticsDatesInOrder, analyticsDateOrderIssue)
