import { FREE_TIER_MONTHLY_SESSIONS } from '@retainkit/shared/constants'
import { sessionStartSchema } from '@retainkit/shared/schemas'
import type { SessionStartResponse } from '@retainkit/shared/widget-api'
import type { Handler } from 'hono'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { readBody } from '../../http/validate'
import { enforceRateLimit } from '../../services/rate-limit'
import { decideOffers } from '../../services/widget/eligibility'
import { subscriberJurisdiction } from '../../services/widget/jurisdiction'
import { scheduledCancellationOf } from '../../services/widget/reactivation-terms'
import { cancelSessionsThisMonth, hasRecentSave, newSessionId } from '../../services/widget/session-store'
import {
  customerAddress,
  findSubscription,
  hasActiveDiscount,
  isPaused,
  isScheduledToCancel,
  merchantStripe,
  scheduledEndOf,
  summarize,
} from '../../services/widget/stripe-subscriber'
import type { Subscriber } from '../../services/widget/subscriber-token'
import { authenticateWidgetCall } from './auth'
import { noStore } from './body'
import type { WidgetContext, WidgetEnv } from './cors'
import { assertMerchantHandles } from './session-action'

/** Session starts per account and customer per hour (DB-backed, shared by every instance). */
export const SESSIONS_PER_CUSTOMER_PER_HOUR = 20
/** Sessions (cancel flows and banners) one subscriber token may open: a token lives an hour at most. */
export const SESSIONS_PER_TOKEN = 10

/** Rate limits every session start shares, cancel flow or banner: per token, then per customer. */
export async function limitSessionStarts(deps: AppDeps, c: WidgetContext, subscriber: Subscriber) {
  await enforceRateLimit(c, deps, `widget-session-token:${subscriber.tokenId}`, SESSIONS_PER_TOKEN, 3600)
  await enforceRateLimit(
    c,
    deps,
    `widget-session:${subscriber.accountId}:${subscriber.customerId}`,
    SESSIONS_PER_CUSTOMER_PER_HOUR,
    3600,
  )
}

const SESSION_LIMIT: SessionStartResponse = { fallback: true, reason: 'session_limit' }

/**
 * `POST /api/widget/sessions` (subscriber token; body SessionStartRequest) → SessionStartResponse.
 * Free accounts get FREE_TIER_MONTHLY_SESSIONS cancel sessions per UTC calendar month; the next one
 * answers `{fallback: true, reason: 'session_limit'}` with 200 (the widget steps aside, not an error)
 * and creates nothing. Otherwise: the subscriber's subscription from Stripe (when connected), the
 * offers they may see (services/widget/eligibility.ts), a cancel_sessions row and `session_started`.
 * The mode is the token's (the body's `mode` is ignored); merchantHandlesOffers/-Cancel need the
 * token's `handles` claim (else 403); a subscription already scheduled to cancel comes back as
 * `scheduledCancellation` with no offers.
 */
export function sessionStartHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const { subscriber, account } = await authenticateWidgetCall(deps, c)
    const body = await readBody(c, sessionStartSchema)
    noStore(c)
    if (body.merchantHandlesOffers) assertMerchantHandles(subscriber, 'offers')
    if (body.merchantHandlesCancel) assertMerchantHandles(subscriber, 'cancel')
    const { accountId, customerId, mode } = subscriber
    const { tier, config } = account.payload
    const now = deps.clock.now()
    // A cheap early answer for an exhausted free account, before any Stripe call.
    if (
      tier === 'free' &&
      (await cancelSessionsThisMonth(deps.db, accountId, now)) >= FREE_TIER_MONTHLY_SESSIONS
    ) {
      return c.json(SESSION_LIMIT, 200)
    }
    await limitSessionStarts(deps, c, subscriber)

    const stripe = await merchantStripe(deps, accountId)
    const subscription: Stripe.Subscription | null = stripe
      ? await findSubscription(deps, stripe, customerId, subscriber.subscriptionId)
      : null
    const summary = subscription ? summarize(subscription) : null
    const scheduledEnd =
      subscription && isScheduledToCancel(subscription) ? scheduledEndOf(subscription) : undefined
    const eligibility = decideOffers({
      tier,
      config,
      merchantHandlesOffers: body.merchantHandlesOffers === true,
      stripeConnected: stripe !== null,
      subscription:
        subscription && summary
          ? {
              priceId: summary.plan.priceId,
              paused: isPaused(subscription),
              hasActiveDiscount: hasActiveDiscount(subscription, Math.floor(now.getTime() / 1000)),
              scheduledToCancel: scheduledEnd !== undefined,
            }
          : null,
      jurisdiction: subscriberJurisdiction(
        subscriber.jurisdiction,
        subscription ? customerAddress(subscription) : null,
      ),
      recentSave: tier === 'pro' && (await hasRecentSave(deps.db, accountId, customerId, now, mode)),
    })

    const sessionId = newSessionId()
    const created = await deps.db.transaction().execute(async (trx) => {
      if (tier === 'free') {
        // The authoritative count, serialised per account so concurrent starts cannot overshoot.
        await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute()
        if ((await cancelSessionsThisMonth(trx, accountId, now)) >= FREE_TIER_MONTHLY_SESSIONS) return false
      }
      await trx
        .insertInto('cancel_sessions')
        .values({
          id: sessionId,
          account_id: accountId,
          kind: 'cancel',
          mode,
          customer_id: customerId,
          subscription_id: summary?.subscriptionId ?? null,
          mrr: summary?.mrr ?? 0,
          currency: summary?.plan.currency ?? null,
          eligible_offers: JSON.stringify(eligibility.offers),
          // Marks a session that can only undo; when Stripe names no end, the start stands in.
          scheduled_cancel_at:
            scheduledEnd === undefined ? null : scheduledEnd === null ? now : new Date(scheduledEnd * 1000),
          created_at: now,
          updated_at: now,
        })
        .execute()
      await trx
        .insertInto('session_events')
        .values({ account_id: accountId, session_id: sessionId, step: 'session_started', created_at: now })
        .execute()
      return true
    })
    if (!created) return c.json(SESSION_LIMIT, 200)

    const response: SessionStartResponse = {
      fallback: false,
      sessionId,
      subscriber: summary,
      eligibleOffers: eligibility.offers,
      ...(eligibility.suppressedBy ? { offersSuppressedBy: eligibility.suppressedBy } : {}),
      // Already leaving: the widget shows when it ends and an undo instead of the offers.
      ...(subscription && typeof scheduledEnd === 'number'
        ? { scheduledCancellation: scheduledCancellationOf(subscription, scheduledEnd, now) }
        : {}),
    }
    return c.json(response, 201)
  }
}
