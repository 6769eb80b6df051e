import type { CancellationReason } from '../config/types'
import type { OfferType } from '../config/vocabulary'
import type { UiStrings } from '../i18n/ui-strings'
import type { AcceptOfferResponse, CancelResponse, OfferChoice, SessionEventInput } from '../widget-api'
import type { FlowAction } from './kinds'
import type { FlowPlan, FlowScreen, FlowWords } from './wire-types'

export { FLOW_ACTIONS, type FlowAction, type FlowScreenKind, SCREEN_KINDS } from './kinds'
export type { FlowPlan, FlowScreen, FlowWords, OptionWords, ScreenWords } from './wire-types'

/**
 * Types of the cancel-flow machine; its two closed vocabularies (screen kinds, actions) live in
 * `kinds.ts`, a leaf the wire types share, and are re-exported here.
 */

export type FlowEvent =
  | { type: 'SELECT_REASON'; key: string }
  | { type: 'SET_FEEDBACK'; text: string }
  | { type: 'SELECT_OPTION'; months?: number; planId?: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'ACCEPT_OFFER' }
  | { type: 'DECLINE_OFFER' }
  | { type: 'CANCEL' }
  | { type: 'STAY' }
  | { type: 'CLOSE' }
  | { type: 'RETRY' }

export type FlowStatus = 'idle' | 'working' | 'error'

/**
 * How a flow ended, in the shape the widget hands merchants (its SessionResult, `fallback` aside): the
 * outcome, with the offer and the server's answer when there was one.
 */
export type FlowResult =
  | {
      /** 'contacted': "talk to us" answered with the support address or page (not a save). */
      readonly outcome: 'saved' | 'contacted'
      readonly offer: OfferType
      readonly response: AcceptOfferResponse
    }
  | { readonly outcome: 'canceled'; readonly response: CancelResponse }
  | { readonly outcome: 'stayed' }
  | { readonly outcome: 'closed' }

export interface FlowSnapshot {
  readonly screen: FlowScreen
  readonly status: FlowStatus
  /** Validation message or the failed call's message (unsanitised: the widget sanitises). */
  readonly error: string | null
  readonly reasonKey: string | null
  readonly feedback: string
  readonly selection: Readonly<OfferChoice>
  /** Empty while working and once done. */
  readonly actions: readonly FlowAction[]
  readonly canGoBack: boolean
  /**
   * The cancellation could not be carried out here (it failed twice, or the server said the merchant's
   * own cancellation must take over): the widget hands the subscriber to the merchant's cancel page.
   */
  readonly handedOver: boolean
  /** Set on success/final screens (saved/canceled), or when the subscriber stays or closes. */
  readonly result: FlowResult | null
  /** The flow is over: the widget should close. Success/final screens are not done until CLOSE. */
  readonly done: boolean
}

export interface FlowSubscriber {
  /** Current Stripe price id: never offered as a plan to switch to. */
  planId?: string
  planName?: string
  periodEnd?: string | null
  /** Reserved for currency-aware copy; plan prices are display strings today. */
  currency?: string
}

export interface FlowEffects {
  acceptOffer(input: {
    offer: OfferType
    choice: OfferChoice
    reasonKey: string | null
  }): Promise<AcceptOfferResponse>
  cancel(input: { reasonKey: string | null; feedback: string }): Promise<CancelResponse>
  /** Fire-and-forget; the widget batches and stamps `at`. Exceptions are swallowed. */
  record(event: SessionEventInput): void
}

export interface FlowMachineOptions {
  /** The flow's words, resolved for this language and subscriber against `plan`. */
  words: FlowWords
  /**
   * The reasons in display order, as the widget's config answer lists them (`shownReasons`: the
   * account's order, or `copy.cancel_reasons` when set); only enabled ones show.
   */
  reasons: readonly CancellationReason[]
  /** The planned steps (see FlowPlan); the preview and tests plan their own with `planFlow`. */
  plan: FlowPlan
  effects: FlowEffects
  /**
   * Open on any screen, recording nothing: the screen a flow shown before its session was on, and the
   * preview's step switcher (which starts a machine on the screen asked for).
   */
  initialScreen?: FlowScreen
  /** BCP 47 locale for the dates the widget writes itself (a cancellation's end); default en-US. */
  locale?: string
  /** The widget's own words in the subscriber's language (they come with the published config). */
  strings: UiStrings
}

/** Everything fixed for the lifetime of a machine; `screenCopy` reads it too. */
export interface FlowContext {
  readonly words: FlowWords
  readonly plan: FlowPlan
  /** The reasons the reason screen shows, in order. */
  readonly reasons: readonly CancellationReason[]
  readonly locale: string
  readonly strings: UiStrings
}

export type FlowListener = (snapshot: FlowSnapshot) => void

export interface FlowMachine {
  getSnapshot(): FlowSnapshot
  subscribe(listener: FlowListener): () => void
  send(event: FlowEvent): void
  readonly context: FlowContext
}
