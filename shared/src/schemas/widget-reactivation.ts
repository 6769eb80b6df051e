import { z } from 'zod'

/**
 * `POST /api/widget/reactivation/accept` (optional body): the banner's session from ReactivationResponse,
 * so a replayed accept is recognised as the same action. Without it the server uses the customer's
 * latest banner session.
 */
export const reactivationAcceptSchema = z.strictObject({
  sessionId: z
    .string()
    .regex(/^cs_[A-Za-z0-9_-]{16,64}$/, 'Invalid session id')
    .optional(),
})
