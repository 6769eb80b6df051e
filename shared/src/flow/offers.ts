import type { CancelFlowConfig } from '../config/types'
import type { OfferType } from '../config/vocabulary'
import type { OfferChoice } from '../widget-api'
import type { OfferOption } from './kinds'
import type { FlowSubscriber } from './types'

/** A choice an offer screen lists (a pause length or a plan to switch to): its type lives in `kinds.ts`. */
export type { OfferOption } from './kinds'

const planOptions =
  (offer: 'plan_switch' | 'billing_cycle_switch') =>
  (config: CancelFlowConfig, subscriber: FlowSubscriber): OfferOption[] =>
    (config[offer].plans ?? [])
      .filter((plan) => plan.id !== subscriber.planId)
      .map((plan) => ({ kind: 'plan', plan }))

/**
 * What each offer lets the subscriber choose: pause lengths, the plans for the two switch offers (never
 * the current plan: switching to it saves nobody), nothing for the others. A table, so a new offer type
 * does not compile until it says what it offers.
 */
const OPTIONS: Readonly<
  Record<OfferType, (config: CancelFlowConfig, subscriber: FlowSubscriber) => OfferOption[]>
> = {
  discount: () => [],
  pause: (config) => (config.pause.durations ?? []).map((months) => ({ kind: 'months', months })),
  plan_switch: planOptions('plan_switch'),
  billing_cycle_switch: planOptions('billing_cycle_switch'),
  trial_extension: () => [],
  talk_to_us: () => [],
}

export const offerOptions = (
  offer: OfferType,
  config: CancelFlowConfig,
  subscriber: FlowSubscriber = {},
): readonly OfferOption[] => OPTIONS[offer](config, subscriber)

/**
 * Whether accepting an offer can do something besides a redirect: a discount needs an amount or a
 * coupon, a trial extension its days, "talk to us" a support address, the others something to choose.
 */
const USABLE: Readonly<Record<OfferType, (config: CancelFlowConfig, subscriber: FlowSubscriber) => unknown>> =
  {
    discount: ({ discount }) => discount.amount !== undefined || discount.promo_code,
    pause: (config, subscriber) => OPTIONS.pause(config, subscriber).length,
    plan_switch: (config, subscriber) => OPTIONS.plan_switch(config, subscriber).length,
    billing_cycle_switch: (config, subscriber) => OPTIONS.billing_cycle_switch(config, subscriber).length,
    trial_extension: ({ trial_extension }) => trial_extension.days,
    talk_to_us: ({ talk_to_us }) => talk_to_us.email,
  }

/** An offer is usable when accepting it can actually do something; a redirect always can. */
export const isOfferUsable = (
  offer: OfferType,
  config: CancelFlowConfig,
  subscriber: FlowSubscriber = {},
): boolean => Boolean(config[offer].redirect_template || USABLE[offer](config, subscriber))

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
