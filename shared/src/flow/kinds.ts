import type { Plan } from '../config/types'

/**
 * The flow's closed vocabularies as `as const` tuples, so every `Record` over them is checked for
 * exhaustiveness, and what an offer lets the subscriber choose. A leaf: the machine's types, the wire
 * types and the offer tables all take these from here, so none of them imports another in a ring.
 */

/** Every screen kind, in flow order; parseScreen validates against it. */
export const SCREEN_KINDS = ['reason', 'feedback', 'offer', 'confirm', 'success', 'final'] as const
export type FlowScreenKind = (typeof SCREEN_KINDS)[number]

/** What the current screen lets the subscriber do; the widget renders a control for each. */
export const FLOW_ACTIONS = ['next', 'back', 'accept', 'decline', 'cancel', 'stay', 'close', 'retry'] as const
export type FlowAction = (typeof FLOW_ACTIONS)[number]

/** A choice an offer screen lists: a pause length or a plan to switch to. */
export type OfferOption =
  | { readonly kind: 'months'; readonly months: number }
  | { readonly kind: 'plan'; readonly plan: Plan }
