import { cancelSchema } from '@retainkit/shared/schemas'
import type { CancelResponse } from '@retainkit/shared/widget-api'
import type { Handler } from 'hono'
import type Stripe from 'stripe'
import type { z } from 'zod'
import type { CancelSession } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { answer } from '../../http/respond'
import type { ChainedRow } from '../../services/evidence/chain'
import { appendSessionEnd } from '../../services/evidence/session-evidence'
import { rememberOwnChange } from '../../services/merchant-events/subscriptions'
import { scheduleCancellation } from '../../services/widget/billing-actions'
import { type CustomerLock, stripeIdempotencyKey } from '../../services/widget/customer-lock'
import type { ActionOutcome } from '../../services/widget/idempotency'
import { cancelMessage, endsOnSentence } from '../../services/widget/messages'
import { customerEmail, queueReceipt } from '../../services/widget/receipt'
import { recordSessionEnd } from '../../services/widget/session-store'
import {
  assertOwnedBy,
  isEnded,
  isScheduledToCancel,
  merchantStripe,
  planOf,
  retrieveSubscription,
  scheduledEndOf,
} from '../../services/widget/stripe-subscriber'
import type { WidgetCaller } from './auth'
import type { WidgetEnv } from './cors'
import { HAND_OVER_MESSAGE } from './session-accept'
import { assertMerchantHandles, assertModeMayChange, runCancelSessionAction } from './session-action'

type CancelBody = z.output<typeof cancelSchema>

const isoOrNull = (unix: number | null) => (unix === null ? null : new Date(unix * 1000).toISOString())

/** A scheduled cancellation's answer, with the date access ends as the widget says it in the session's language. */
function scheduledAnswer(
  caller: WidgetCaller,
  session: CancelSession,
  cancelAt: number | null,
  message: string,
): CancelResponse {
  const iso = isoOrNull(cancelAt)
  const endsOn = iso && endsOnSentence(caller.account.payload, session.locale, iso)
  return { status: 'scheduled', cancelAt: iso, message, endsOn }
}

async function carryOut(
  deps: AppDeps,
  stripe: Stripe | null,
  caller: WidgetCaller,
  lock: CustomerLock,
  session: CancelSession,
  body: CancelBody,
  reasonKey: string | null,
): Promise<{ response: CancelResponse; changed?: Stripe.Subscription; subscription?: Stripe.Subscription }> {
  if (body.handledByMerchant) return { response: { status: 'recorded' } }
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
  assertModeMayChange(caller.subscriber, subscription)
  if (isScheduledToCancel(subscription)) {
    // Another session (or the merchant) already scheduled it: the subscriber is told when access
    // ends, and Stripe is not asked again.
    const cancelAt = scheduledEndOf(subscription)
    return { response: scheduledAnswer(caller, session, cancelAt, cancelMessage(cancelAt)), subscription }
  }
  const scheduled = await scheduleCancellation(deps, stripe, subscription, {
    reasonKey,
    feedback: body.feedback,
    idempotencyKey: stripeIdempotencyKey('cancel', lock, { subscription: subscription.id }),
  })
  return {
    response: scheduledAnswer(caller, session, scheduled.cancelAt, scheduled.message),
    changed: scheduled.subscription,
    subscription,
  }
}

/**
 * `POST /api/widget/sessions/:id/cancel` (body CancelRequest; optional `Idempotency-Key`) →
 * CancelResponse. Idempotent like accept, and serialised per customer like it. Through Stripe: cancel
 * at period end with cancellation_details (the reason mapped to Stripe's feedback, the write-in as
 * comment, ≤ 500 characters) → 'scheduled' with the date access ends; a subscription some other
 * session already scheduled answers the same without a second Stripe write. handledByMerchant (only
 * with the token's `handles: ['cancel']` claim, else 403) → 'recorded'. Without Stripe and without
 * handledByMerchant → 409: the widget hands over to the merchant's own cancel. Records
 * `cancel_completed`, the session as 'canceled', its end in the evidence ledger, and queues the
 * cancellation receipt (services/widget/receipt.ts) in the same transaction.
 */
export function sessionCancelHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const result = await runCancelSessionAction(deps, c, {
      action: 'cancel',
      schema: cancelSchema,
      wrongKind: 'Only cancel sessions can cancel',
      conflictMessage: 'This subscription was already canceled in this session.',
      prepare: async ({ caller, session, body }) => {
        if (body.handledByMerchant) assertMerchantHandles(caller.subscriber, 'cancel')
        const stripe = body.handledByMerchant ? null : await merchantStripe(deps, session.account_id)
        return (lock, current) => cancelUnderLock(deps, stripe, caller, body, lock, current)
      },
    })
    return answer(c, 'POST /api/widget/sessions/{id}/cancel', result.body, result.status as 200)
  }
}

/** Under the customer's lock: the cancellation carried out, and the rows and receipt that record it. */
async function cancelUnderLock(
  deps: AppDeps,
  stripe: Stripe | null,
  caller: WidgetCaller,
  body: CancelBody,
  lock: CustomerLock,
  current: CancelSession,
): Promise<ActionOutcome<CancelResponse>> {
  const reasonKey = body.reasonKey ?? current.reason_key
  const { response, changed, subscription } = await carryOut(
    deps,
    stripe,
    caller,
    lock,
    current,
    body,
    reasonKey,
  )
  const now = deps.clock.now()
  return {
    result: { status: 200, body: response },
    record: async (trx) => {
      if (changed) await rememberOwnChange(trx, current.account_id, changed, now)
      await recordSessionEnd(trx, {
        accountId: current.account_id,
        sessionId: current.id,
        step: 'cancel_completed',
        status: 'canceled',
        now,
        reasonKey,
      })
      const [recorded] = await appendSessionEnd(trx, current, 'session_closed', now, {
        outcome: 'canceled',
        reason_key: reasonKey,
        handled_by_merchant: body.handledByMerchant === true,
        response,
        trail: body.trail,
      })
      // The receipt, at once, in this transaction: what was cancelled, when it takes effect.
      await queueReceipt(trx, deps, {
        session: current,
        config: caller.account.payload.config,
        kind: 'cancellation',
        to: customerEmail(subscription ?? null),
        plan: subscription ? planOf(subscription).productName : '',
        subscriptionId: current.subscription_id,
        receivedAt: now,
        endsAt: response.status === 'scheduled' && response.cancelAt ? new Date(response.cancelAt) : null,
        recorded: recorded as ChainedRow,
      })
    },
  }
}
