import type { AccountState } from './state'
import type { PriceRecord, SubscriptionItemRecord, SubscriptionRecord } from './types'

export type JsonObject = Record<string, unknown>

/**
 * Records are stored with `livemode: false`; a live-mode account's answers and events carry `true` on
 * every object, nested ones included (all of one account's objects share its mode). Changes `value`.
 */
export function markLivemode<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const entry of value) markLivemode(entry)
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    if (record.livemode === false) record.livemode = true
    for (const entry of Object.values(record)) markLivemode(entry)
  }
  return value
}

function clone<T>(value: T): T {
  return structuredClone(value)
}

/** The legacy `plan` Stripe still embeds on subscription items, derived from the price. */
function planFromPrice(price: PriceRecord): JsonObject {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: clone(price.metadata),
    meter: price.recurring?.meter ?? null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: price.recurring?.usage_type ?? 'licensed',
  }
}

function renderItem(state: AccountState, item: SubscriptionItemRecord): JsonObject {
  const price = state.prices.get(item.price)
  if (!price) throw new Error(`Fake invariant: price ${item.price} missing for ${item.id}`)
  const { quantity, ...rest } = clone(item)
  return {
    ...rest,
    // Metered items bill reported usage: Stripe shows no quantity on them.
    ...(price.recurring?.usage_type === 'metered' ? {} : { quantity }),
    billing_thresholds: null,
    current_trial: null,
    plan: planFromPrice(price),
    price: clone(price),
    tax_rates: [],
  }
}

/** Subscriptions embed their items (with full price objects) and carry many fixed fields. */
export function renderSubscription(state: AccountState, sub: SubscriptionRecord): JsonObject {
  const { items, ...rest } = clone(sub)
  return {
    ...rest,
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor_config: null,
    billing_schedules: [],
    billing_thresholds: null,
    customer_account: null,
    days_until_due: null,
    default_source: null,
    default_tax_rates: [],
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: items.map((item) => renderItem(state, item)),
      has_more: false,
      total_count: items.length,
      url: `/v1/subscription_items?subscription=${sub.id}`,
    },
    livemode: false,
    managed_payments: null,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    test_clock: null,
    transfer_data: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
  }
}

/** Renders any stored record into the JSON Stripe would send (a fresh copy, safe to mutate). */
export function renderRecord(state: AccountState, record: { object: string; id: string }): JsonObject {
  if (record.object === 'subscription') return renderSubscription(state, record as SubscriptionRecord)
  if ('hidden' in record) {
    // What only the fake needs (hosted pages' data, card behaviours), never part of Stripe's answer.
    const { hidden: _hidden, ...rest } = clone(record as JsonObject)
    return rest
  }
  if (record.object === 'webhook_endpoint') {
    // The signing secret is only ever shown in the create response.
    const { secret: _secret, connect: _connect, ...rest } = clone(record as JsonObject)
    return rest
  }
  return clone(record as unknown as JsonObject)
}

/** Finds and renders an object by Stripe type name, for expansion. */
export function lookupObject(state: AccountState, type: string, id: string): JsonObject | undefined {
  const collections: Record<string, { get(id: string): { object: string; id: string } | undefined }> = {
    customer: state.customers,
    product: state.products,
    price: state.prices,
    coupon: state.coupons,
    promotion_code: state.promotionCodes,
    discount: state.discounts,
    subscription: state.subscriptions,
    invoice: state.invoices,
    'checkout.session': state.checkoutSessions,
    payment_method: state.paymentMethods,
    payment_intent: state.paymentIntents,
    invoice_payment: state.invoicePayments,
    'billing_portal.configuration': state.portalConfigurations,
  }
  if (type === 'customer' && state.deletedCustomers.has(id)) return { id, object: 'customer', deleted: true }
  const record = collections[type]?.get(id)
  return record ? renderRecord(state, record) : undefined
}

/** Top-level keys whose JSON changed: Stripe's `previous_attributes` on `*.updated` events. */
export function previousAttributes(before: JsonObject, after: JsonObject): JsonObject {
  const previous: JsonObject = {}
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null
  }
  return previous
}
