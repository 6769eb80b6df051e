import { z } from 'zod'
import { inOrder } from './dates'
import { accountId, isoDateOrDateTime, MESSAGES } from './primitives'
import { sessionIdSchema } from './sessions'

export const EVIDENCE_FORMATS = ['json', 'csv', 'html'] as const

/**
 * `GET /api/evidence`: the evidence ledger of one customer, one session or a period (any of them
 * together), as JSON, CSV or a printable page, with the chain's verification.
 */
export const evidenceQuerySchema = z
  .object({
    account_id: accountId,
    customer_id: z.string().min(1).max(255, 'customer_id too long').optional(),
    session_id: z
      .string()
      .regex(/^cs_[A-Za-z0-9_-]{16,64}$/, 'session_id must be a cancel session id')
      .optional(),
    startDate: isoDateOrDateTime.optional(),
    endDate: isoDateOrDateTime.optional(),
    mode: z.enum(['live', 'test'], "mode must be 'live' or 'test'").optional(),
    format: z.enum(EVIDENCE_FORMATS, "format must be 'json', 'csv' or 'html'").default('json'),
  })
  .refine((q) => inOrder(q.startDate, q.endDate), { message: MESSAGES.dateOrder, path: ['endDate'] })

/** `GET /api/evidence/verify`: the whole chain of an account, checked. */
export const evidenceVerifyQuerySchema = z.object({ account_id: accountId })

/**
 * `GET /api/sessions/{accountId}/{sessionId}/evidence`: one session's ledger entries as the console's
 * session page shows them (the path's two ids, checked like the session's own page).
 */
export const sessionEvidenceParamsSchema = z.object({
  accountId,
  sessionId: sessionIdSchema,
})
