import type { FeedbackCategory, OfferType } from '../config/vocabulary'
import type { FlowAction, FlowScreenKind, OfferOption } from './kinds'

/**
 * The flow as it travels in the widget API's JSON: the screens, the plan the server made, the words it
 * resolved. Kept apart from the machine's own types because the widget bundle's minifier may rename
 * the machine's property names but never these (widget/src/build/private-properties.test.ts reads this
 * file as a contract).
 */

export type FlowScreen =
  | { readonly kind: 'reason' }
  | { readonly kind: 'feedback'; readonly category: FeedbackCategory }
  | { readonly kind: 'offer'; readonly offer: OfferType }
  | { readonly kind: 'confirm' }
  | { readonly kind: 'success'; readonly offer: OfferType }
  | { readonly kind: 'final' }

/**
 * Everything about a flow's steps that depends only on the config, the subscriber and the server's
 * eligibility decision, decided once by shared `planFlow`: by the server for the widget (the config
 * answer's `plan` for the screens shown before the session exists, the session answer's for the rest),
 * by the console's preview for its draft. The machine only walks it. (Plain arrays: it is also the
 * contract's JSON, checked against its response schema.)
 */
export interface FlowPlan {
  /**
   * The steps "Step x of y" counts, in order; fixed for the flow whatever the reason or eligibility, but
   * without the offer step in a jurisdiction mode that shows no offer before the cancellation.
   */
  steps: FlowScreenKind[]
  /** Continue on the reason screen needs a reason. */
  requireReason: boolean
  /**
   * The screens walked before the cancellation (reason, feedback, the eligible offer, confirm), by
   * reason key, and under '' without a reason (none chosen yet, or skipped when optional).
   */
  paths: Record<string, FlowScreen[]>
  /** What an offer lets the subscriber choose (pause lengths; plans, never their current one); absent: nothing. */
  options: Partial<Record<OfferType, OfferOption[]>>
}

/**
 * One screen's words, resolved for one language and one subscriber by shared `resolveFlowWords` (on the
 * server for the widget, in the console for its preview): the merchant's copy with its placeholders
 * filled, except the ones the subscriber's choice on screen decides (see FlowWords.options).
 */
export interface ScreenWords {
  /** "Step 2 of 4": the screen's place among the flow's counted steps; absent once the flow is over. */
  progress?: string
  headline: string
  subheadline: string
  /** Write-in feedback: the text box's placeholder. */
  placeholder?: string
  /** An offer with something to choose: the list's label. */
  dropdownLabel?: string
  /** A line under the copy: what a discount gives and for how long, where "talk to us" writes to. */
  note?: string
  /** The configured labels of this screen's actions; the other actions use the widget's own words. */
  labels: Partial<Record<FlowAction, string>>
}

/** What one offer option is called, and what choosing it puts into the screen's words. */
export interface OptionWords {
  label: string
  /** `{duration}` on pause screens, `{plan_name}` on a switch's success screen. */
  fills: Record<string, string>
}

/**
 * Every word a planned flow shows, for one language and subscriber: what the widget draws, so its
 * bundle carries no copy logic (which text a screen uses, percentages, day and month counts, dates).
 */
export interface FlowWords {
  /** By `screenKey`: `reason.`, `feedback.<category>`, `offer.<offer>`, `success.<offer>`, `confirm.`, `final.`. */
  screens: Record<string, ScreenWords>
  /** Each offer's options, in the order of the plan's `options` (the same plan the words were made for). */
  options: Partial<Record<OfferType, OptionWords[]>>
}
