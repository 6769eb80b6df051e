import { z } from 'zod'
import { ANALYTICS_ENDPOINTS } from '../analytics-endpoints'
import { inOrder } from './dates'
import { accountId, isoDateOrDateTime, MESSAGES } from './primitives'

export const analyticsQuerySchema = z
  .object({
    endpoint: z.enum(ANALYTICS_ENDPOINTS, `endpoint must be one of: ${ANALYTICS_ENDPOINTS.join(', ')}`),
    account_id: accountId,
    startDate: isoDateOrDateTime.optional(),
    endDate: isoDateOrDateTime.optional(),
  })
  .refine((q) => inOrder(q.startDate, q.endDate), {
    message: MESSAGES.dateOrder,
    path: ['endDate'],
  })
