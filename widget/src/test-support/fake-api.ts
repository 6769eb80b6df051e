import { type CannedAnswer, createFakeApiServer, failure, jsonResponse } from '@retainkit/fakes/api-server'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { endsOnText, type FlowPlan, type FlowWords, planFlow } from '@retainkit/shared/flow'
import { publishLocales, sessionWords, uiStringsIn } from '@retainkit/shared/i18n'
import { cssVariablesToText, themeToCssVariables } from '@retainkit/shared/theme'
import { OFFER_TYPES } from '@retainkit/shared/vocabulary'
import {
  type AcceptOfferRequest,
  type AcceptOfferResponse,
  type CancelResponse,
  type ReactivationResponse,
  type SessionEventsRequest,
  type SessionStartRequest,
  type SessionStartResponse,
  type SubscriberSummary,
  toPublishedConfig,
  type WidgetConfigResponse,
} from '@retainkit/shared/widget-api'
import { vi } from 'vitest'

/**
 * Unit-test stand-in for `window.fetch` answering the widget API's routes, over the shared fake API
 * server (`@retainkit/fakes/api-server`), which checks every successful answer against the shared
 * response contract: a canned answer the real server could never give fails the test that uses it.
 * Records every call as the widget made it (keepalive included). (The browser suites in tests/e2e run
 * against the real server.)
 */

export const ACCOUNT_ID = 'acct_test'
export const API_BASE = 'https://api.retainkit.test'
export const SESSION_ID = 'ses_1'
// A real-looking JWT: the banner reads `sub` from it to key its local-storage entry.
export const TOKEN = `e30.${btoa(JSON.stringify({ iss: ACCOUNT_ID, sub: 'cus_123' })).replace(/=+$/, '')}.sig`

/** Every offer on, with a reason leading to each; plans for both switch offers. */
export function flowConfig(edit?: (config: CancelFlowConfig) => void): CancelFlowConfig {
  const config = createDefaultConfig()
  config.discount = { enabled: true, amount: 20, duration: 3, promo_code: 'STAY20' }
  config.plan_switch = {
    enabled: true,
    plans: [
      { id: 'price_basic', name: 'Basic', price: '$9/month' },
      { id: 'price_lite', name: 'Lite', price: '$5/month' },
    ],
  }
  config.billing_cycle_switch = {
    enabled: true,
    plans: [{ id: 'price_pro_year', name: 'Pro yearly', price: '$90/year' }],
  }
  edit?.(config)
  return config
}

export function flowReasons(): CancellationReason[] {
  return [
    ...createDefaultReasons(),
    {
      key: 'wrong_plan',
      label: 'My plan does not fit',
      feedback: 'other',
      offer: 'plan_switch',
      enabled: true,
    },
    {
      key: 'pay_yearly',
      label: 'I want to pay yearly',
      feedback: 'other',
      offer: 'billing_cycle_switch',
      enabled: true,
    },
  ]
}

export const SUBSCRIBER: SubscriberSummary = {
  customerId: 'cus_123',
  subscriptionId: 'sub_123',
  status: 'active',
  plan: {
    priceId: 'price_pro',
    productName: 'Pro',
    amount: 4900,
    currency: 'usd',
    interval: 'month',
    intervalCount: 1,
  },
  mrr: 4900,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2027-03-31T00:00:00Z',
}

/** The session answer when a test gives none: the four classic offers eligible. */
const DEFAULT_START: StartAnswer = {
  fallback: false,
  sessionId: SESSION_ID,
  subscriber: SUBSCRIBER,
  eligibleOffers: ['discount', 'pause', 'plan_switch', 'billing_cycle_switch'],
}

export interface Recorded {
  method: string
  /** Without the contract version's `v` query parameter, which is `version`. */
  path: string
  version: string | null
  headers: Record<string, string>
  body: unknown
  keepalive: boolean
}

/** A session start answer; without `plan` and `words` the fake makes them as the server does. */
export type StartAnswer =
  | Extract<SessionStartResponse, { fallback: true }>
  | (Omit<Extract<SessionStartResponse, { fallback: false }>, 'plan' | 'words'> & {
      plan?: FlowPlan
      words?: FlowWords
    })

type Answer = unknown | ((body: unknown) => unknown)

/** The widget API's routes, as the fake names them. */
type Route = 'config' | 'sessions' | 'accept' | 'cancel' | 'events' | 'reactivation'

export interface FakeApiOptions {
  /** The account's tier in the config answer (default pro). */
  tier?: 'free' | 'pro'
  config?: CancelFlowConfig
  reasons?: CancellationReason[]
  start?: StartAnswer
  accept?: Answer
  cancel?: Answer
  reactivation?: ReactivationResponse
  reactivationAccept?: Answer
  /** Routes that wait for this promise before answering (a slow server). */
  gate?: Partial<Record<Route, Promise<unknown>>>
  /**
   * Routes answered with a body the current contract does not allow (what an older or newer server
   * might send), as is: the one way past the contract check, for tests of how the widget copes.
   */
  offContract?: Partial<Record<Route, unknown>>
  /** Routes answered with an error body, `code` API_ERROR unless given (a thrown network error for status 0). */
  fail?: Partial<Record<Route, { status: number; message?: string; code?: string }>>
}

export const APPLIED = (body: AcceptOfferRequest): AcceptOfferResponse => ({
  status: 'applied',
  mechanism: body.offer === 'billing_cycle_switch' ? 'billing_cycle' : body.offer,
  mrrBefore: 4900,
  mrrAfter: 3920,
  message: 'Done.',
})

export const SCHEDULED: Extract<CancelResponse, { status: 'scheduled' }> = {
  status: 'scheduled',
  cancelAt: '2027-03-31T00:00:00Z',
  message: 'Your subscription is canceled. You keep access until March 31, 2027.',
  endsOn: 'Your subscription ends on March 31, 2027',
}

/** SCHEDULED with its end worded in the session's language (services/widget/messages.ts endsOnSentence). */
const scheduledIn = (
  language: { config: CancelFlowConfig; reasons: CancellationReason[]; locale: string } | null,
): CancelResponse =>
  language
    ? {
        ...SCHEDULED,
        endsOn: endsOnText(
          uiStringsIn(language.config, language.reasons, language.locale),
          SCHEDULED.cancelAt as string,
          language.locale,
        ),
      }
    : SCHEDULED

export function fakeApi(options: FakeApiOptions = {}) {
  const calls: Recorded[] = []
  const state = { ...options }
  const routeOf = (path: string): Route =>
    path.startsWith('/api/widget/config/')
      ? 'config'
      : path === '/api/widget/sessions'
        ? 'sessions'
        : path.startsWith('/api/widget/reactivation')
          ? 'reactivation'
          : (path.split('/').pop() as Route)

  /** The claims of a `Bearer` token, read without verifying (the server verifies; this is a fake). */
  const claimsOf = (authorization = ''): { locale?: unknown } => {
    try {
      const payload = authorization.split('.')[1] ?? ''
      return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    } catch {
      return {}
    }
  }

  let sessionLanguage: Parameters<typeof scheduledIn>[0] = null

  const answer = (value: Answer, body: unknown) => (typeof value === 'function' ? value(body) : value)

  const server = createFakeApiServer(async (request): Promise<CannedAnswer | Response> => {
    const { url, body, headers } = request
    const route = routeOf(url.pathname)
    await state.gate?.[route]
    const failed = state.fail?.[route]
    if (failed) {
      if (failed.status === 0) throw new TypeError('Failed to fetch')
      return failure(failed.status, failed.code ?? 'API_ERROR', failed.message ?? 'Nope.')
    }
    if (state.offContract && route in state.offContract) return jsonResponse(state.offContract[route])
    if (route === 'config') {
      const config = state.config ?? flowConfig()
      const reasons = state.reasons ?? flowReasons()
      const plan = planFlow({ config: toPublishedConfig(config), reasons, eligibleOffers: OFFER_TYPES })
      const response: WidgetConfigResponse = {
        accountId: ACCOUNT_ID,
        tier: state.tier ?? 'pro',
        // The published projection, as the server serves it: no promo code.
        config: toPublishedConfig(config),
        reasons,
        ...publishLocales(config, reasons, plan),
        version: 1,
        // As the server computes it (services/widget/published-config.ts).
        themeCss: cssVariablesToText(themeToCssVariables(config.theme)),
        plan,
      }
      return { body: response }
    }
    if (route === 'sessions') {
      const start: StartAnswer = { ...(state.start ?? DEFAULT_START) }
      // Planned and worded as the server does it (routes/widget/sessions.ts), unless the test gave its own.
      if (!start.fallback) {
        const config = start.flow?.config ?? toPublishedConfig(state.config ?? flowConfig())
        const reasons = start.flow?.reasons ?? state.reasons ?? flowReasons()
        const { subscriber } = start
        start.plan ??= planFlow({
          config,
          reasons,
          eligibleOffers: start.eligibleOffers,
          subscriber: subscriber ? { planId: subscriber.plan.priceId } : {},
        })
        const started = body as SessionStartRequest
        const worded = sessionWords({
          config,
          reasons,
          plan: start.plan,
          wanted: [
            claimsOf(headers.get('authorization') ?? '').locale,
            started.locale,
            ...(started.languages ?? []),
          ],
          subscriber: subscriber
            ? { planName: subscriber.plan.productName, periodEnd: subscriber.currentPeriodEnd }
            : {},
        })
        start.words ??= worded.words
        // The cancel's sentence is worded in the session's language, as the server words it.
        sessionLanguage = { config, reasons, locale: worded.locale }
      }
      return { body: start }
    }
    if (route === 'accept') return { body: answer(state.accept ?? APPLIED, body) }
    if (route === 'cancel') return { body: answer(state.cancel ?? scheduledIn(sessionLanguage), body) }
    // No content: a Response of its own (the shared server writes a JSON body for canned answers).
    if (route === 'events') return new Response(null, { status: 204 })
    if (url.pathname.endsWith('/accept')) {
      return {
        body: answer(
          state.reactivationAccept ?? {
            status: 'reactivated',
            // A cancel session's id undoes its scheduled cancellation; the banner's brings back a churned one.
            kind:
              (body as { sessionId?: string } | undefined)?.sessionId === SESSION_ID
                ? 'scheduled_cancel'
                : 'churned',
            subscriptionId: 'sub_9',
            message: 'Welcome back!',
          },
          body,
        ),
      }
    }
    return { body: state.reactivation ?? { eligible: false } }
  })

  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input)
    // The contract version every call states is recorded on its own; the path keeps any other query.
    const version = url.searchParams.get('v')
    url.searchParams.delete('v')
    calls.push({
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      version,
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      keepalive: !!init.keepalive,
    })
    return server.fetch(input, init)
  })

  return {
    fetch,
    calls,
    state,
    /** The calls to one route, e.g. 'accept' or 'events'. */
    callsTo: (route: ReturnType<typeof routeOf>) =>
      calls.filter((call) => routeOf(call.path.split('?')[0] ?? '') === route),
    /** Every event sent, in order, across batches. */
    events: () =>
      calls
        .filter((call) => call.path.endsWith('/events'))
        .flatMap((call) => (call.body as SessionEventsRequest).events),
  }
}
