import { planFlow } from '@retainkit/shared/flow'
import { resolveLegal, sessionWords } from '@retainkit/shared/i18n'
import { chooseAddress } from '@retainkit/shared/jurisdiction'
import { sessionStartSchema } from '@retainkit/shared/schemas'
import { type SessionStartResponse, toPublishedConfig } from '@retainkit/shared/widget-api'
import type { Handler } from 'hono'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { answer } from '../../http/respond'
import { readBody } from '../../http/validate'
import { runUsageFollowUp } from '../../services/billing/follow-up'
import { admitCancelSession, starterCapReached } from '../../services/billing/usage'
import { appendEvidence } from '../../services/evidence/chain'
import { sessionStartedEvidence } from '../../services/evidence/session-evidence'
import { enforceRateLimit } from '../../services/rate-limit'
import { routeFlow, subscriberFacts } from '../../services/segments/route-flow'
import { enqueueSessionEvent } from '../../services/webhooks-out/outbox'
import { decideOffers } from '../../services/widget/eligibility'
import { scheduledCancellationOf } from '../../services/widget/reactivation-terms'
import {
  blockWords,
  decideSessionJurisdiction,
  statutoryPage,
} from '../../services/widget/session-jurisdiction'
import { hasRecentSave, newSessionId } from '../../services/widget/session-store'
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
import { recordWidgetErrorInBackground } from '../../services/widget/widget-errors'
import { authenticateWidgetCall } from './auth'
import { noStore } from './body'
import type { WidgetContext, WidgetEnv } from './cors'
import { assertMerchantHandles } from './session-action'
import { sessionFlowCopy } from './session-flow'

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
 * Starter accounts get 50 live cancel sessions per UTC calendar month; the next one answers
 * `{fallback: true, reason: 'session_limit'}` with 200 (the widget steps aside, not an error), creates
 * no session and records the subscriber as stepped aside for (services/billing/usage.ts, which also
 * sends the usage notices and meters Pro's sessions beyond the fair-use line). Otherwise: the
 * subscriber's subscription from Stripe (when connected), the offers they may see
 * (services/widget/eligibility.ts), a cancel_sessions row and `session_started`. The mode is the
 * signed token's only (the body's `mode` is ignored); merchantHandlesOffers/-Cancel need the token's
 * `handles` claim (else 403); a subscription already scheduled to cancel comes back as
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
    // A cheap early answer for an exhausted Starter account, before any Stripe call.
    if (await starterCapReached(deps, { accountId, customerId, tier, mode, now })) {
      recordWidgetErrorInBackground(deps, accountId, 'over_cap')
      return answer(c, 'POST /api/widget/sessions', SESSION_LIMIT, 200)
    }
    await limitSessionStarts(deps, c, subscriber)

    const stripe = await merchantStripe(deps, accountId)
    const subscription: Stripe.Subscription | null = stripe
      ? await findSubscription(deps, stripe, customerId, subscriber.subscriptionId)
      : null
    const summary = subscription ? summarize(subscription) : null
    const scheduledEnd =
      subscription && isScheduledToCancel(subscription) ? scheduledEndOf(subscription) : undefined
    // The jurisdiction mode (standard, offers after cancellation, statutory page, offer cap): from the
    // signed token's country and state, else the Stripe address, against the account's rules.
    const decision = decideSessionJurisdiction({ config, subscriber, subscription, now })
    const { address: jurisdiction } = chooseAddress(
      subscriber.jurisdiction,
      subscription ? customerAddress(subscription) : null,
    )
    // Segment and experiment arm: decided here from Stripe and the signed token, never from the body.
    const routed = await routeFlow(deps, {
      accountId,
      customerId,
      tier,
      routed: account.payload.routed === true,
      facts: subscriberFacts({ subscriber, subscription, summary, jurisdiction, now }),
      defaultConfig: config,
      defaultReasons: account.payload.reasons,
    })
    const decided = decideOffers({
      tier,
      config: routed.config,
      merchantHandlesOffers: body.merchantHandlesOffers === true,
      stripeConnected: stripe !== null,
      subscription:
        subscription && summary
          ? {
              priceId: summary.plan.priceId,
              paused: isPaused(subscription),
              hasActiveDiscount: hasActiveDiscount(subscription, Math.floor(now.getTime() / 1000)),
              scheduledToCancel: scheduledEnd !== undefined,
              trialing: subscription.status === 'trialing',
            }
          : null,
      jurisdiction,
      recentSave: tier === 'pro' && (await hasRecentSave(deps.db, accountId, customerId, now, mode)),
      mode: decision.mode,
      maxOffers: decision.cap?.max_offers,
    })
    // The holdout runs the flow without offers: what the experiment compares the offers against.
    const eligibility = routed.arm?.holdout
      ? { offers: [], suppressedBy: decided.suppressedBy ?? ('holdout' as const) }
      : decided

    // Planned on the published projection, as the widget shows it (no promo code).
    const published = toPublishedConfig(routed.config)
    // This subscriber's steps: each reason's path with only the eligible offers, each offer's choices
    // without the plan they are on. The widget walks it; it carries no planning code.
    const plan = planFlow({
      config: published,
      reasons: routed.reasons,
      eligibleOffers: eligibility.offers,
      subscriber: summary ? { planId: summary.plan.priceId } : {},
      cap: decision.cap,
    })
    // And every word of it, for this subscriber, in the language the widget picks from the same wishes
    // (the token's claim first): the bundle carries no copy logic.
    const wanted = [subscriber.locale, body.locale, ...(body.languages ?? [])]
    const { words, locale } = sessionWords({
      config: published,
      reasons: routed.reasons,
      plan,
      wanted,
      subscriber: summary ? { planName: summary.plan.productName, periodEnd: summary.currentPeriodEnd } : {},
    })
    // The legal words (terms, the statutory page, the question after cancelling) are the account's,
    // whatever flow a segment gives: each block wholly in the subscriber's language or wholly in the
    // account's default one.
    const legal = resolveLegal(config, account.payload.reasons, wanted)
    const statutory =
      decision.mode === 'statutory_button'
        ? statutoryPage({
            decision,
            block: legal.statutory,
            subscription,
            planName: summary?.plan.productName ?? null,
            periodEnd: summary?.currentPeriodEnd ?? null,
          })
        : undefined

    const sessionId = newSessionId()
    const admission = await deps.db.transaction().execute(async (trx) => {
      // The authoritative count, serialised per account so concurrent starts cannot overshoot.
      const admitted = await admitCancelSession(trx, deps, { accountId, customerId, sessionId, mode, now })
      if (!admitted.admitted) return admitted
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
          segment_id: routed.segmentId,
          experiment_id: routed.arm?.experimentId ?? null,
          arm_id: routed.arm?.armId ?? null,
          subscriber_facts: JSON.stringify(routed.facts),
          // What this session shows is what its accept applies, whatever is saved meanwhile.
          flow_config: JSON.stringify(sessionFlowCopy(routed.config)),
          config_version: account.payload.version,
          jurisdiction: JSON.stringify(decision),
          locale,
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
      await enqueueSessionEvent(trx, { accountId, sessionId, type: 'session.started', now })
      await appendEvidence(trx, [
        sessionStartedEvidence({ accountId, sessionId, customerId, mode }, now, {
          decision,
          locale,
          flow: {
            version: account.payload.version,
            segmentId: routed.segmentId,
            experimentId: routed.arm?.experimentId ?? null,
            armId: routed.arm?.armId ?? null,
          },
          offers: { eligible: eligibility.offers, suppressedBy: eligibility.suppressedBy ?? null },
          subscriber: summary,
          plan,
          words,
          statutory,
          scheduledCancelAt:
            typeof scheduledEnd === 'number' ? new Date(scheduledEnd * 1000).toISOString() : null,
        }),
      ])
      return admitted
    })
    if (!admission.admitted) {
      recordWidgetErrorInBackground(deps, accountId, 'over_cap')
      return answer(c, 'POST /api/widget/sessions', SESSION_LIMIT, 200)
    }
    // Mails and metered usage after the answer: a slow mail server must not hold the subscriber.
    if (admission.followUp) void runUsageFollowUp(deps, admission.followUp)

    const response: SessionStartResponse = {
      fallback: false,
      sessionId,
      subscriber: summary,
      eligibleOffers: eligibility.offers,
      ...(eligibility.suppressedBy ? { offersSuppressedBy: eligibility.suppressedBy } : {}),
      ...(routed.custom || routed.reasons !== account.payload.reasons
        ? { flow: { config: published, reasons: routed.reasons } }
        : {}),
      plan,
      words,
      jurisdiction: { mode: decision.mode },
      ...(statutory ? { statutory } : {}),
      ...(decision.mode === 'offers_after_cancel' ? { afterCancel: blockWords(legal.after_cancel) } : {}),
      // Already leaving: the widget shows when it ends and an undo instead of the offers.
      ...(subscription && typeof scheduledEnd === 'number'
        ? { scheduledCancellation: scheduledCancellationOf(subscription, scheduledEnd, now, legal.terms) }
        : {}),
    }
    return answer(c, 'POST /api/widget/sessions', response, 201)
  }
}
