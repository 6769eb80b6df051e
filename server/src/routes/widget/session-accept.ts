import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { buildRedirectUrl } from '@retainkit/shared/flow'
import { acceptOfferSchema } from '@retainkit/shared/schemas'
import { MECHANISM_OF_OFFER, type OfferType } from '@retainkit/shared/vocabulary'
import type { AcceptOfferResponse } from '@retainkit/shared/widget-api'
import type { Handler } from 'hono'
import type { z } from 'zod'
import type { CancelSession } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { applyOffer } from '../../services/widget/billing-actions'
import { OFFER_UNAVAILABLE_MESSAGE } from '../../services/widget/coupons'
import type { ActionOutcome } from '../../services/widget/idempotency'
import { discountedMrr } from '../../services/widget/mrr'
import { recordSessionEnd } from '../../services/widget/session-store'
import {
  assertOwnedBy,
  hasActiveDiscount,
  isEnded,
  isPaused,
  merchantStripe,
  retrieveSubscription,
} from '../../services/widget/stripe-subscriber'
import type { WidgetCaller } from './auth'
import type { WidgetEnv } from './cors'
import { readCancelSessionAction, runSessionAction } from './session-action'

type AcceptBody = z.output<typeof acceptOfferSchema>

export const HAND_OVER_MESSAGE =
  "This account has no Stripe connection: let the merchant's own handler perform this, then call again with handledByMerchant."

const noLongerAvailable = () =>
  new HttpError('CONSTRAINT_VIOLATION', 'This offer is no longer available for your subscription.')

/** MRR after an offer Retainkit did not apply itself (redirect or merchant): what the config promises. */
function promisedMrr(offer: OfferType, config: CancelFlowConfig, mrr: number): number {
  if (offer === 'discount' && config.discount.amount !== undefined) {
    return discountedMrr(mrr, { percent_off: config.discount.amount, amount_off: null })
  }
  return mrr
}

interface Accepted {
  response: AcceptOfferResponse
  mrrAfter: number
  detail: Record<string, unknown>
}

async function carryOut(
  deps: AppDeps,
  caller: WidgetCaller,
  session: CancelSession,
  body: AcceptBody,
  hash: string,
): Promise<Accepted> {
  const { offer } = body
  const config = caller.account.payload.config
  const mechanism = MECHANISM_OF_OFFER[offer]
  if (body.handledByMerchant) {
    return {
      response: { status: 'recorded', mechanism },
      mrrAfter: promisedMrr(offer, config, session.mrr),
      detail: { via: 'merchant', choice: body.choice ?? null },
    }
  }
  const template = config[offer].redirect_template
  if (template) {
    const redirectUrl = buildRedirectUrl(template, {
      customer_id: session.customer_id,
      subscription_id: session.subscription_id,
      plan_id: body.choice?.planId ?? null,
    })
    if (!redirectUrl) throw new HttpError('BUSINESS_RULE_VIOLATION', OFFER_UNAVAILABLE_MESSAGE)
    return {
      response: { status: 'redirect', mechanism, redirectUrl },
      mrrAfter: promisedMrr(offer, config, session.mrr),
      detail: { via: 'redirect', redirect_url: redirectUrl, choice: body.choice ?? null },
    }
  }
  const stripe = await merchantStripe(deps, session.account_id)
  if (!stripe || !session.subscription_id) throw new HttpError('CONSTRAINT_VIOLATION', HAND_OVER_MESSAGE)
  const subscription = await retrieveSubscription(deps, stripe, session.subscription_id)
  if (!subscription || isEnded(subscription)) throw noLongerAvailable()
  // Re-checked on every billing action: the subscription must still be this customer's…
  assertOwnedBy(subscription, caller.subscriber.customerId)
  // …and still in a state the offer makes sense for.
  const now = Math.floor(deps.clock.now().getTime() / 1000)
  if (offer === 'discount' && hasActiveDiscount(subscription, now)) throw noLongerAvailable()
  if (offer === 'pause' && isPaused(subscription)) throw noLongerAvailable()
  const applied = await applyOffer(offer, {
    deps,
    stripe,
    config,
    subscription,
    choice: body.choice ?? {},
    mrrBefore: session.mrr,
    sessionStartedAt: session.created_at,
    idempotencyKey: `retainkit_accept_${session.id}_${hash.slice(0, 16)}`,
  })
  return {
    response: {
      status: 'applied',
      mechanism,
      mrrBefore: session.mrr,
      mrrAfter: applied.mrrAfter,
      message: applied.message,
    },
    mrrAfter: applied.mrrAfter,
    detail: { via: 'stripe', ...applied.detail },
  }
}

/**
 * `POST /api/widget/sessions/:id/accept` (body AcceptOfferRequest; optional `Idempotency-Key`) →
 * AcceptOfferResponse. Idempotent per session: a replay answers the stored response without touching
 * Stripe again; a different offer after one was accepted is a 409. The offer must be one the session
 * found eligible. The merchant's handler (handledByMerchant) → 'recorded'; a redirect_template →
 * 'redirect'; otherwise Stripe applies it → 'applied'. Each records the save (MRR before/after),
 * `offer_accepted` and the session as 'saved'. A Stripe failure is a 502 and records nothing.
 */
export function sessionAcceptHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const { caller, session, body, hash, keys } = await readCancelSessionAction(
      deps,
      c,
      'accept',
      acceptOfferSchema,
      'Offers are accepted in cancel sessions only',
    )

    const act = async (): Promise<ActionOutcome<AcceptOfferResponse>> => {
      if (
        !session.eligible_offers.includes(body.offer) ||
        !caller.account.payload.config[body.offer].enabled
      ) {
        throw new HttpError('BUSINESS_RULE_VIOLATION', 'This offer is not available for this subscription.')
      }
      const accepted = await carryOut(deps, caller, session, body, hash)
      const now = deps.clock.now()
      const reasonKey = body.reasonKey ?? session.reason_key
      return {
        result: { status: 200, body: accepted.response },
        record: async (trx) => {
          await trx
            .insertInto('saves')
            .values({
              account_id: session.account_id,
              session_id: session.id,
              customer_id: session.customer_id,
              subscription_id: session.subscription_id,
              mechanism: MECHANISM_OF_OFFER[body.offer],
              mrr_before: session.mrr,
              mrr_after: accepted.mrrAfter,
              currency: session.currency,
              detail: JSON.stringify(accepted.detail),
              created_at: now,
            })
            .execute()
          await recordSessionEnd(trx, {
            accountId: session.account_id,
            sessionId: session.id,
            step: 'offer_accepted',
            status: 'saved',
            now,
            reasonKey,
            offer: body.offer,
          })
        },
      }
    }
    const result = await runSessionAction(deps, session, {
      keys,
      hash,
      conflictMessage: 'An offer was already accepted in this session.',
      act,
    })
    return c.json(result.body, result.status as 200)
  }
}
