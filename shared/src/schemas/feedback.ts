import { z } from 'zod'
import { SENTIMENT_LABELS, SESSION_OUTCOMES } from '../feedback-insights'
import { analyticsDateOrderIssue, analyticsDatesInOrder, analyticsPeriodFields } from './analytics-query'
import { accountId } from './primitives'

const reasonKey = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[a-z0-9_]+$/, 'Invalid reason key')
/** A theme's key as the themes data set names it: a built-in theme's, `missing_feature:…` or `word:…`. */
export const themeKeySchema = z
  .string()
  .min(1, 'Theme is required')
  .max(120, 'Theme key too long')
  .regex(/^[\p{L}\p{N}_:' -]+$/u, 'Invalid theme key')

/**
 * `GET /api/analytics/quotes`: the write-ins behind one figure of the sentiment or themes data sets,
 * newest first, a page at a time (`before`: the `next` the previous page answered).
 */
export const quotesQuerySchema = z
  .object({
    account_id: accountId,
    ...analyticsPeriodFields,
    sentiment: z
      .enum(SENTIMENT_LABELS, `sentiment must be one of: ${SENTIMENT_LABELS.join(', ')}`)
      .optional(),
    reason_key: reasonKey.optional(),
    outcome: z.enum(SESSION_OUTCOMES, `outcome must be one of: ${SESSION_OUTCOMES.join(', ')}`).optional(),
    theme: themeKeySchema.optional(),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
      .optional(),
    before: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z~\d{1,19}$/, 'Invalid page cursor')
      .optional(),
  })
  .refine(analyticsDatesInOrder, analyticsDateOrderIssue)

export const THEME_NAME_MAX = 80

/**
 * `PUT /api/account?action=themes`: what the merchant makes of one theme. Each field given is set (null
 * clears it: the name back to the one first seen, unmerged, unmapped); fields left out stay as they are.
 */
export const themeUpdateSchema = z.strictObject({
  key: themeKeySchema,
  name: z
    .string()
    .trim()
    .min(1, 'Theme name is required')
    .max(THEME_NAME_MAX, 'Theme name too long')
    .nullable()
    .optional(),
  merged_into: themeKeySchema.nullable().optional(),
  pinned: z.boolean().optional(),
  reason_key: reasonKey.nullable().optional(),
})
export type ThemeUpdate = z.output<typeof themeUpdateSchema>
