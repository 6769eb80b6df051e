import type { FlowPlan, FlowWords } from '@retainkit/shared/flow'
import { planFlow } from '@retainkit/shared/flow'
import { type ResolvedLegal, resolveLegal, sessionWords } from '@retainkit/shared/i18n'
import { chooseAddress, type JurisdictionDecision } from '@retainkit/shared/jurisdiction'
import type { SessionStartRequest, StatutoryPage } from '@retainkit/shared/widget-api'
import { toPublishedConfig } from '@retainkit/shared/widget-api'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { type RoutedFlow, routeFlow, subscriberFacts } from '../segments/route-flow'
import { widgetChunkUrl } from './chunks'
import { decideOffers, type Eligibility } from './eligibility'
import type { PublishedWidgetConfig } from './published-config'
import { decideSessionJurisdiction, statutoryPage } from './session-jurisdiction'
import { hasRecentSave } from './session-store'
import {
  customerAddress,
  findSubscription,
  hasActiveDiscount,
  isPaused,
  isScheduledToCancel,
  merchantStripe,
  scheduledEndOf,
  summarize,
} from './stripe-subscriber'
import type { Subscriber } from './subscriber-token'

/**
 * What a cancel session of this subscriber shows, decided on the server from the signed token, Stripe
 * and the account's rules: the jurisdiction mode, the flow (segment, experiment arm), the offers, the
 * plan of screens and every word of it in their language, the legal words, and the statutory page.
 * The session start stores and answers it; the route call (`POST /api/widget/route`) answers it before
 * the click, without a session, so a page with the token in it can draw the routed flow at once.
 */
export interface SessionPlan {
  stripe: Stripe | null
  subscription: Stripe.Subscription | null
  summary: ReturnType<typeof summarize> | null
  /** Unix seconds when the subscription is scheduled to end; undefined when it is not. */
  scheduledEnd: number | null | undefined
  decision: JurisdictionDecision
  routed: RoutedFlow
  eligibility: Eligibility
  plan: FlowPlan
  words: FlowWords
  locale: string
  legal: ResolvedLegal
  statutory: StatutoryPage | undefined
  /** The published projection of the routed flow (no promo code), for the widget. */
  published: ReturnType<typeof toPublishedConfig>
  /** The lazily loaded part of the widget the mode draws with (absolute URL), when it has one. */
  chunk: string | undefined
}

/** The widget chunk each mode draws with, when it draws anything of its own. */
const MODE_CHUNKS: Partial<Record<JurisdictionDecision['mode'], string>> = {
  statutory_button: 'statutory',
  offers_after_cancel: 'after-cancel',
}

export async function planSession(
  deps: AppDeps,
  input: {
    subscriber: Subscriber
    account: PublishedWidgetConfig
    body: Pick<SessionStartRequest, 'locale' | 'languages' | 'merchantHandlesOffers'>
    now: Date
  },
): Promise<SessionPlan> {
  const { subscriber, account, body, now } = input
  const { accountId, customerId, mode } = subscriber
  const { tier, config } = account.payload
  const stripe = await merchantStripe(deps, accountId)
  const subscription = stripe
    ? await findSubscription(deps, stripe, customerId, subscriber.subscriptionId)
    : null
  const summary = subscription ? summarize(subscription) : null
  const scheduledEnd =
    subscription && isScheduledToCancel(subscription) ? scheduledEndOf(subscription) : undefined
  // The jurisdiction mode: from the signed token's country and state, else the Stripe address.
  const decision = decideSessionJurisdiction({ config, subscriber, subscription, now })
  const { address } = chooseAddress(
    subscriber.jurisdiction,
    subscription ? customerAddress(subscription) : null,
  )
  // Segment and experiment arm: decided here from Stripe and the signed token, never from the body.
  const routed = await routeFlow(deps, {
    accountId,
    customerId,
    tier,
    routed: account.payload.routed === true,
    facts: subscriberFacts({ subscriber, subscription, summary, jurisdiction: address, now }),
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
    jurisdiction: address,
    recentSave: tier === 'pro' && (await hasRecentSave(deps.db, accountId, customerId, now, mode)),
    mode: decision.mode,
    maxOffers: decision.cap?.max_offers,
  })
  // The holdout runs the flow without offers: what the experiment compares the offers against.
  const eligibility: Eligibility = routed.arm?.holdout
    ? { offers: [], suppressedBy: decided.suppressedBy ?? 'holdout' }
    : decided
  // Planned on the published projection, as the widget shows it (no promo code): each reason's path
  // with only the eligible offers (cut to the jurisdiction's cap), each offer's choices without the
  // subscriber's own plan. The widget walks it; it carries no planning code.
  const published = toPublishedConfig(routed.config)
  const plan = planFlow({
    config: published,
    reasons: routed.reasons,
    eligibleOffers: eligibility.offers,
    subscriber: summary ? { planId: summary.plan.priceId } : {},
    cap: decision.cap,
    mode: decision.mode,
  })
  // Every word of it in the language the widget picks from the same wishes (the token's claim first).
  const wanted = [subscriber.locale, body.locale, ...(body.languages ?? [])]
  const { words, locale } = sessionWords({
    config: published,
    reasons: routed.reasons,
    plan,
    wanted,
    subscriber: summary ? { planName: summary.plan.productName, periodEnd: summary.currentPeriodEnd } : {},
  })
  // The legal words are the account's, whatever flow a segment gives: each block wholly in the
  // subscriber's language or wholly in the account's default one.
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
  const chunkName = MODE_CHUNKS[decision.mode]
  const chunk = chunkName ? widgetChunkUrl(deps, chunkName) : undefined
  return {
    ...{ stripe, subscription, summary, scheduledEnd, decision, routed, eligibility, plan, words, locale },
    ...{ legal, statutory, published, chunk },
  }
}
