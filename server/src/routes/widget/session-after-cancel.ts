import type { JurisdictionDecision } from '@retainkit/shared/jurisdiction'
import { afterCancelSchema } from '@retainkit/shared/schemas'
import type { Handler } from 'hono'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { readBody } from '../../http/validate'
import { appendEvidence } from '../../services/evidence/chain'
import { evidenceEntry } from '../../services/evidence/session-evidence'
import { loadSessionFor } from '../../services/widget/session-store'
import { authenticateWidgetCall } from './auth'
import { noStore } from './body'
import type { WidgetEnv } from './cors'

export const NOT_ASKED_MESSAGE =
  'This question is only asked after a cancellation, in sessions whose jurisdiction allows offers only then.'
export const ANSWERED_MESSAGE = 'This question was already answered.'

/**
 * `POST /api/widget/sessions/:id/after-cancel` (body `{answer: 'yes' | 'no'}`) → 204: the answer to
 * "would you like to hear an offer?", asked only once the cancellation is done in a session whose mode
 * is `offers_after_cancel` (Minnesota). Recorded once on the session and in the evidence ledger (the
 * same answer again is a 204, another one a 409); it changes nothing else: the cancellation stands.
 */
export function sessionAfterCancelHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const { subscriber } = await authenticateWidgetCall(deps, c)
    const session = await loadSessionFor(deps.db, c.req.param('id') ?? '', subscriber)
    const { answer } = await readBody(c, afterCancelSchema)
    noStore(c)
    const mode = (session.jurisdiction as JurisdictionDecision | null)?.mode
    if (mode !== 'offers_after_cancel' || session.status !== 'canceled')
      throw new HttpError('BUSINESS_RULE_VIOLATION', NOT_ASKED_MESSAGE)
    const now = deps.clock.now()
    const stored = await deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('cancel_sessions')
        .set({ after_cancel_answer: answer, updated_at: now })
        .where('id', '=', session.id)
        .where('after_cancel_answer', 'is', null)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) return false
      const ref = {
        accountId: session.account_id,
        sessionId: session.id,
        customerId: session.customer_id,
        mode: session.mode,
      }
      await appendEvidence(trx, [
        evidenceEntry(ref, 'after_cancel_answer', now, { answer, asked_after: 'cancellation' }),
      ])
      return true
    })
    if (!stored) {
      const current = await deps.db
        .selectFrom('cancel_sessions')
        .select('after_cancel_answer')
        .where('id', '=', session.id)
        .executeTakeFirstOrThrow()
      if (current.after_cancel_answer !== answer)
        throw new HttpError('CONSTRAINT_VIOLATION', ANSWERED_MESSAGE)
    }
    return c.body(null, 204)
  }
}
