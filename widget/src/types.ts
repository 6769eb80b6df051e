import type { FlowScreen } from '@retainkit/shared/flow'
import type { OfferType } from '@retainkit/shared/vocabulary'
import type {
  AcceptOfferResponse,
  CancelResponse,
  OfferChoice,
  PaymentPrompt,
  ReactivationAcceptResponse,
  SubscriberSummary,
} from '@retainkit/shared/widget-api'
import type { WidgetContext } from './host/types'

/**
 * The widget's public JavaScript API (what merchants call through `window.Retainkit`) and the contract
 * between the loader and the lazily loaded bundle. Types only.
 */

/** A subscriber token (minted by the merchant's server), given directly or fetched when needed. */
export type TokenSource =
  | { token: string; getToken?: undefined }
  | { token?: undefined; getToken: () => string | Promise<string> }

export interface OfferInput {
  offer: OfferType
  choice: OfferChoice
  reasonKey: string | null
  sessionId: string
  /** Null when the account has no Stripe connection. */
  subscriber: SubscriberSummary | null
}

export interface CancelInput {
  reasonKey: string | null
  feedback: string
  sessionId: string
  subscriber: SubscriberSummary | null
}

export type SessionOutcome = 'saved' | 'contacted' | 'canceled' | 'stayed' | 'closed' | 'fallback'

export interface SessionResult {
  outcome: SessionOutcome
  offer?: OfferType
  response?: AcceptOfferResponse | CancelResponse
}

export interface FlowHandlers {
  /** The merchant performs the billing change itself; throw (or reject) to show an error with a Retry. */
  handleOffer?: (input: OfferInput) => unknown
  /** The merchant cancels the subscription itself; throw (or reject) to show an error with a Retry. */
  handleCancel?: (input: CancelInput) => unknown
  onCancel?: (result: SessionResult) => void
  onSave?: (result: SessionResult) => void
  onClose?: () => void
  onStepChange?: (screen: FlowScreen) => void
}

/**
 * The subscriber's language (`fr`, `pt-BR`), when the page knows it: used when the token carries no
 * `locale` claim, before the browser's languages.
 */
export interface LocaleOption {
  locale?: string
}

export type CancelFlowOptions = TokenSource & FlowHandlers & LocaleOption

export interface ReactivationOptions extends LocaleOption {
  token?: string
  getToken?: () => string | Promise<string>
  onReactivate?: (response: ReactivationAcceptResponse) => void
  onDismiss?: () => void
  /**
   * A past-due subscriber (payment recovery): the merchant's own UI takes over instead of the widget's
   * banner or wall, with the signed card-update link and the words in the subscriber's language.
   */
  onPaymentFailed?: (prompt: PaymentFailedPrompt) => void
}

/** What `onPaymentFailed` receives. */
export type PaymentFailedPrompt = Pick<PaymentPrompt, 'link' | 'pauseLink' | 'mode' | 'amount' | 'words'>

export interface ReactivationResult {
  /** Whether a banner is on screen (false: not eligible, dismissed recently, or unavailable). */
  shown: boolean
}

export interface InitOptions {
  accountId: string
  mode?: 'live' | 'test'
  apiBase?: string
}

/** How the loader asks the bundle to open a flow. */
export interface ShowRequest {
  /** The element the subscriber activated; focus returns to it when the dialog closes. */
  trigger: Element | null
  /** Called once the first screen is on screen: the loader stops its fail-open timer. */
  onVisible: () => void
  /** Aborted by the loader when it gave up (fail-open): the bundle must not show anything any more. */
  signal: AbortSignal
  /** When the subscriber asked for the flow (ms since the epoch): the 3 s fail-open clock starts there. */
  openedAt?: number
}

/** What the bundle registers with the loader (`Retainkit._r(bundle)`). */
export interface WidgetBundle {
  /** Every public command, handed over by the loader in call order (bundle/commands.ts). */
  run: RunCommand
  /** The cancel flow itself (what the showCancelFlow command runs, once checked). */
  showCancelFlow(
    context: WidgetContext,
    options: CancelFlowOptions,
    request: ShowRequest,
  ): Promise<SessionResult>
  /** The banner (what the showReactivation command runs, once checked). */
  showReactivation(context: WidgetContext, options: ReactivationOptions): Promise<ReactivationResult>
  /** An attached cancel link's subscriber: what their session would show, asked before any click. */
  route(context: WidgetContext, options: CancelFlowOptions): void
  /** Close whatever is open (open flows resolve as 'closed'). */
  destroy(): void
}

export const FALLBACK_RESULT: Readonly<SessionResult> = { outcome: 'fallback' }

/** What a failed command answers instead of rejecting into the page (the loader's and the bundle's). */
export const failedResult = (command: unknown) =>
  command === 'showCancelFlow'
    ? FALLBACK_RESULT
    : command === 'showReactivation'
      ? { shown: false }
      : undefined

/**
 * What the loader knows when it hands a command over: the config it prefetched for the page's init, the
 * element the subscriber activated and when (a flow's fail-open clock starts at the click).
 */
export interface CommandCall {
  config?: Promise<unknown>
  trigger: Element | null
  openedAt: number
}

export type RunCommand = (args: unknown[], call: CommandCall) => Promise<unknown>
