import type { CancelFlowConfig, CancellationReason } from './config/types'
import type { OfferType, SaveMechanism, SessionStep } from './config/vocabulary'
import type { FlowPlan, FlowWords } from './flow/wire-types'
import type { PublishedLocale } from './i18n/catalog-types'
import type { AfterCancelStrings, StatutoryStrings } from './i18n/legal-types'
import type { JurisdictionMode } from './jurisdiction/modes'

/**
 * The contract between the widget and the server's widget API. Types only, zod-free: the
 * widget imports it; the server validates requests with `schemas/widget.ts`. Every call except the
 * config read carries the subscriber token as `Authorization: Bearer <token>`.
 */

/**
 * The version of this contract that the widget built from these sources speaks and that the server
 * answers natively; the server also answers every version down to WIDGET_CONTRACT_OLDEST, adapting its
 * answers (server/src/routes/widget/versions/), and keeps serving those versions' bundles
 * (widget/releases/): the support window. The widget states its version as the `v` query parameter of
 * every call — a query, not a header, since a header would add a CORS preflight to the config read and
 * be refused by servers that predate it. A call without one is version 1, the widget from before
 * versioning. Bump it when a released widget's bundle changes (scripts/widget-release.mjs refuses to
 * archive another bundle under a version already archived).
 */
export const WIDGET_CONTRACT_VERSION = 2
export const WIDGET_CONTRACT_OLDEST = 1

export type WidgetMode = 'live' | 'test'

/**
 * What `GET /api/widget/config/:accountId` publishes of a saved config: what the widget shows or needs
 * to run the flow, nothing more. The discount's `promo_code` stays on the server, which applies it on
 * accept: published, it would hand the merchant's coupon to anyone who reads the endpoint. The console's
 * preview renders the same projection, so the merchant sees what subscribers get.
 */
export function toPublishedConfig(config: CancelFlowConfig): CancelFlowConfig {
  const { promo_code: _kept, ...discount } = config.discount
  return { ...config, discount }
}

/** `GET /api/widget/config/:accountId` */
export interface WidgetConfigResponse {
  accountId: string
  tier: 'free' | 'pro'
  /** The published `config_json` (`toPublishedConfig`): no secrets, no coupon codes. */
  config: CancelFlowConfig
  /** Enabled reasons in display order. */
  reasons: CancellationReason[]
  /** Increments on each published save; also the ETag's source. */
  version: number
  /**
   * `config.theme` as the style rule the widget puts on its shadow root (`:host{--rk-primary:…;…}`,
   * shared `themeToCssVariables` + `cssVariablesToText`), computed once per published version so the
   * widget bundle does not carry the contrast maths.
   */
  themeCss: string
  /** The account's default language: what a subscriber whose language the account lacks gets. */
  defaultLocale: string
  /**
   * Every language the account offers (the built-in ones, the default, the merchant's), each resolved
   * string by string (a missing one is the default language's): the widget picks one from the token's
   * `locale` claim, the `attach` option or the browser, and carries no words of its own.
   */
  locales: Record<string, PublishedLocale>
  /**
   * Set when segments or an experiment may give a subscriber another flow than this one: the widget
   * then waits for the session's `flow` before showing anything.
   */
  routed?: true
  /**
   * The published flow planned for the screens the widget shows while a session starts (shared
   * `planFlow` with every offer eligible): the first screen and the step count. The session's own plan
   * replaces it.
   */
  plan: FlowPlan
}

export interface SubscriberPlan {
  priceId: string
  productName: string
  /** Minor units (cents) per interval. */
  amount: number
  currency: string
  interval: 'day' | 'week' | 'month' | 'year'
  intervalCount: number
}

export interface SubscriberSummary {
  customerId: string
  subscriptionId: string
  status: string
  plan: SubscriberPlan
  /** Monthly recurring revenue of this subscription, minor units. */
  mrr: number
  cancelAtPeriodEnd: boolean
  currentPeriodEnd: string | null
}

/**
 * `POST /api/widget/sessions`. A merchant that performs billing actions itself (handleOffer /
 * handleCancel) says so, so offers stay available even without a connected Stripe account; the server
 * honours that only when the subscriber token carries the matching `handles` claim (else 403).
 */
export interface SessionStartRequest {
  /** Ignored: the mode follows from the subscriber token and the secret that signed it. */
  mode?: WidgetMode
  /**
   * The languages the widget was asked for, besides the token's `locale` claim (which comes first): the
   * page's `locale` option, then the browser's languages. The server picks the session's words among the
   * account's languages from the claim and these, as the widget picks its own (shared `pickLocale`), so
   * both speak the same one. Words only: nothing else depends on them.
   */
  locale?: string
  languages?: readonly string[]
  merchantHandlesOffers?: boolean
  merchantHandlesCancel?: boolean
}

export type SessionStartResponse =
  | {
      fallback: false
      sessionId: string
      /** Null when the account has no Stripe connection (the merchant's handlers do the billing). */
      subscriber: SubscriberSummary | null
      /** Offers the server found eligible for this subscriber, whatever the reason chosen. */
      eligibleOffers: OfferType[]
      /** Why offers are absent, when they are (for the console's debugging, never shown to subscribers). */
      offersSuppressedBy?:
        | 'free_tier'
        | 'compliance'
        | 'recent_save'
        | 'no_subscription'
        | 'scheduled_cancel'
        | 'holdout'
        | 'jurisdiction'
      /**
       * The jurisdiction mode the server decided for this session (shared `jurisdiction/`): what the
       * widget runs. Absent from older servers: `standard`.
       */
      jurisdiction?: SessionJurisdiction
      /** Mode `statutory_button`: the statutory page, worded, shown instead of the flow. */
      statutory?: StatutoryPage
      /** Mode `offers_after_cancel`: the question asked once the cancellation is done, worded. */
      afterCancel?: LegalBlockWords<AfterCancelStrings>
      /**
       * The flow this subscriber runs when a segment or an experiment arm chose another than the
       * published config (published projection: no coupon codes); absent means the published one.
       */
      flow?: { config: CancelFlowConfig; reasons: CancellationReason[] }
      /**
       * This subscriber's flow planned (shared `planFlow`): each reason's path with only the offers found
       * eligible, and each offer's options without their current plan. The widget walks it.
       */
      plan: FlowPlan
      /**
       * Every word of that plan in the requested language, for this subscriber (shared
       * `resolveFlowWords`): the widget draws them as they are.
       */
      words: FlowWords
      /**
       * The subscription is already scheduled to cancel: no offers; the widget says when it ends and offers
       * to undo that (with `terms`, through `/reactivation/accept` with this session's id) instead of
       * walking the subscriber through offers. Absent when Stripe names no end date (then the flow runs
       * without offers).
       */
      scheduledCancellation?: ScheduledCancellation
    }
  | {
      /** The widget must step aside and let the merchant's own cancel run (e.g. free tier's 51st session). */
      fallback: true
      reason: 'session_limit' | 'not_configured'
    }

/**
 * A session's jurisdiction mode and, when the mode draws with its own lazily loaded part of the widget
 * (the statutory page, the question after a cancellation), that chunk's absolute URL.
 */
export interface SessionJurisdiction {
  mode: JurisdictionMode
  chunk?: string
}

/**
 * `POST /api/widget/route` (body: SessionStartRequest's `locale`, `languages`, `merchantHandlesOffers`):
 * what a session of this subscriber would show, decided as the session start decides it, without
 * starting one. The widget asks once the bundle is prefetched with a token in the page, so a click on a
 * routed account (segments, experiments) or in a jurisdiction with its own page draws at once.
 */
export interface RouteResponse {
  flow?: { config: CancelFlowConfig; reasons: CancellationReason[] }
  plan: FlowPlan
  words: FlowWords
  jurisdiction: SessionJurisdiction
  statutory?: StatutoryPage
  afterCancel?: LegalBlockWords<AfterCancelStrings>
}

/** A legal block's words as a session carries them, with the language they are in (`i18n/legal.ts`). */
export interface LegalBlockWords<W> {
  lang: string
  dir: 'ltr' | 'rtl'
  words: W
}

/** The kinds of statutory declaration: § 312k BGB's two, and the EU withdrawal. */
export type StatutoryKind = 'ordinary' | 'extraordinary' | 'withdrawal'

/**
 * The statutory confirmation page for one subscriber: only the fields the law lists, prefilled from
 * Stripe and the token where known (the subscriber may change every one), the kinds they may declare,
 * and its words with the dates already written (`time_earliest`, `kind_withdrawal`, `withdrawal_intro`).
 */
export interface StatutoryPage extends LegalBlockWords<StatutoryStrings> {
  /** `termination` (§ 312k BGB) or `withdrawal` (the EU withdrawal function on its own). */
  variant: 'termination' | 'withdrawal'
  kinds: StatutoryKind[]
  name: string
  email: string
  contract: string
  /** The earliest date an ordinary cancellation ends the contract (ISO; the period end), when known. */
  earliestEnd: string | null
  /** The last day of the withdrawal period (ISO), while it runs. */
  withdrawalUntil: string | null
}

/** `POST /api/widget/sessions/:id/statutory`: the declaration the subscriber made on the statutory page. */
export interface StatutoryRequest {
  kind: StatutoryKind
  /** The reason of an extraordinary cancellation. */
  reason?: string
  name: string
  contract: string
  /** `earliest`, or a date (YYYY-MM-DD) the contract should end on. */
  effective: string
  email: string
}

export interface StatutoryResponse {
  status: 'received'
  /** When the declaration was received (ISO): the date and time the confirmation names. */
  receivedAt: string
  /** When the contract ends (ISO), null when Stripe does not say. */
  endsAt: string | null
  reference: string
  /** The page's confirmation, worded (`received_*` with the dates filled). */
  headline: string
  text: string
}

/** `POST /api/widget/sessions/:id/after-cancel`: the answer to the post-cancellation question. */
export interface AfterCancelRequest {
  answer: 'yes' | 'no'
}

export interface SessionEventInput {
  step: SessionStep
  reasonKey?: string
  offer?: OfferType
  /** Write-in feedback text (feedback_submitted). */
  text?: string
  /** Client time, ISO; the server keeps its own receipt time too. */
  at?: string
}

/** `POST /api/widget/sessions/:id/events` */
export interface SessionEventsRequest {
  events: SessionEventInput[]
}

/**
 * Its answer: 204 when every event was stored; 200 with this body when some were refused on their own
 * (a client time that cannot be real) and the others stored.
 */
export interface SessionEventsPartialResponse {
  accepted: number
  refused: { index: number; field: string; message: string }[]
}

export interface OfferChoice {
  /** Pause length in months (pause). */
  months?: number
  /** Target Stripe price id (plan_switch, billing_cycle_switch). */
  planId?: string
}

/** `POST /api/widget/sessions/:id/accept` (header `Idempotency-Key` optional; the session id suffices) */
export interface AcceptOfferRequest {
  offer: OfferType
  choice?: OfferChoice
  reasonKey?: string
  /**
   * The merchant's `handleOffer` performed the billing action; only record it. Needs the token's
   * `handles: ['offers']` claim (else 403).
   */
  handledByMerchant?: boolean
}

export type AcceptOfferResponse =
  | { status: 'applied'; mechanism: SaveMechanism; mrrBefore: number; mrrAfter: number; message: string }
  | { status: 'redirect'; mechanism: SaveMechanism; redirectUrl: string }
  | { status: 'recorded'; mechanism: SaveMechanism }

/** `POST /api/widget/sessions/:id/cancel` */
export interface CancelRequest {
  reasonKey?: string
  feedback?: string
  /** The merchant's `handleCancel` cancelled; only record it. Needs the token's `handles: ['cancel']`. */
  handledByMerchant?: boolean
}

export type CancelResponse =
  | {
      status: 'scheduled'
      cancelAt: string | null
      /** For developers and the merchant's callbacks: English. */
      message: string
      /**
       * What the widget shows under the final screen: "Your subscription ends on <date>" in the session's
       * language, the date formatted for it (null without a date). The server words it so the widget's
       * budgeted bundle carries no date formatting. Absent from older servers.
       */
      endsOn?: string | null
    }
  | { status: 'recorded' }

export type ReactivationKind = 'paused' | 'scheduled_cancel' | 'churned'

/**
 * What reactivating costs, computed by the server from the Stripe subscription it would act on, so the
 * widget can state it before anything is charged. Amounts are in minor units of `currency`.
 */
export interface ReactivationTerms {
  planName: string
  currency: string
  interval: SubscriberPlan['interval']
  intervalCount: number
  /** The regular charge each billing period (every item and quantity included). */
  amount: number
  /** The winback discount: the charge while it lasts, and how many charges it covers. */
  discount: { percentOff: number; amount: number; charges: number } | null
  /** When the first charge is made (ISO): now for a new or resumed subscription, else the next renewal. */
  firstChargeAt: string
  /** Accepting charges at once. */
  chargesNow: boolean
  /**
   * The same in words, as the widget shows them (shared `describeTerms`): the plan and its prices, the
   * first charge, the renewal.
   */
  summary: string[]
  /** The first charge and when ("$21.75 today", "$29.00 on March 31, 2027"): what the confirmation names. */
  firstCharge: string
}

/**
 * What another tab or window of the same subscriber already did, when a call loses the race to it: a
 * 409's `error.already` (`{error: {code, message, already}}`), worded by the server in the session's
 * language from the widget's own words (`already_*`). The widget shows `text` and offers only Close: a
 * retry could never work.
 */
export interface AlreadyDone {
  kind: 'offer_applied' | 'trial_extended' | 'cancelled'
  /** trial_extended: the trial's new end (ISO). */
  until?: string
  text: string
}

export interface ScheduledCancellation {
  /** When the subscription ends (ISO). */
  endsAt: string
  /** The same as the widget says it, in the session's language ("Your subscription ends on …"). Absent from older servers. */
  endsOn?: string
  /** What keeping it costs; null when it cannot be stated (then no undo is offered). */
  terms: ReactivationTerms | null
  /**
   * The absolute URL of the widget's chunk that draws this (when it ends, and the undo): the bundle
   * imports it only for these subscribers. Absent from older servers and when the widget is not built.
   */
  chunk?: string
}

/** `POST /api/widget/reactivation` (body: `{}`) */
export type ReactivationResponse =
  | {
      eligible: true
      /** For banner events (banner_dismissed) through the session events call. */
      sessionId: string
      kind: ReactivationKind
      subscriptionId: string | null
      plan: SubscriberPlan | null
      /** Winback discount offered to churned subscribers, when configured. */
      offer: { percentOff: number; months: number } | null
      /** What accepting costs and when: the banner states it and asks once more before any charge. */
      terms: ReactivationTerms
      /**
       * The absolute URL of the widget's chunk that draws the banner: the bundle imports it only for
       * these subscribers. Absent from older servers and when the widget is not built (then no banner).
       */
      chunk?: string
    }
  | {
      eligible: false
      /**
       * A past-due subscriber (payment recovery): the widget loads the prompt's chunk and shows it (or
       * hands it to the merchant's `onPaymentFailed`). Absent: nothing to show.
       */
      prompt?: PaymentPrompt
    }

/**
 * The on-site prompt of a failed payment, worded on the server in the subscriber's language: a banner,
 * or a blocking wall when the merchant opted in. `link` is the signed, expiring card-update page for
 * this subscriber alone (a POST to it opens the Stripe Billing Portal's card update).
 */
export interface PaymentPrompt {
  /** The lazily loaded chunk that draws it: its absolute URL (under /w/, content-hashed). */
  chunk: string
  mode: 'banner' | 'wall'
  link: string
  /** The last-chance pause through the same page, when the merchant offers it. */
  pauseLink: string | null
  locale: string
  dir: 'ltr' | 'rtl'
  amount: string
  words: { headline: string; body: string; button: string; dismiss: string; pause: string | null }
}

/**
 * `POST /api/widget/reactivation/accept` body (optional; `{}` works): the banner's `sessionId` from
 * ReactivationResponse, so a replay is recognised as the same action — or the id of a cancel session
 * that started with `scheduledCancellation`, to undo that scheduled cancellation.
 */
export interface ReactivationAcceptRequest {
  sessionId?: string
}

/** `POST /api/widget/reactivation/accept` */
export interface ReactivationAcceptResponse {
  status: 'reactivated'
  kind: ReactivationKind
  subscriptionId: string
  message: string
}

/** Billing actions a merchant's own handlers perform (handleOffer, handleCancel), as a token claim. */
export type MerchantHandled = 'offers' | 'cancel'

/** Claims of the subscriber token the merchant's server mints (HS256, exp ≤ 1 h after iat). */
export interface SubscriberTokenClaims {
  iss: string
  sub: string
  sid?: string
  /** A token signed with a test-mode widget secret is always test mode (and may not claim 'live'). */
  mode?: WidgetMode
  /** What the merchant's handlers do themselves; only then may the widget say so (else 403). */
  handles?: MerchantHandled[]
  /** The subscriber's country (ISO 3166-1 alpha-2) and state or region, for offer rules by jurisdiction. */
  country?: string
  state?: string
  /** The subscriber's language (`fr`, `pt-BR`): it comes first when the widget picks one. */
  locale?: string
  /**
   * Custom attributes segments may test (`custom.<name>`): up to 30 lowercase names to strings
   * (≤ 200 characters), finite numbers or booleans. Signed, so a subscriber cannot pick a segment.
   */
  attributes?: Record<string, string | number | boolean>
  iat: number
  exp: number
}

export const SUBSCRIBER_TOKEN_MAX_TTL_SECONDS = 3600
export const WIDGET_EVENTS_MAX_BATCH = 50
/** Events the widget may send for one session in all (a real walk through the flow sends a dozen). */
export const WIDGET_EVENTS_MAX_PER_SESSION = 50
export const WIDGET_FAIL_OPEN_MS = 3000
