import type { CancelFlowConfig, Plan } from '../config/types'
import type { OfferType } from '../config/vocabulary'
import type { OfferChoice } from '../widget-api'
import type { FlowSubscriber } from './types'

/** A choice an offer screen lists: a pause length or a plan to switch to. */
export type OfferOption =
  | { readonly kind: 'months'; readonly months: number }
  | { readonly kind: 'plan'; readonly plan: Plan }

type OptionsOf = (config: CancelFlowConfig, subscriber: FlowSubscriber) => readonly OfferOption[]

const NO_OPTIONS: readonly OfferOption[] = []

// Switching to the plan you are already on saves nobody, so the current plan is never offered.
const planOptions =
  (offer: 'plan_switch' | 'billing_cycle_switch'): OptionsOf =>
  (config, subscriber) =>
    (config[offer].plans ?? [])
      .filter((plan) => plan.id !== subscriber.planId)
      .map((plan) => ({ kind: 'plan', plan }))

const OPTIONS: Readonly<Record<OfferType, OptionsOf>> = {
  discount: () => NO_OPTIONS,
  pause: (config) => (config.pause.durations ?? []).map((months) => ({ kind: 'months', months })),
  plan_switch: planOptions('plan_switch'),
  billing_cycle_switch: planOptions('billing_cycle_switch'),
}

/**
 * An offer is usable when accepting it can actually do something: a discount needs an amount, a coupon
 * or a redirect; the others need something to choose (pause length, another plan) or a redirect.
 */
const USABLE: Readonly<
  Record<OfferType, (config: CancelFlowConfig, options: readonly OfferOption[]) => boolean>
> = {
  discount: ({ discount }) =>
    discount.amount !== undefined || Boolean(discount.promo_code) || Boolean(discount.redirect_template),
  pause: ({ pause }, options) => options.length > 0 || Boolean(pause.redirect_template),
  plan_switch: ({ plan_switch }, options) => options.length > 0 || Boolean(plan_switch.redirect_template),
  billing_cycle_switch: ({ billing_cycle_switch }, options) =>
    options.length > 0 || Boolean(billing_cycle_switch.redirect_template),
}

export function offerOptions(
  offer: OfferType,
  config: CancelFlowConfig,
  subscriber: FlowSubscriber = {},
): readonly OfferOption[] {
  return OPTIONS[offer](config, subscriber)
}

export function isOfferUsable(
  offer: OfferType,
  config: CancelFlowConfig,
  subscriber: FlowSubscriber = {},
): boolean {
  return USABLE[offer](config, offerOptions(offer, config, subscriber))
}

/** The choice an option stands for, with only the field the server reads for that offer. */
export function choiceOf(option: OfferOption): OfferChoice {
  return option.kind === 'months' ? { months: option.months } : { planId: option.plan.id }
}

/** The offered option a choice designates, if any: how SELECT_OPTION and ACCEPT_OFFER validate. */
export function findOption(options: readonly OfferOption[], choice: OfferChoice): OfferOption | undefined {
  return options.find((option) =>
    option.kind === 'months' ? option.months === choice.months : option.plan.id === choice.planId,
  )
}

/** Pre-selects the first option so one click accepts; `{}` when the offer has nothing to choose. */
export function defaultChoice(options: readonly OfferOption[]): OfferChoice {
  const first = options[0]
  return first ? choiceOf(first) : {}
}
