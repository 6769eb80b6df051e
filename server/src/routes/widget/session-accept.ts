import type { OfferTerms } from '@retainkit/shared/api'
import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { acceptOfferSchema } from '@retainkit/shared/schemas'
import { MECHANISM_OF_OFFER, type OfferType } from '@retainkit/shared/vocabulary'
import type { AcceptOfferResponse } from '@retainkit/shared/widget-api'
import type { Handler } from 'hono'
import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { z } from 'zod'
import type { CancelSession, Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { answer } from '../../http/respond'
import { appendSessionEnd, type SessionEndDetail } from '../../services/evidence/session-evidence'
import { rememberOwnChange } from '../../services/merchant-events/subscriptions'
import { offerTermsOf, promisedTerms } from '../../services/webhooks-out/save-terms'
import { alreadyCancelled, offerAlreadyApplied } from '../../services/widget/already-done'
import { applyOffer } from '../../services/widget/billing-actions'
import { OFFER_UNAVAILABLE_MESSAGE } from '../../services/widget/coupons'
import { type CustomerLock, cooldownWindow, stripeIdempotencyKey } from '../../services/widget/customer-lock'
import type { ActionOutcome } from '../../services/widget/idempotency'
import { TRIAL_ONLY_MESSAGE } from '../../services/widget/messages'
import { discountedMrr } from '../../services/widget/mrr'
import { offerDestination } from '../../services/widget/offer-destination'
import { recentSave, recordSessionEnd } from '../../services/widget/session-store'
import {
  assertOwnedBy,
  hasActiveDiscount,
  isEnded,
  isPaused,
  isScheduledToCancel,
  merchantStripe,
  retrieveSubscription,
} from '../../services/widget/stripe-subscriber'
import type { WidgetCaller } from './auth'
import type { WidgetEnv } from './cors'
import { assertMerchantHandles, assertModeMayChange, runCancelSessionAction } from './session-action'
import { sessionFlowConfig } from './session-flow'

type AcceptBody = z.output<typeof acceptOfferSchema>

export const HAND_OVER_MESSAGE =
  "This account has no Stripe connection: let the merchant's own handler perform this, then call again with handledByMerchant."

const noLongerAvailable = () =>
  new HttpError('CONSTRAINT_VIOLATION', 'This offer is no longer available for your subscription.')

export const RECENT_SAVE_MESSAGE =
  'You already accepted an offer recently, so this one is not available. You can keep your plan or cancel.'
export const SCHEDULED_CANCEL_MESSAGE =
  'This subscription is already scheduled to cancel, so offers no longer apply to it.'

/** The session's MRR unrounded, what an offer's MRR after starts from (rounded once there). */
const exactMrr = (session: CancelSession): number => session.mrr_exact ?? session.mrr

/** MRR after an offer Retainkit did not apply itself (redirect or merchant): what the config promises. */
function promisedMrr(offer: OfferType, config: CancelFlowConfig, session: CancelSession): number {
  if (offer === 'discount' && config.discount.amount !== undefined) {
    return discountedMrr(exactMrr(session), { percent_off: config.discount.amount, amount_off: null })
  }
  return session.mrr
}

interface Accepted {
  response: AcceptOfferResponse
  mrrAfter: number
  detail: Record<string, unknown>
  /** Kept with the save (detail.terms): what its webhooks say was accepted. */
  terms: OfferTerms
  /** Stripe's answer when Retainkit changed the subscription itself (not recorded or redirected). */
  changed?: Stripe.Subscription
}

/**
 * Why the subscription's current state rules the offer out, or null. A table, so a new offer type
 * does not build until it says which states it cannot be carried out in.
 */
const STATE_REFUSAL: Readonly<
  Record<OfferType, (subscription: Stripe.Subscription, nowSeconds: number) => HttpError | null>
> = {
  discount: (subscription, now) => (hasActiveDiscount(subscription, now) ? noLongerAvailable() : null),
  pause: (subscription) => (isPaused(subscription) ? noLongerAvailable() : null),
  plan_switch: () => null,
  billing_cycle_switch: () => null,
  trial_extension: (subscription) =>
    subscription.status === 'trialing' ? null : new HttpError('BUSINESS_RULE_VIOLATION', TRIAL_ONLY_MESSAGE),
  talk_to_us: () => null,
}

/**
 * The subscription as Stripe has it now, re-checked under the customer's lock: still this customer's,
 * still live, not scheduled to cancel (another session may have cancelled a moment ago), and in a
 * state the offer makes sense for. Null when Stripe is not connected or the session has no subscription.
 */
async function currentSubscription(
  deps: AppDeps,
  stripe: Stripe | null,
  caller: WidgetCaller,
  session: CancelSession,
  offer: OfferType,
): Promise<Stripe.Subscription | null> {
  if (!stripe || !session.subscription_id) return null
  const subscription = await retrieveSubscription(deps, stripe, session.subscription_id)
  if (!subscription || isEnded(subscription)) throw noLongerAvailable()
  assertOwnedBy(subscription, caller.subscriber.customerId)
  // Cancelled meanwhile (another tab, or the merchant): the subscriber reads that, not a retry.
  if (isScheduledToCancel(subscription))
    throw alreadyCancelled(caller.account.payload, session, SCHEDULED_CANCEL_MESSAGE)
  const refusal = STATE_REFUSAL[offer](subscription, Math.floor(deps.clock.now().getTime() / 1000))
  if (refusal) throw refusal
  return subscription
}

async function carryOut(
  deps: AppDeps,
  stripe: Stripe | null,
  caller: WidgetCaller,
  lock: CustomerLock,
  session: CancelSession,
  body: AcceptBody,
): Promise<Accepted> {
  const { offer } = body
  const config = sessionFlowConfig(session, caller.account.payload.config)
  const mechanism = MECHANISM_OF_OFFER[offer]
  if (body.handledByMerchant) {
    // The merchant's handler already changed the subscription its own way (a discount it applied is
    // now active): its state is no reason to refuse recording that. The cooldown still applied.
    return {
      response: { status: 'recorded', mechanism },
      mrrAfter: promisedMrr(offer, config, session),
      detail: { via: 'merchant', choice: body.choice ?? null },
      terms: offerTermsOf(offer, 'merchant', promisedTerms(offer, config, body.choice ?? {})),
    }
  }
  const subscription = await currentSubscription(deps, stripe, caller, session, offer)
  const redirectUrl = offerDestination(offer, config, {
    customer_id: session.customer_id,
    subscription_id: session.subscription_id,
    plan_id: body.choice?.planId ?? null,
  })
  if (redirectUrl !== undefined) {
    if (!redirectUrl) throw new HttpError('BUSINESS_RULE_VIOLATION', OFFER_UNAVAILABLE_MESSAGE)
    return {
      response: { status: 'redirect', mechanism, redirectUrl },
      mrrAfter: promisedMrr(offer, config, session),
      detail: { via: 'redirect', redirect_url: redirectUrl, choice: body.choice ?? null },
      terms: offerTermsOf(offer, 'redirect', promisedTerms(offer, config, body.choice ?? {})),
    }
  }
  if (!stripe || !subscription) throw new HttpError('CONSTRAINT_VIOLATION', HAND_OVER_MESSAGE)
  assertModeMayChange(caller.subscriber, subscription)
  const applied = await applyOffer(offer, {
    deps,
    stripe,
    config,
    subscription,
    choice: body.choice ?? {},
    mrrBefore: session.mrr,
    mrrExact: exactMrr(session),
    sessionStartedAt: session.created_at,
    idempotencyKey: stripeIdempotencyKey('offer', lock, {
      subscription: subscription.id,
      offer,
      window: cooldownWindow(deps.clock.now()),
    }),
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
    terms: offerTermsOf(offer, 'stripe', applied.terms),
    changed: applied.subscription,
  }
}

/**
 * `POST /api/widget/sessions/:id/accept` (body AcceptOfferRequest; optional `Idempotency-Key`) →
 * AcceptOfferResponse. Idempotent per session: a replay answers the stored response without touching
 * Stripe again; a different offer after one was accepted is a 409. Runs under the customer's lock and
 * re-checks there: the session still open, the offer one it found eligible, no offer accepted by this
 * customer (in any session of this mode) within the cooldown, and — unless the merchant's handler
 * carried it out — the subscription still theirs, live, not scheduled to cancel. handledByMerchant
 * (only with the token's `handles: ['offers']` claim, else 403) → 'recorded'; a redirect_template →
 * 'redirect'; otherwise Stripe applies it → 'applied'. Each records the save (MRR before/after),
 * `offer_accepted`, the session as 'saved' and its end in the evidence ledger — except "talk to us"
 * answered with its address or link: a contact (`contacted_at`, the ledger), not a save, the session
 * left open. A Stripe failure is a 502 and records nothing.
 */
export function sessionAcceptHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const result = await runCancelSessionAction(deps, c, {
      action: 'accept',
      schema: acceptOfferSchema,
      wrongKind: 'Offers are accepted in cancel sessions only',
      conflictMessage: 'An offer was already accepted in this session.',
      prepare: async ({ caller, session, body }) => {
        if (body.handledByMerchant) assertMerchantHandles(caller.subscriber, 'offers')
        // Read before the lock: inside it only the lock's transaction may touch the database.
        const stripe = await merchantStripe(deps, session.account_id)
        return (lock, current) => acceptUnderLock(deps, { stripe, caller, body }, lock, current)
      },
    })
    return answer(c, 'POST /api/widget/sessions/{id}/accept', result.body, result.status as 200)
  }
}

/** What the accept read before the lock. */
interface AcceptRequest {
  stripe: Stripe | null
  caller: WidgetCaller
  body: AcceptBody
}

/**
 * Under the customer's lock: the offer still one this session may take, no save of this customer
 * within the cooldown, the offer carried out; its answer and the rows that record it.
 */
async function acceptUnderLock(
  deps: AppDeps,
  { stripe, caller, body }: AcceptRequest,
  lock: CustomerLock,
  current: CancelSession,
): Promise<ActionOutcome<AcceptOfferResponse>> {
  if (
    !current.eligible_offers.includes(body.offer) ||
    !sessionFlowConfig(current, caller.account.payload.config)[body.offer].enabled
  ) {
    throw new HttpError('BUSINESS_RULE_VIOLATION', 'This offer is not available for this subscription.')
  }
  const now = deps.clock.now()
  const saved = await recentSave(lock.trx, current.account_id, current.customer_id, now, current.mode)
  if (saved) {
    // Another tab (or window) saved this subscriber first: say what it did, a trial's new end included.
    const subscription =
      saved === 'trial_extension' && stripe && current.subscription_id
        ? await retrieveSubscription(deps, stripe, current.subscription_id)
        : null
    throw offerAlreadyApplied(caller.account.payload, current, saved, subscription, RECENT_SAVE_MESSAGE)
  }
  const accepted = await carryOut(deps, stripe, caller, lock, current, body)
  const reasonKey = body.reasonKey ?? current.reason_key
  const evidence = {
    offer: body.offer,
    choice: body.choice ?? null,
    reason_key: reasonKey,
    trail: body.trail,
  }
  // "Talk to us" opens a mail or the merchant's support page: a contact, not a save (only the
  // merchant's own handler can report one, through handledByMerchant). The session stays open.
  const contact = body.offer === 'talk_to_us' && accepted.response.status === 'redirect'
  return {
    result: { status: 200, body: accepted.response },
    record: contact
      ? (trx) => recordContact(trx, current, now, { ...evidence, response: accepted.response })
      : (trx) => recordSave(trx, current, accepted, { now, reasonKey, offer: body.offer, evidence }),
  }
}

/** A contact: its time on the session, and the ledger's entry; the session stays open. */
async function recordContact(
  trx: Transaction<Database>,
  current: CancelSession,
  now: Date,
  detail: SessionEndDetail,
): Promise<void> {
  await trx
    .updateTable('cancel_sessions')
    .set({ contacted_at: now, updated_at: now })
    .where('id', '=', current.id)
    .execute()
  await appendSessionEnd(trx, current, 'contact', now, detail)
}

/** A save: its row (MRR before and after), Stripe's change as our own, the session ended as saved, the ledger. */
async function recordSave(
  trx: Transaction<Database>,
  current: CancelSession,
  accepted: Accepted,
  {
    now,
    reasonKey,
    offer,
    evidence,
  }: { now: Date; reasonKey: string | null; offer: OfferType; evidence: SessionEndDetail },
): Promise<void> {
  await trx
    .insertInto('saves')
    .values({
      account_id: current.account_id,
      session_id: current.id,
      customer_id: current.customer_id,
      subscription_id: current.subscription_id,
      mechanism: MECHANISM_OF_OFFER[offer],
      mrr_before: current.mrr,
      mrr_after: accepted.mrrAfter,
      currency: current.currency,
      detail: JSON.stringify({ ...accepted.detail, terms: accepted.terms }),
      created_at: now,
    })
    .execute()
  if (accepted.changed) await rememberOwnChange(trx, current.account_id, accepted.changed, now)
  await recordSessionEnd(trx, {
    accountId: current.account_id,
    sessionId: current.id,
    step: 'offer_accepted',
    status: 'saved',
    now,
    reasonKey,
    offer,
  })
  await appendSessionEnd(trx, current, 'session_closed', now, {
    outcome: 'saved',
    ...evidence,
    response: accepted.response,
  })
}
