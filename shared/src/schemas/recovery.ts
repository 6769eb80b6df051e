import { z } from 'zod'
import { localeTagSchema } from '../config/schema'
import { RECOVERY_MAIL_KINDS } from '../recovery/vocabulary'
import { RECOVERY_TEXT_KEYS } from '../recovery/words'
import { ANALYTICS_MODES, EXPORT_FORMATS } from './analytics-query'
import { inOrder } from './dates'
import { isoDateOrDateTime, MESSAGES } from './primitives'

/** Payment recovery's calls (`/api/recovery/{accountId}…`): preview, lists, report, export. */

export { recoverySettingsSchema } from '../recovery/settings'

/** A mail in one language with the texts as edited (unsaved), for the editor's preview. */
export const recoveryPreviewSchema = z.strictObject({
  kind: z.enum(RECOVERY_MAIL_KINDS, `kind must be one of: ${RECOVERY_MAIL_KINDS.join(', ')}`),
  locale: localeTagSchema,
  texts: z
    .partialRecord(
      z.enum(RECOVERY_TEXT_KEYS),
      z.string().trim().min(1, 'A text cannot be empty').max(1000, 'Text too long'),
    )
    .default({}),
})

export const RECOVERY_CAMPAIGN_FILTERS = ['open', 'closed', 'all'] as const

export const recoveryCampaignsQuerySchema = z.object({
  state: z.enum(RECOVERY_CAMPAIGN_FILTERS, "state must be 'open', 'closed' or 'all'").default('all'),
  limit: z.coerce.number().int().min(1, 'limit must be 1-200').max(200, 'limit must be 1-200').default(50),
})

const period = {
  startDate: isoDateOrDateTime.optional(),
  endDate: isoDateOrDateTime.optional(),
  mode: z.enum(ANALYTICS_MODES, "mode must be 'live' or 'test'").optional(),
}
const datesInOrder = (q: { startDate?: string | undefined; endDate?: string | undefined }) =>
  inOrder(q.startDate, q.endDate)

/** The dashboard's "Payment recovery" section: the same period and mode as every data set. */
export const recoveryReportQuerySchema = z
  .object(period)
  .refine(datesInOrder, { message: MESSAGES.dateOrder, path: ['endDate'] })

/** The raw campaigns of a period and mode, as CSV or JSON. */
export const recoveryExportQuerySchema = z
  .object({ format: z.enum(EXPORT_FORMATS, "format must be 'csv' or 'json'").default('csv'), ...period })
  .refine(datesInOrder, { message: MESSAGES.dateOrder, path: ['endDate'] })
