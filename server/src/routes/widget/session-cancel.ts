import { cancelSchema } from '@retainkit/shared/schemas'
import type { CancelResponse } from '@retainkit/shared/widget-api'
import type { Handler } from 'hono'
import type { z } from 'zod'
import type { CancelSession } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { scheduleCancellation } from '../../services/widget/billing-actions'
import type { ActionOutcome } from '../../services/widget/idempotency'
import { recordSessionEnd } from '../../services/widget/session-store'
import {
  assertOwnedBy,
  isEnded,
  merchantStripe,
  retrieveSubscription,
} from '../../services/widget/stripe-subscriber'
import type { WidgetCaller } from './auth'
import type { WidgetEnv } from './cors'
import { HAND_OVER_MESSAGE } from './session-accept'
import { readCancelSessionAction, runSessionAction } from './session-action'

type CancelBody = z.output<typeof cancelSchema>

async function carryOut(
  deps: AppDeps,
  caller: WidgetCaller,
  session: CancelSession,
  body: CancelBody,
  reasonKey: string | null,
  hash: string,
): Promise<CancelResponse> {
  if (body.handledByMerchant) return { status: 'recorded' }
  const stripe = await merchantStripe(deps, session.account_id)
  if (!stripe) throw new HttpError('CONSTRAINT_VIOLATION', HAND_OVER_MESSAGE)
  if (!session.subscription_id) {
    throw new HttpError(
      'CONSTRAINT_VIOLATION',
      "No active subscription was found for this customer: let the merchant's own cancellation handle it.",
    )
  }
  const subscription = await retrieveSubscription(deps, stripe, session.subscription_id)
  if (!subscription || isEnded(subscription)) {
    throw new HttpError('CONSTRAINT_VIOLATION', 'This subscription has already ended.')
  }
  assertOwnedBy(subscription, caller.subscriber.customerId)
  const scheduled = await scheduleCancellation(deps, stripe, subscription, {
    reasonKey,
    feedback: body.feedback,
    idempotencyKey: `retainkit_cancel_${session.id}_${hash.slice(0, 16)}`,
  })
  return {
    status: 'scheduled',
    cancelAt: scheduled.cancelAt === null ? null : new Date(scheduled.cancelAt * 1000).toISOString(),
    message: scheduled.message,
  }
}

/**
 * `POST /api/widget/sessions/:id/cancel` (body CancelRequest; optional `Idempotency-Key`) →
 * CancelResponse. Idempotent like accept. Through Stripe: cancel at period end with
 * cancellation_details (the reason mapped to Stripe's feedback, the write-in as comment, ≤ 500
 * characters) → 'scheduled' with the date access ends. handledByMerchant → 'recorded'. Without Stripe
 * and without handledByMerchant → 409: the widget hands over to the merchant's own cancel.
 * Records `cancel_completed` and the session as 'canceled'.
 */
export function sessionCancelHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const { caller, session, body, hash, keys } = await readCancelSessionAction(
      deps,
      c,
      'cancel',
      cancelSchema,
      'Only cancel sessions can cancel',
    )
    const reasonKey = body.reasonKey ?? session.reason_key

    const act = async (): Promise<ActionOutcome<CancelResponse>> => {
      const response = await carryOut(deps, caller, session, body, reasonKey, hash)
      const now = deps.clock.now()
      return {
        result: { status: 200, body: response },
        record: (trx) =>
          recordSessionEnd(trx, {
            accountId: session.account_id,
            sessionId: session.id,
            step: 'cancel_completed',
            status: 'canceled',
            now,
            reasonKey,
          }),
      }
    }
    const result = await runSessionAction(deps, session, {
      keys,
      hash,
      conflictMessage: 'This subscription was already canceled in this session.',
      act,
    })
    return c.json(result.body, result.status as 200)
  }
}
