import { resolveLegal } from '@retainkit/shared/i18n'
import { reactivationAcceptSchema, reactivationRequestSchema } from '@retainkit/shared/schemas'
import type { ReactivationAcceptResponse, ReactivationResponse } from '@retainkit/shared/widget-api'
import type { Handler } from 'hono'
import type Stripe from 'stripe'
import type { CancelSession } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { answer } from '../../http/respond'
import { rememberOwnChange } from '../../services/merchant-events/subscriptions'
import { paymentPromptFor } from '../../services/recovery/prompt'
import { identityOf, rememberCustomer } from '../../services/sessions/customers'
import { widgetChunkUrl } from '../../services/widget/chunks'
import { type CustomerLock, stripeIdempotencyKey } from '../../services/widget/customer-lock'
import { findBannerTarget } from '../../services/widget/followed-reactivation'
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
  hasRecentBannerDismissal,
  hasRecentSave,
  loadSessionFor,
  newSessionId,
  recordSessionEnd,
} from '../../services/widget/session-store'
import { merchantStripe, planOf, subscriptionMrr } from '../../services/widget/stripe-subscriber'
import { authenticateWidgetCall, type WidgetCaller } from './auth'
import { noStore, readOptionalBody } from './body'
import type { WidgetEnv } from './cors'
import { assertModeMayChange, runSessionAction } from './session-action'
import { sessionFlowConfig, sessionFlowCopy } from './session-flow'
import { limitSessionStarts } from './sessions'

/**
 * Without a session id, accept uses the customer's latest banner session from this window that was
 * not dismissed: an open one, or one already accepted (whose stored answer a replay then gets).
 */
const BANNER_SESSION_WINDOW_MS = 24 * 3600_000

const NOTHING_TO_REACTIVATE =
  'There is nothing to reactivate: this subscriber already has an active subscription, or none to come back to.'
const NOTHING_TO_UNDO = 'This subscription is not scheduled to cancel: there is nothing to undo.'

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
        // The winback offer the banner shows is the one its accept applies.
        flow_config: JSON.stringify(sessionFlowCopy(caller.account.payload.config)),
        config_version: caller.account.payload.version,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await rememberCustomer(trx, {
      accountId: subscriber.accountId,
      customerId: subscriber.customerId,
      identity: identityOf(target.subscription),
      now,
    })
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
 * subscription, one scheduled to cancel, or — with no live one at all — a canceled one (churned, who
 * get the winback offer unless they used an offer in the last 90 days). Creates a 'reactivation'
 * session (rate-limited with cancel sessions, per token and per customer) and records `banner_shown`;
 * the banner's dismissal arrives as `banner_dismissed` through the events call, and keeps the banner
 * away from that customer for BANNER_DISMISS_DAYS, on every device (checked here, before Stripe).
 */
export function reactivationHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const caller = await authenticateWidgetCall(deps, c)
    await readOptionalBody(c, reactivationRequestSchema)
    noStore(c)
    // A past-due subscriber gets the payment prompt (payment recovery) instead of any banner.
    const prompt = await paymentPromptFor(deps, caller.subscriber, caller.account.payload.defaultLocale)
    if (prompt) return answer(c, 'POST /api/widget/reactivation', { eligible: false, prompt }, 200)
    const notEligible: ReactivationResponse = { eligible: false }
    const stripe = await reactivationStripe(deps, caller)
    if (!stripe) return answer(c, 'POST /api/widget/reactivation', notEligible, 200)
    const { customerId, subscriptionId, accountId, mode } = caller.subscriber
    const now = deps.clock.now()
    // Dismissed lately (on any device): no banner, and no Stripe call or session for it.
    if (await hasRecentBannerDismissal(deps.db, accountId, customerId, now, mode))
      return answer(c, 'POST /api/widget/reactivation', notEligible, 200)
    const target = await findBannerTarget(deps, stripe, accountId, customerId, subscriptionId)
    if (!target) return answer(c, 'POST /api/widget/reactivation', notEligible, 200)
    const recentSave = await hasRecentSave(deps.db, accountId, customerId, now, mode)
    const offer = winbackOffer(caller.account.payload.config, target.kind, recentSave)
    // No banner that cannot say what it would charge.
    // The account's terms words in the subscriber's language (the token's claim), wholly, else wholly in
    // its default language.
    const { config, reasons } = caller.account.payload
    const words = resolveLegal(config, reasons, [caller.subscriber.locale]).terms
    const terms = reactivationTerms(target.subscription, target.kind, offer, now, words)
    if (!terms) return answer(c, 'POST /api/widget/reactivation', notEligible, 200)
    await limitSessionStarts(deps, c, caller.subscriber)
    const session = await createBannerSession(deps, caller, target, true)
    const response: ReactivationResponse = {
      eligible: true,
      sessionId: session.id,
      kind: target.kind,
      subscriptionId: target.subscription.id,
      plan: planOf(target.subscription),
      offer,
      terms,
      // The widget's part that draws the banner, loaded only for these subscribers.
      chunk: widgetChunkUrl(deps, 'banner'),
    }
    return answer(c, 'POST /api/widget/reactivation', response, 200)
  }
}

/** The session an accept names, or the customer's latest banner session not dismissed, or a new one. */
async function acceptSession(
  deps: AppDeps,
  caller: WidgetCaller,
  sessionId: string | undefined,
): Promise<{ session: CancelSession; stripe: Stripe }> {
  const { subscriber } = caller
  if (sessionId) {
    const session = await loadSessionFor(deps.db, sessionId, subscriber)
    // Undoing a scheduled cancellation from the cancel flow is the subscriber's own choice, not an
    // offer: it needs Stripe, not the Pro banner.
    const stripe =
      session.kind === 'cancel'
        ? await merchantStripe(deps, subscriber.accountId)
        : await reactivationStripe(deps, caller)
    if (!stripe)
      throw new HttpError('BUSINESS_RULE_VIOLATION', 'Reactivation is not available for this account.')
    return { session, stripe }
  }
  const stripe = await reactivationStripe(deps, caller)
  if (!stripe)
    throw new HttpError('BUSINESS_RULE_VIOLATION', 'Reactivation is not available for this account.')
  const since = new Date(deps.clock.now().getTime() - BANNER_SESSION_WINDOW_MS)
  const latest = await deps.db
    .selectFrom('cancel_sessions')
    .selectAll()
    .where('account_id', '=', subscriber.accountId)
    .where('customer_id', '=', subscriber.customerId)
    .where('kind', '=', 'reactivation')
    .where('status', 'in', ['open', 'saved'])
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (latest) return { session: latest, stripe }
  // Accepted without the banner call (e.g. a merchant's own button): open a session for the record.
  const target = await findReactivationTarget(deps, stripe, subscriber.customerId, subscriber.subscriptionId)
  if (!target) throw new HttpError('CONSTRAINT_VIOLATION', NOTHING_TO_REACTIVATE)
  return { session: await createBannerSession(deps, caller, target, false), stripe }
}

/**
 * The target as Stripe has it now, under the customer's lock. A banner session takes any target the
 * token allows; a cancel session only undoes the scheduled cancellation of its own subscription.
 */
async function currentTarget(
  deps: AppDeps,
  stripe: Stripe,
  caller: WidgetCaller,
  session: CancelSession,
): Promise<ReactivationTarget> {
  const { customerId, subscriptionId } = caller.subscriber
  if (session.kind === 'cancel') {
    const target = session.subscription_id
      ? await findReactivationTarget(deps, stripe, customerId, session.subscription_id)
      : null
    if (target?.kind !== 'scheduled_cancel') throw new HttpError('CONSTRAINT_VIOLATION', NOTHING_TO_UNDO)
    return target
  }
  const target = await findReactivationTarget(deps, stripe, customerId, subscriptionId)
  if (!target) throw new HttpError('CONSTRAINT_VIOLATION', NOTHING_TO_REACTIVATE)
  return target
}

/**
 * `POST /api/widget/reactivation/accept` (token; body `{sessionId?}`; optional `Idempotency-Key`) →
 * ReactivationAcceptResponse. Serialised per customer: under the customer's lock the session must
 * still be open and the target is looked up afresh among ALL the customer's subscriptions. Paused →
 * pause_collection cleared (or resumed when status is paused); scheduled → cancel_at_period_end false;
 * churned → a new subscription on the last canceled one's price, with the winback coupon in
 * `discounts` — only while the customer has no live subscription, so a second tab, a replay or a token
 * naming the old subscription never creates another. A cancel session's id (one that started on a
 * subscription scheduled to cancel) undoes that cancellation. Records the save (mechanism
 * 'reactivation') and the session's end: `banner_accepted`, or `reason_continue` in a cancel session.
 * Idempotent per session: a replay answers the stored response.
 */
export function reactivationAcceptHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const caller = await authenticateWidgetCall(deps, c)
    const body = await readOptionalBody(c, reactivationAcceptSchema)
    const header = idempotencyHeader(c.req.header('idempotency-key'))
    noStore(c)
    const { session, stripe } = await acceptSession(deps, caller, body.sessionId)
    const { subscriber } = caller
    const hash = requestHash('reactivate', {})
    const keys = actionKeys(`reactivate:${session.id}`, header, subscriber.customerId)

    const act = async (
      lock: CustomerLock,
      current: CancelSession,
    ): Promise<ActionOutcome<ReactivationAcceptResponse>> => {
      const target = await currentTarget(deps, stripe, caller, current)
      assertModeMayChange(subscriber, target.subscription)
      const now = deps.clock.now()
      const recentSave = await hasRecentSave(
        lock.trx,
        subscriber.accountId,
        subscriber.customerId,
        now,
        current.mode,
      )
      const offer =
        current.kind === 'cancel'
          ? null
          : winbackOffer(sessionFlowConfig(current, caller.account.payload.config), target.kind, recentSave)
      const done = await reactivate(
        deps,
        stripe,
        target,
        offer,
        stripeIdempotencyKey('reactivate', lock, { subscription: target.subscription.id, kind: target.kind }),
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
              session_id: current.id,
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
          await rememberOwnChange(trx, subscriber.accountId, done.subscription, now)
          await recordSessionEnd(trx, {
            accountId: subscriber.accountId,
            sessionId: current.id,
            step: current.kind === 'cancel' ? 'reason_continue' : 'banner_accepted',
            status: 'saved',
            now,
          })
        },
      }
    }
    // The session is the subscriber's (acceptSession only finds or opens one of theirs).
    const result = await runSessionAction(deps, session, {
      keys,
      hash,
      conflictMessage: 'This subscription was already reactivated.',
      act,
    })
    return answer(c, 'POST /api/widget/reactivation/accept', result.body, result.status as 200)
  }
}
