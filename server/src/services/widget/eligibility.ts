import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { isOfferUsable } from '@retainkit/shared/flow'
import {
  type JurisdictionMode,
  offersBlockedBy,
  type SubscriberAddress,
} from '@retainkit/shared/jurisdiction'
import { OFFER_TYPES, type OfferType } from '@retainkit/shared/vocabulary'
import type { SessionStartResponse } from '@retainkit/shared/widget-api'
import { hasDestination } from './offer-destination'

/**
 * Which save offers a subscriber may see, decided on the server (the widget only renders them). Rules,
 * in order — the first that removes every offer names itself in `suppressedBy`:
 * 1. offers are a Pro feature                                   → 'free_tier'
 * 2. the subscription is already scheduled to cancel: nothing to save   → 'scheduled_cancel'
 * 3. config.compliance.suppress_offers; the subscriber's jurisdiction (the
 *    token's country/state, else the Stripe address) in one of
 *    config.compliance.suppress_offers_in; or no known jurisdiction with
 *    config.compliance.suppress_offers_when_unknown                      → 'compliance'
 * 3b. the session's jurisdiction mode allows no offer in the flow: offers after
 *    cancellation, the statutory page, or a cap of no offers            → 'jurisdiction'
 * 4. at most one accepted offer per subscriber per OFFER_COOLDOWN_DAYS  → 'recent_save'
 * 5. Stripe is connected but the customer has no live subscription      → 'no_subscription'
 * Then per offer: enabled and usable in the config (shared `isOfferUsable`: a switch needs a plan
 * other than the current price, or a redirect); and something must be able to carry it out — a
 * redirect_template (or the support address of "talk to us"), the merchant's own handler, or Stripe
 * (with a subscription); a discount is not offered on a subscription that already has an active
 * discount, a pause to a paused one, a trial extension to one that is not trialing.
 */
export type SuppressedBy = NonNullable<
  Extract<SessionStartResponse, { fallback: false }>['offersSuppressedBy']
>

export interface SubscriptionFacts {
  priceId: string
  paused: boolean
  hasActiveDiscount: boolean
  scheduledToCancel: boolean
  /** In its trial: the only state a trial can be extended in. */
  trialing: boolean
}

export interface EligibilityInput {
  tier: 'free' | 'pro'
  config: CancelFlowConfig
  /** The widget was given handleOffer: the merchant performs the billing action itself. */
  merchantHandlesOffers: boolean
  stripeConnected: boolean
  /** Null without Stripe, or when the customer has no live subscription. */
  subscription: SubscriptionFacts | null
  /** Where the subscriber lives: the token's claims first, else the Stripe address; null when unknown. */
  jurisdiction: SubscriberAddress | null
  recentSave: boolean
  /** The session's jurisdiction mode and, for `offer_cap`, how many offers it allows. */
  mode?: JurisdictionMode
  maxOffers?: number
}

export interface Eligibility {
  offers: OfferType[]
  suppressedBy?: SuppressedBy
}

/** Whether Stripe alone (no redirect) can carry the offer out with this config. */
const APPLICABLE_VIA_STRIPE: Readonly<
  Record<OfferType, (config: CancelFlowConfig, priceId: string) => boolean>
> = {
  discount: ({ discount }) => discount.amount !== undefined || Boolean(discount.promo_code),
  pause: ({ pause }) => (pause.durations ?? []).length > 0,
  plan_switch: ({ plan_switch }, priceId) => (plan_switch.plans ?? []).some((plan) => plan.id !== priceId),
  billing_cycle_switch: ({ billing_cycle_switch }, priceId) =>
    (billing_cycle_switch.plans ?? []).some((plan) => plan.id !== priceId),
  trial_extension: ({ trial_extension }) => trial_extension.days !== undefined,
  // Talking to support changes nothing in Stripe: it needs the support address (see offerDestination).
  talk_to_us: () => false,
}

/** A subscription's state can rule an offer out whatever would carry it out. */
const STATE_ALLOWS: Readonly<Record<OfferType, (facts: SubscriptionFacts) => boolean>> = {
  discount: (facts) => !facts.hasActiveDiscount,
  pause: (facts) => !facts.paused,
  plan_switch: () => true,
  billing_cycle_switch: () => true,
  trial_extension: (facts) => facts.trialing,
  talk_to_us: () => true,
}

export function decideOffers(input: EligibilityInput): Eligibility {
  const { config, subscription } = input
  if (input.tier !== 'pro') return { offers: [], suppressedBy: 'free_tier' }
  if (subscription?.scheduledToCancel) return { offers: [], suppressedBy: 'scheduled_cancel' }
  const blocked = offersBlockedBy({
    compliance: config.compliance,
    address: input.jurisdiction,
    mode: input.mode,
    maxOffers: input.maxOffers,
  })
  if (blocked) return { offers: [], suppressedBy: blocked }
  if (input.recentSave) return { offers: [], suppressedBy: 'recent_save' }
  if (input.stripeConnected && !subscription) return { offers: [], suppressedBy: 'no_subscription' }

  const offers = OFFER_TYPES.filter((offer) => {
    const section = config[offer]
    if (!section.enabled) return false
    if (!isOfferUsable(offer, config, subscription ? { planId: subscription.priceId } : {})) return false
    const viaStripe = subscription !== null && APPLICABLE_VIA_STRIPE[offer](config, subscription.priceId)
    if (!hasDestination(offer, config) && !input.merchantHandlesOffers && !viaStripe) return false
    return subscription === null || STATE_ALLOWS[offer](subscription)
  })
  return { offers }
}
