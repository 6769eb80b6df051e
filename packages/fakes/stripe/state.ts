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
import { Collection } from './collection'
import type {
  CouponRecord,
  CustomerRecord,
  DiscountRecord,
  EventRecord,
  InvoiceItemRecord,
  PriceRecord,
  ProductRecord,
  PromotionCodeRecord,
  SubscriptionRecord,
  WebhookEndpointRecord,
} from './types'

/** What an idempotent POST left behind: enough to replay it byte for byte, or to refuse a mismatch. */
export interface IdempotencyEntry {
  method: string
  path: string
  fingerprint: string
  status: number
  body: string
}

/** Everything one fake Stripe account owns. Nothing is shared between accounts. */
export interface AccountState {
  customers: Collection<CustomerRecord>
  /** Stripe still answers a retrieve of a deleted customer, with `deleted: true`. */
  deletedCustomers: Set<string>
  products: Collection<ProductRecord>
  prices: Collection<PriceRecord>
  coupons: Collection<CouponRecord>
  promotionCodes: Collection<PromotionCodeRecord>
  discounts: Collection<DiscountRecord>
  subscriptions: Collection<SubscriptionRecord>
  invoiceItems: Collection<InvoiceItemRecord>
  webhookEndpoints: Collection<WebhookEndpointRecord>
  events: Collection<EventRecord>
  meters: Collection<MeterRecord>
  meterEvents: Collection<MeterEventRecord>
  checkoutSessions: Collection<CheckoutSessionRecord>
  portalConfigurations: Collection<PortalConfigurationRecord>
  portalSessions: Collection<PortalSessionRecord>
  invoices: Collection<InvoiceRecord>
  paymentMethods: Collection<PaymentMethodRecord>
  paymentIntents: Collection<PaymentIntentRecord>
  invoicePayments: Collection<InvoicePaymentRecord>
  idempotency: Map<string, IdempotencyEntry>
  /** The Dashboard's "Manage failed payments" settings (Billing → Revenue recovery → Retries). */
  failedPayments: FailedPaymentSettings
}

/** Stripe's retries of a failed payment: days after the first failure, then cancel the subscription. */
export const DEFAULT_FAILED_PAYMENT_SETTINGS: FailedPaymentSettings = {
  retryDays: [1, 3, 7],
  afterRetries: 'cancel',
}

export function createAccountState(failedPayments: Partial<FailedPaymentSettings> = {}): AccountState {
  return {
    customers: new Collection(),
    deletedCustomers: new Set(),
    products: new Collection(),
    prices: new Collection(),
    coupons: new Collection(),
    promotionCodes: new Collection(),
    discounts: new Collection((discount) => discount.start),
    subscriptions: new Collection(),
    invoiceItems: new Collection((item) => item.date),
    webhookEndpoints: new Collection(),
    events: new Collection(),
    meters: new Collection(),
    meterEvents: new Collection(),
    checkoutSessions: new Collection(),
    portalConfigurations: new Collection(),
    portalSessions: new Collection(),
    invoices: new Collection(),
    paymentMethods: new Collection(),
    paymentIntents: new Collection(),
    invoicePayments: new Collection(),
    idempotency: new Map(),
    failedPayments: { ...DEFAULT_FAILED_PAYMENT_SETTINGS, ...failedPayments },
  }
}

type Snapshot = Array<[keyof AccountState, unknown]>

/**
 * Requests either apply fully or not at all: the pipeline snapshots the mutable collections before a
 * write and restores them if the handler throws part-way. Events are buffered separately, and the
 * idempotency store is only written on success, so neither needs copying.
 */
export function snapshotState(state: AccountState): Snapshot {
  const out: Snapshot = []
  for (const key of Object.keys(state) as Array<keyof AccountState>) {
    const value = state[key]
    if (value instanceof Collection && key !== 'events') out.push([key, value.snapshot()])
  }
  out.push(['deletedCustomers', new Set(state.deletedCustomers)])
  return out
}

export function restoreState(state: AccountState, snapshot: Snapshot): void {
  for (const [key, saved] of snapshot) {
    const target = state[key]
    if (target instanceof Collection) {
      const collection = target as unknown as Collection<{ id: string }>
      collection.restore(saved as ReturnType<typeof collection.snapshot>)
    } else if (target instanceof Set) {
      target.clear()
      for (const id of saved as Set<string>) target.add(id)
    }
  }
}

/**
 * What Stripe does when a subscription's payment fails: retry `retryDays` days after the first failure
 * (an empty list turns Stripe's retries off), then, once the last retry failed too, `afterRetries`:
 * cancel the subscription (the default), mark it `unpaid`, or leave it `past_due`.
 */
export interface FailedPaymentSettings {
  retryDays: readonly number[]
  afterRetries: 'cancel' | 'unpaid' | 'past_due'
}

/** Restricted-key permission groups, named after the resources the fake serves. */
export const PERMISSION_RESOURCES = [
  'account',
  'balance',
  'customers',
  'products',
  'prices',
  'coupons',
  'promotion_codes',
  'subscriptions',
  'invoice_items',
  'events',
  'webhook_endpoints',
  'billing_meters',
  'checkout_sessions',
  'billing_portal',
  'invoices',
  'payment_methods',
  'payment_intents',
] as const
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number]
export type PermissionLevel = 'none' | 'read' | 'write'
export type RestrictedKeyPermissions = Partial<Record<PermissionResource, PermissionLevel>>

export interface FakeAccount {
  id: string
  created: number
  country: string
  businessName: string
  defaultCurrency: string
  email: string | null
  /** The platform this account is connected to (via OAuth or `platformAccountId`), if any. */
  platformId: string | null
  /** The Connect client id (`ca_…`) used when this account acts as an OAuth platform. */
  clientId: string
  /** Live-mode account: its objects carry `livemode: true` (see CreateAccountOptions.livemode). */
  livemode: boolean
  state: AccountState
}

export type KeyKind = 'secret' | 'publishable' | 'restricted'

export interface KeyRecord {
  key: string
  accountId: string
  kind: KeyKind
  /** Only for restricted keys; a missing resource means `write`. */
  permissions: RestrictedKeyPermissions | null
  /** For OAuth access tokens: the platform the token was issued to, and the code that minted it. */
  platformId: string | null
  oauthCode: string | null
  revoked: boolean
}
