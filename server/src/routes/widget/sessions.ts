import { sessionStartSchema } from '@retainkit/shared/schemas'
import type { RouteResponse, SessionStartResponse } from '@retainkit/shared/widget-api'
import type { Handler } from 'hono'
import type { Insertable, Transaction } from 'kysely'
import type { CancelSessionsTable, Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { answer } from '../../http/respond'
import { readBody } from '../../http/validate'
import { runUsageFollowUp } from '../../services/billing/follow-up'
import { admitCancelSession, starterCapReached } from '../../services/billing/usage'
import { appendEvidence } from '../../services/evidence/chain'
import { sessionStartedEvidence } from '../../services/evidence/session-evidence'
import { enforceRateLimit } from '../../services/rate-limit'
import { identityOf, rememberCustomer } from '../../services/sessions/customers'
import { enqueueSessionEvent } from '../../services/webhooks-out/outbox'
import { widgetChunkUrl } from '../../services/widget/chunks'
import { endsOnSentence } from '../../services/widget/messages'
import type { PublishedWidgetConfig } from '../../services/widget/published-config'
import { scheduledCancellationOf } from '../../services/widget/reactivation-terms'
import { blockWords } from '../../services/widget/session-jurisdiction'
import { planSession, type SessionPlan } from '../../services/widget/session-plan'
import { newSessionId } from '../../services/widget/session-store'
import { subscriptionMrrExact } from '../../services/widget/stripe-subscriber'
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

/**
 * What the session answer and the route answer share: the flow when a segment or arm chose another,
 * its plan and words, the jurisdiction mode with the chunk it draws with, and the modes' own words.
 */
export function routedParts(planned: SessionPlan, account: PublishedWidgetConfig): RouteResponse {
  const { routed, decision } = planned
  return {
    ...(routed.custom || routed.reasons !== account.payload.reasons
      ? { flow: { config: planned.published, reasons: routed.reasons } }
      : {}),
    plan: planned.plan,
    words: planned.words,
    jurisdiction: { mode: decision.mode, ...(planned.chunk ? { chunk: planned.chunk } : {}) },
    ...(planned.statutory ? { statutory: planned.statutory } : {}),
    ...(decision.mode === 'offers_after_cancel'
      ? { afterCancel: blockWords(planned.legal.after_cancel) }
      : {}),
  }
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
    const { tier } = account.payload
    const now = deps.clock.now()
    // A cheap early answer for an exhausted Starter account, before any Stripe call.
    if (await starterCapReached(deps, { accountId, customerId, tier, mode, now })) {
      recordWidgetErrorInBackground(deps, accountId, 'over_cap')
      return answer(c, 'POST /api/widget/sessions', SESSION_LIMIT, 200)
    }
    await limitSessionStarts(deps, c, subscriber)
    const planned = await planSession(deps, { subscriber, account, body, now })
    const start: SessionStart = { subscriber, account, planned, sessionId: newSessionId(), now }
    const admission = await deps.db.transaction().execute(async (trx) => {
      // The authoritative count, serialised per account so concurrent starts cannot overshoot.
      const admitted = await admitCancelSession(trx, deps, {
        accountId,
        customerId,
        sessionId: start.sessionId,
        mode,
        now,
      })
      if (admitted.admitted) await recordSessionStart(trx, start)
      return admitted
    })
    if (!admission.admitted) {
      recordWidgetErrorInBackground(deps, accountId, 'over_cap')
      return answer(c, 'POST /api/widget/sessions', SESSION_LIMIT, 200)
    }
    // Mails and metered usage after the answer: a slow mail server must not hold the subscriber.
    if (admission.followUp) void runUsageFollowUp(deps, admission.followUp)
    return answer(c, 'POST /api/widget/sessions', startedResponse(deps, start), 201)
  }
}

/** A session start once its plan is made: who, on which published flow, planned how, under which id, when. */
interface SessionStart {
  subscriber: Subscriber
  account: PublishedWidgetConfig
  planned: SessionPlan
  sessionId: string
  now: Date
}

/** The admitted session's row, its first event, the customer, the webhook and the ledger's entry. */
async function recordSessionStart(trx: Transaction<Database>, start: SessionStart): Promise<void> {
  const { subscriber, planned, sessionId, now } = start
  const { accountId, customerId } = subscriber
  await trx.insertInto('cancel_sessions').values(sessionRow(start)).execute()
  await trx
    .insertInto('session_events')
    .values({ account_id: accountId, session_id: sessionId, step: 'session_started', created_at: now })
    .execute()
  // Who the subscriber is, for the Sessions page: Stripe's e-mail and name, read with the subscription.
  await rememberCustomer(trx, { accountId, customerId, identity: identityOf(planned.subscription), now })
  await enqueueSessionEvent(trx, { accountId, sessionId, type: 'session.started', now })
  await appendEvidence(trx, [startedEvidence(start)])
}

function sessionRow({
  subscriber,
  account,
  planned,
  sessionId,
  now,
}: SessionStart): Insertable<CancelSessionsTable> {
  const { summary, subscription, scheduledEnd, decision, routed, eligibility, locale } = planned
  return {
    id: sessionId,
    account_id: subscriber.accountId,
    kind: 'cancel',
    mode: subscriber.mode,
    customer_id: subscriber.customerId,
    subscription_id: summary?.subscriptionId ?? null,
    mrr: summary?.mrr ?? 0,
    mrr_exact: subscription ? subscriptionMrrExact(subscription) : null,
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
  }
}

function startedEvidence({ subscriber, account, planned, sessionId, now }: SessionStart) {
  const { accountId, customerId, mode } = subscriber
  const { summary, scheduledEnd, decision, routed, eligibility, plan, words, locale } = planned
  return sessionStartedEvidence({ accountId, sessionId, customerId, mode }, now, {
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
    statutory: planned.statutory,
    scheduledCancelAt: typeof scheduledEnd === 'number' ? new Date(scheduledEnd * 1000).toISOString() : null,
  })
}

function startedResponse(
  deps: AppDeps,
  { account, planned, sessionId, now }: SessionStart,
): SessionStartResponse {
  const { summary, subscription, scheduledEnd, eligibility, locale } = planned
  return {
    fallback: false,
    sessionId,
    subscriber: summary,
    eligibleOffers: eligibility.offers,
    ...(eligibility.suppressedBy ? { offersSuppressedBy: eligibility.suppressedBy } : {}),
    ...routedParts(planned, account),
    // Already leaving: the widget shows when it ends and an undo instead of the offers.
    ...(subscription && typeof scheduledEnd === 'number'
      ? {
          scheduledCancellation: {
            ...scheduledCancellationOf(subscription, scheduledEnd, now, planned.legal.terms, (iso) =>
              endsOnSentence(account.payload, locale, iso),
            ),
            // The widget's part that draws it, loaded only for these subscribers.
            chunk: widgetChunkUrl(deps, 'scheduled'),
          },
        }
      : {}),
  }
}
