import { createHash } from 'node:crypto'
import { type JurisdictionDecision, statutoryKinds } from '@retainkit/shared/jurisdiction'
import type { StatutoryKind } from '@retainkit/shared/widget-api'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { scheduleCancellation } from './billing-actions'
import { type CustomerLock, stripeIdempotencyKey } from './customer-lock'
import { currentPeriodEnd, isScheduledToCancel, scheduledEndOf, stripeCall } from './stripe-subscriber'

/**
 * Carrying out a declaration made on the statutory page (§ 312k BGB, Directive 2011/83/EU Art. 11a):
 * - a withdrawal ends the subscription at once (the merchant refunds as the law provides: the receipt
 *   and the merchant's copy say a withdrawal was declared);
 * - an ordinary cancellation ends it at the earliest possible date (the period's end), or on the date
 *   the subscriber chose when that is later;
 * - an extraordinary one is scheduled like an ordinary one and its reason recorded: whether the reason
 *   ends the contract sooner is the merchant's to judge (the receipt says they will be told).
 * A subscription already scheduled to end keeps its date. Stripe is asked with idempotency keys derived
 * from the change, never from the browser.
 */

export const NOT_STATUTORY_MESSAGE = 'This session has no statutory cancellation page.'
export const KIND_NOT_OFFERED_MESSAGE = 'This type of cancellation is not available for this contract.'

/** Refuses a kind the session's page did not offer (a withdrawal after its period has run out). */
export function assertKindOffered(
  decision: JurisdictionDecision | null,
  kind: StatutoryKind,
  now: Date,
): void {
  if (decision?.mode !== 'statutory_button')
    throw new HttpError('BUSINESS_RULE_VIOLATION', NOT_STATUTORY_MESSAGE)
  const open =
    kind !== 'withdrawal' || (decision.withdrawalUntil !== null && new Date(decision.withdrawalUntil) > now)
  if (!statutoryKinds(decision).includes(kind) || !open)
    throw new HttpError('BUSINESS_RULE_VIOLATION', KIND_NOT_OFFERED_MESSAGE, 'kind')
}

/** The receipt's reference number: short, readable, the same for every retry of one session. */
export function receiptReference(sessionId: string): string {
  const digest = createHash('sha256').update(sessionId).digest('hex').slice(0, 10).toUpperCase()
  return `RK-${digest.slice(0, 5)}-${digest.slice(5)}`
}

/** The end of a chosen day (UTC) as unix seconds; null for `earliest`. */
function chosenEnd(effective: string): number | null {
  if (effective === 'earliest') return null
  return Math.floor(new Date(`${effective}T23:59:59Z`).getTime() / 1000)
}

export interface Declared {
  /** When the contract ends (unix seconds), null when Stripe does not say. */
  endsAt: number | null
  changed?: Stripe.Subscription
}

export async function carryOutDeclaration(
  deps: AppDeps,
  stripe: Stripe,
  lock: CustomerLock,
  subscription: Stripe.Subscription,
  declaration: { kind: StatutoryKind; effective: string; reason?: string },
): Promise<Declared> {
  const now = Math.floor(deps.clock.now().getTime() / 1000)
  const comment = declaration.reason?.slice(0, 500)
  if (declaration.kind === 'withdrawal') {
    const ended = await stripeCall(deps, 'subscriptions.cancel (withdrawal)', () =>
      stripe.subscriptions.cancel(
        subscription.id,
        { cancellation_details: { comment: 'Withdrawal declared on the statutory page' } },
        { idempotencyKey: stripeIdempotencyKey('withdrawal', lock, { subscription: subscription.id }) },
      ),
    )
    return { endsAt: ended.ended_at ?? ended.canceled_at ?? now, changed: ended }
  }
  if (isScheduledToCancel(subscription)) return { endsAt: scheduledEndOf(subscription) }
  const earliest = currentPeriodEnd(subscription)
  const wanted = chosenEnd(declaration.effective)
  if (wanted !== null && earliest !== null && wanted > earliest) {
    const updated = await stripeCall(deps, 'subscriptions.update (cancel_at)', () =>
      stripe.subscriptions.update(
        subscription.id,
        {
          cancel_at: wanted,
          proration_behavior: 'none',
          ...(comment ? { cancellation_details: { comment } } : {}),
        },
        {
          idempotencyKey: stripeIdempotencyKey('cancel_at', lock, {
            subscription: subscription.id,
            at: wanted,
          }),
        },
      ),
    )
    return { endsAt: updated.cancel_at ?? wanted, changed: updated }
  }
  const scheduled = await scheduleCancellation(deps, stripe, subscription, {
    reasonKey: null,
    feedback: comment,
    idempotencyKey: stripeIdempotencyKey('cancel', lock, { subscription: subscription.id }),
  })
  return { endsAt: scheduled.cancelAt, changed: scheduled.subscription }
}
