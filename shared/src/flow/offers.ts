import type { CancelFlowConfig, Plan } from '../config/types'
import type { OfferType } from '../config/vocabulary'
import type { OfferChoice } from '../widget-api'
import type { FlowSubscriber } from './types'

/** A choice an offer screen lists: a pause length or a plan to switch to. */
export type OfferOption =
  | { readonly kind: 'months'; readonly months: number }
  | { readonly kind: 'plan'; readonly plan: Plan }

/**
 * Pause lengths for a pause, the plans for the two switch offers, nothing for a discount. Switching to
 * the plan you are already on saves nobody, so the current plan is never offered.
 */
export function offerOptions(
  offer: OfferType,
  config: CancelFlowConfig,
  subscriber: FlowSubscriber = {},
): readonly OfferOption[] {
  if (offer === 'discount') return []
  if (offer === 'pause') return (config.pause.durations ?? []).map((months) => ({ kind: 'months', months }))
  return (config[offer].plans ?? [])
    .filter((plan) => plan.id !== subscriber.planId)
    .map((plan) => ({ kind: 'plan', plan }))
}

/**
 * An offer is usable when accepting it can actually do something: a redirect always can; otherwise a
 * discount needs an amount or a coupon, the others something to choose (pause length, another plan).
 */
export function isOfferUsable(
  offer: OfferType,
  config: CancelFlowConfig,
  subscriber: FlowSubscriber = {},
): boolean {
  const { discount } = config
  return Boolean(
    config[offer].redirect_template ||
      (offer === 'discount'
        ? discount.amount !== undefined || discount.promo_code
        : offerOptions(offer, config, subscriber).length),
  )
}

/** The choice an option stands for, with only the field the server reads for that offer. */
export const choiceOf = (option: OfferOption): OfferChoice =>
  option.kind === 'months' ? { months: option.months } : { planId: option.plan.id }

/** The offered option a choice designates, if any: how SELECT_OPTION and ACCEPT_OFFER validate. */
export const findOption = (options: readonly OfferOption[], choice: OfferChoice): OfferOption | undefined =>
  options.find((option) =>
    option.kind === 'months' ? option.months === choice.months : option.plan.id === choice.planId,
  )

/** Pre-selects the first option so one click accepts; `{}` when the offer has nothing to choose. */
export const defaultChoice = (options: readonly OfferOption[]): OfferChoice =>
  options[0] ? choiceOf(options[0]) : {}
