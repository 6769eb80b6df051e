import { reactivationAcceptSchema, reactivationRequestSchema } from '@retainkit/shared/schemas'
import type { ReactivationAcceptResponse, ReactivationResponse } from '@retainkit/shared/widget-api'
import type { Handler } from 'hono'
import type Stripe from 'stripe'
import type { CancelSession } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import {
  type ActionOutcome,
  actionKeys,
  idempotencyHeader,
  requestHash,
} from '../../services/widget/idempotency'
import {
  findReactivationTarget,
  type ReactivationTarget,
  reactivate,
  winbackOffer,
} from '../../services/widget/reactivation'
import { reactivationTerms } from '../../services/widget/reactivation-terms'
import {
  hasRecentSave,
  loadSessionFor,
  newSessionId,
  recordSessionEnd,
} from '../../services/widget/session-store'
import { merchantStripe, planOf, subscriptionMrr } from '../../services/widget/stripe-subscriber'
import { authenticateWidgetCall, type WidgetCaller } from './auth'
import { noStore, readOptionalBody } from './body'
import type { WidgetEnv } from './cors'
import { runSessionAction } from './session-action'

/** Without a session id, accept uses the customer's latest banner session from this window. */
const BANNER_SESSION_WINDOW_MS = 24 * 3600_000

const NOTHING_TO_REACTIVATE = 'There is nothing to reactivate for this subscriber.'

/** Reactivation is a Pro feature, switched on in config.reactivation, and needs Stripe. */
async function reactivationStripe(deps: AppDeps, caller: WidgetCaller): Promise<Stripe | null> {
  const { tier, config } = caller.account.payload
  if (tier !== 'pro' || !config.reactivation?.enabled) return null
  return merchantStripe(deps, caller.subscriber.accountId)
}

async function createBannerSession(
  deps: AppDeps,
  caller: WidgetCaller,
  target: ReactivationTarget,
  withImpression: boolean,
): Promise<CancelSession> {
  const now = deps.clock.now()
  const { subscriber } = caller
  return deps.db.transaction().execute(async (trx) => {
    const session = await trx
      .insertInto('cancel_sessions')
      .values({
        id: newSessionId(),
        account_id: subscriber.accountId,
        kind: 'reactivation',
        mode: subscriber.mode,
        customer_id: subscriber.customerId,
        subscription_id: target.subscription.id,
        mrr: subscriptionMrr(target.subscription),
        currency: target.subscription.currency,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    if (withImpression) {
      await trx
        .insertInto('session_events')
        .values({
          account_id: subscriber.accountId,
          session_id: session.id,
          step: 'banner_shown',
          created_at: now,
        })
        .execute()
    }
    return session
  })
}

/**
 * `POST /api/widget/reactivation` (token; body `{}`) → ReactivationResponse. Eligible when the account
 * is Pro with config.reactivation.enabled and Stripe connected, and the customer has a paused
 * subscription, one scheduled to cancel, or — with no live one — a canceled one (churned, who get the
 * winback offer unless they used an offer in the last 90 days). Creates a 'reactivation' session and
 * records `banner_shown`; the banner's dismissal arrives as `banner_dismissed` through the events call.
 */
export function reactivationHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const caller = await authenticateWidgetCall(deps, c)
    await readOptionalBody(c, reactivationRequestSchema)
    noStore(c)
    const notEligible: ReactivationResponse = { eligible: false }
    const stripe = await reactivationStripe(deps, caller)
    if (!stripe) return c.json(notEligible, 200)
    const { customerId, subscriptionId, accountId } = caller.subscriber
    const target = await findReactivationTarget(deps, stripe, customerId, subscriptionId)
    if (!target) return c.json(notEligible, 200)
    const now = deps.clock.now()
    const recentSave = await hasRecentSave(deps.db, accountId, customerId, now, caller.subscriber.mode)
    const offer = winbackOffer(caller.account.payload.config, target.kind, recentSave)
    // No banner that cannot say what it would charge.
    const terms = reactivationTerms(target.subscription, target.kind, offer, now)
    if (!terms) return c.json(notEligible, 200)
    const session = await createBannerSession(deps, caller, target, true)
    const response: ReactivationResponse = {
      eligible: true,
      sessionId: session.id,
      kind: target.kind,
      subscriptionId: target.subscription.id,
      plan: planOf(target.subscription),
      offer,
      terms,
    }
    return c.json(response, 200)
  }
}

async function bannerSession(
  deps: AppDeps,
  caller: WidgetCaller,
  stripe: Stripe,
  sessionId: string | undefined,
): Promise<CancelSession> {
  const { subscriber } = caller
  if (sessionId) {
    const session = await loadSessionFor(deps.db, sessionId, subscriber)
    if (session.kind !== 'reactivation')
      throw new HttpError('INVALID_INPUT', 'Not a reactivation session', 'sessionId')
    return session
  }
  const since = new Date(deps.clock.now().getTime() - BANNER_SESSION_WINDOW_MS)
  const latest = await deps.db
    .selectFrom('cancel_sessions')
    .selectAll()
    .where('account_id', '=', subscriber.accountId)
    .where('customer_id', '=', subscriber.customerId)
    .where('kind', '=', 'reactivation')
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (latest) return latest
  // Accepted without the banner call (e.g. a merchant's own button): open a session for the record.
  const target = await findReactivationTarget(deps, stripe, subscriber.customerId, subscriber.subscriptionId)
  if (!target) throw new HttpError('CONSTRAINT_VIOLATION', NOTHING_TO_REACTIVATE)
  return createBannerSession(deps, caller, target, false)
}

/**
 * `POST /api/widget/reactivation/accept` (token; body `{sessionId?}`; optional `Idempotency-Key`) →
 * ReactivationAcceptResponse. Paused → pause_collection cleared (or resumed when status is paused);
 * scheduled → cancel_at_period_end false; churned → a new subscription on the last canceled one's
 * price, with the winback coupon in `discounts`. Records the save (mechanism 'reactivation') and
 * `banner_accepted`. Idempotent per banner session: a replay answers the stored response.
 */
export function reactivationAcceptHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const caller = await authenticateWidgetCall(deps, c)
    const body = await readOptionalBody(c, reactivationAcceptSchema)
    const header = idempotencyHeader(c.req.header('idempotency-key'))
    noStore(c)
    const stripe = await reactivationStripe(deps, caller)
    if (!stripe)
      throw new HttpError('BUSINESS_RULE_VIOLATION', 'Reactivation is not available for this account.')
    const session = await bannerSession(deps, caller, stripe, body.sessionId)
    const { subscriber } = caller
    const hash = requestHash('reactivate', {})
    const keys = actionKeys(`reactivate:${session.id}`, header)

    const act = async (): Promise<ActionOutcome<ReactivationAcceptResponse>> => {
      const target = await findReactivationTarget(
        deps,
        stripe,
        subscriber.customerId,
        subscriber.subscriptionId,
      )
      if (!target) throw new HttpError('CONSTRAINT_VIOLATION', NOTHING_TO_REACTIVATE)
      const now = deps.clock.now()
      const recentSave = await hasRecentSave(
        deps.db,
        subscriber.accountId,
        subscriber.customerId,
        now,
        subscriber.mode,
      )
      const offer = winbackOffer(caller.account.payload.config, target.kind, recentSave)
      const done = await reactivate(
        deps,
        stripe,
        target,
        offer,
        `retainkit_reactivate_${session.id}_${target.kind}`,
      )
      return {
        result: {
          status: 200,
          body: {
            status: 'reactivated',
            kind: target.kind,
            subscriptionId: done.subscriptionId,
            message: done.message,
          },
        },
        record: async (trx) => {
          await trx
            .insertInto('saves')
            .values({
              account_id: subscriber.accountId,
              session_id: session.id,
              customer_id: subscriber.customerId,
              subscription_id: done.subscriptionId,
              mechanism: 'reactivation',
              mrr_before: done.mrrBefore,
              mrr_after: done.mrrAfter,
              currency: target.subscription.currency,
              detail: JSON.stringify(done.detail),
              created_at: now,
            })
            .execute()
          await recordSessionEnd(trx, {
            accountId: subscriber.accountId,
            sessionId: session.id,
            step: 'banner_accepted',
            status: 'saved',
            now,
          })
        },
      }
    }
    // The session is the subscriber's (bannerSession only finds or opens one in their account).
    const result = await runSessionAction(deps, session, {
      keys,
      hash,
      conflictMessage: 'This subscription was already reactivated.',
      act,
    })
    return c.json(result.body, result.status as 200)
  }
}
