import { AccountRegistry, type CreateAccountOptions, type FakeAccountKeys } from './accounts'
import type {
  CheckoutSessionRecord,
  InvoicePaymentRecord,
  InvoiceRecord,
  MeterEventRecord,
  MeterRecord,
  PaymentIntentRecord,
  PaymentMethodRecord,
  PortalConfigurationRecord,
  PortalSessionRecord,
} from './billing-types'
import { createClock, type FakeClock } from './clock'
import { type FakeServer, listenOn } from './http-server'
import { handleRequest, type RequestLogEntry } from './pipeline'
import { type JsonObject, markLivemode, previousAttributes, renderRecord } from './render'
import { accountRoutes, renderAccount } from './resources/account'
import { billingPortalRoutes } from './resources/billing-portal'
import { nextCardNotice, sendCardNotice } from './resources/card-expiry'
import { paymentIntentRoutes, programCard } from './resources/charges'
import { checkoutSessionRoutes } from './resources/checkout-sessions'
import { couponRoutes } from './resources/coupons'
import { customerRoutes } from './resources/customers'
import { eventRoutes } from './resources/events'
import { invoiceItemRoutes } from './resources/invoice-items'
import { invoiceRoutes } from './resources/invoices'
import { meterRoutes } from './resources/meters'
import { paymentMethodRoutes } from './resources/payment-methods'
import { priceRoutes } from './resources/prices'
import { productRoutes } from './resources/products'
import { promotionCodeRoutes } from './resources/promotion-codes'
import type { Mutator } from './resources/subscription-items'
import { applyTransition, nextTransition } from './resources/subscription-lifecycle'
import { subscriptionRoutes } from './resources/subscriptions'
import type { Route } from './router'
import type { FailedPaymentSettings, FakeAccount } from './state'
import type {
  CouponRecord,
  CustomerRecord,
  DiscountRecord,
  EventRecord,
  InvoiceItemRecord,
  PriceRecord,
  ProductRecord,
  PromotionCodeRecord,
  WebhookEndpointRecord,
} from './types'
import { type WebhookDelivery, WebhookDispatcher, type WebhookOptions } from './webhooks'

export interface StripeFakeOptions {
  /** Base clock (unix seconds); `clock.advance()` moves the fake ahead of it. Defaults to real time. */
  now?: () => number
  webhooks?: WebhookOptions
}

/** A deep copy of one account's objects, newest first, for assertions. */
export interface AccountSnapshot {
  account: JsonObject
  customers: CustomerRecord[]
  products: ProductRecord[]
  prices: PriceRecord[]
  coupons: CouponRecord[]
  promotionCodes: PromotionCodeRecord[]
  discounts: DiscountRecord[]
  subscriptions: JsonObject[]
  /** Proration lines from price/quantity changes; `invoice: null` means still pending. */
  invoiceItems: InvoiceItemRecord[]
  events: EventRecord[]
  /** Including each endpoint's signing `secret`. */
  webhookEndpoints: WebhookEndpointRecord[]
  meters: MeterRecord[]
  meterEvents: MeterEventRecord[]
  /** With what only the hosted page sees (`hidden`: line items, subscription data). */
  checkoutSessions: CheckoutSessionRecord[]
  portalConfigurations: PortalConfigurationRecord[]
  portalSessions: PortalSessionRecord[]
  invoices: InvoiceRecord[]
  /** With what only the fake knows (`hidden`: how charges to the card turn out). */
  paymentMethods: PaymentMethodRecord[]
  paymentIntents: PaymentIntentRecord[]
  invoicePayments: InvoicePaymentRecord[]
}

export interface StripeFake {
  /** Fetch-compatible handler: pass it to `Stripe.createFetchHttpClient`. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>
  /** Serves the same handler over loopback (port 0 picks a free port). */
  listen(port?: number, host?: string): Promise<FakeServer>
  createAccount(options?: CreateAccountOptions): FakeAccountKeys
  /** An OAuth authorization code, as Stripe would redirect back with after the merchant consents. */
  createOAuthCode(options: {
    platformSecretKey: string
    connectedAccountId: string
    scope?: 'read_write' | 'read_only'
  }): string
  readonly clock: FakeClock
  /** Every request, in order. */
  readonly requests: RequestLogEntry[]
  /** Successful, non-replayed writes: "what actually changed on Stripe". */
  mutations(filter?: { accountId?: string }): RequestLogEntry[]
  state(accountId: string): AccountSnapshot
  /** Sends queued webhook events to their endpoints; resolves with this batch's results. */
  deliverWebhooks(): Promise<WebhookDelivery[]>
  /** All delivery attempts so far. */
  readonly deliveries: WebhookDelivery[]
  /** Forgets every account, key, request and delivery. */
  reset(): void
  /**
   * Test controls with no Stripe API (Stripe has no attachable card that fails with a given decline
   * code, nor one that fails only after a while): program a card's charges, change an account's
   * failed-payment settings as its owner would in the Dashboard.
   */
  readonly cards: {
    program(
      accountId: string,
      paymentMethodId: string,
      program: { declineCode: string; afterSuccesses?: number; failures?: number | null },
    ): void
  }
  configureFailedPayments(accountId: string, settings: Partial<FailedPaymentSettings>): void
}

const ROUTES: readonly Route[] = [
  ...accountRoutes,
  ...customerRoutes,
  ...productRoutes,
  ...priceRoutes,
  ...couponRoutes,
  ...promotionCodeRoutes,
  ...subscriptionRoutes,
  ...invoiceItemRoutes,
  ...eventRoutes,
  ...meterRoutes,
  ...checkoutSessionRoutes,
  ...billingPortalRoutes,
  ...invoiceRoutes,
  ...paymentMethodRoutes,
  ...paymentIntentRoutes,
]

/** The earliest time-based change due by `now` on any account: a subscription's, or a card notice. */
function nextDue(
  registry: AccountRegistry,
  now: number,
): { account: FakeAccount; at: number; apply: (ctx: Mutator) => void } | null {
  let due: { account: FakeAccount; at: number; apply: (ctx: Mutator) => void } | null = null
  for (const account of registry.accounts.values()) {
    for (const sub of account.state.subscriptions.values()) {
      const next = nextTransition(account.state, sub)
      if (next && next.at <= now && (!due || next.at < due.at)) {
        due = { account, at: next.at, apply: (ctx) => applyTransition(ctx, sub, next.kind) }
      }
    }
    const notice = nextCardNotice(account.state)
    if (notice && notice.at <= now && (!due || notice.at < due.at)) {
      due = { account, at: notice.at, apply: (ctx) => sendCardNotice(ctx, notice.method) }
    }
  }
  return due
}

/** Applies every time-based transition due by `now`, earliest first, across all accounts. */
function processDue(registry: AccountRegistry, dispatcher: WebhookDispatcher, now: number): void {
  for (let guard = 0; guard < 1_000_000; guard++) {
    const due = nextDue(registry, now)
    if (!due) return
    due.apply(ctxFor(due.account, due.at))
  }
  throw new Error('Stripe fake: too many transitions while advancing the clock')

  function ctxFor(account: FakeAccount, at: number): Mutator {
    return {
      state: account.state,
      now: at,
      emit: (type: string, object: Record<string, unknown>, before?: Record<string, unknown>) => {
        const previous = before && type.endsWith('.updated') ? previousAttributes(before, object) : undefined
        dispatcher.record(account, type, object, previous, at, { id: null, idempotency_key: null })
      },
    }
  }
}

export function createStripeFake(options: StripeFakeOptions = {}): StripeFake {
  let registry: AccountRegistry
  let dispatcher: WebhookDispatcher
  const requests: RequestLogEntry[] = []
  const clock = createClock(options.now ?? (() => Date.now() / 1000), (now) => {
    processDue(registry, dispatcher, now)
    dispatcher.changed()
  })
  const init = (): void => {
    registry = new AccountRegistry(clock.now)
    dispatcher = new WebhookDispatcher(registry, options.webhooks)
  }
  init()

  const accountFor = (accountId: string): FakeAccount => {
    const account = registry.account(accountId)
    if (!account) throw new Error(`Unknown fake account ${accountId}`)
    return account
  }

  const fetchHandler = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    handleRequest({ registry, routes: ROUTES, clock, dispatcher, log: requests }, input, init)

  return {
    fetch: fetchHandler,
    listen: (port, host) => listenOn((request) => fetchHandler(request), port, host),
    createAccount: (accountOptions) => registry.create(accountOptions),
    createOAuthCode: (codeOptions) => registry.createOAuthCode(codeOptions),
    clock,
    requests,
    mutations: (filter = {}) =>
      requests.filter(
        (entry) =>
          entry.method !== 'GET' &&
          !entry.replayed &&
          entry.status < 400 &&
          (filter.accountId === undefined || entry.accountId === filter.accountId),
      ),
    state: (accountId) => {
      const account = registry.account(accountId)
      if (!account) throw new Error(`Unknown fake account ${accountId}`)
      const s = account.state
      const snapshot = structuredClone({
        account: renderAccount(account),
        customers: s.customers.list(),
        products: s.products.list(),
        prices: s.prices.list(),
        coupons: s.coupons.list(),
        promotionCodes: s.promotionCodes.list(),
        discounts: s.discounts.list(),
        subscriptions: s.subscriptions.list().map((sub) => renderRecord(s, sub)),
        invoiceItems: s.invoiceItems.list(),
        events: s.events.list(),
        webhookEndpoints: s.webhookEndpoints.list(),
        meters: s.meters.list(),
        meterEvents: s.meterEvents.list(),
        checkoutSessions: s.checkoutSessions.list(),
        portalConfigurations: s.portalConfigurations.list(),
        portalSessions: s.portalSessions.list(),
        invoices: s.invoices.list(),
        paymentMethods: s.paymentMethods.list(),
        paymentIntents: s.paymentIntents.list(),
        invoicePayments: s.invoicePayments.list(),
      })
      return account.livemode ? markLivemode(snapshot) : snapshot
    },
    deliverWebhooks: () => dispatcher.deliver(),
    get deliveries() {
      return dispatcher.deliveries
    },
    reset: () => {
      requests.length = 0
      init()
    },
    cards: {
      program: (accountId, paymentMethodId, program) =>
        programCard(accountFor(accountId).state, paymentMethodId, program),
    },
    configureFailedPayments: (accountId, settings) => {
      const state = accountFor(accountId).state
      state.failedPayments = { ...state.failedPayments, ...settings }
    },
  }
}
