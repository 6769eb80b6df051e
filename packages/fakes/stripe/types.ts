/**
 * Stored shapes of the fake's objects. They follow Stripe's JSON for API version 2026-10-28.endive;
 * references to other objects are stored as ids and expanded (or embedded, where Stripe always
 * embeds, like a subscription item's price) when a response is rendered.
 */
export type Metadata = Record<string, string>

export interface Address {
  city: string | null
  country: string | null
  line1: string | null
  line2: string | null
  postal_code: string | null
  state: string | null
}

export interface CustomerRecord {
  id: string
  object: 'customer'
  address: Address | null
  balance: number
  created: number
  currency: string | null
  default_source: null
  delinquent: boolean
  description: string | null
  email: string | null
  invoice_prefix: string
  invoice_settings: {
    custom_fields: null
    default_payment_method: string | null
    footer: null
    rendering_options: null
  }
  livemode: false
  metadata: Metadata
  name: string | null
  phone: string | null
  preferred_locales: string[]
  shipping: null
  tax_exempt: 'none'
  test_clock: null
}

export interface ProductRecord {
  id: string
  object: 'product'
  active: boolean
  created: number
  default_price: string | null
  description: string | null
  images: string[]
  livemode: false
  marketing_features: unknown[]
  metadata: Metadata
  name: string
  package_dimensions: null
  shippable: null
  statement_descriptor: null
  tax_code: null
  type: 'service'
  unit_label: null
  updated: number
  url: null
}

export type Interval = 'day' | 'week' | 'month' | 'year'

export interface PriceRecord {
  id: string
  object: 'price'
  active: boolean
  billing_scheme: 'per_unit'
  created: number
  currency: string
  custom_unit_amount: null
  livemode: false
  lookup_key: string | null
  metadata: Metadata
  nickname: string | null
  product: string
  recurring: {
    interval: Interval
    interval_count: number
    meter: string | null
    trial_period_days: number | null
    usage_type: 'licensed' | 'metered'
  } | null
  tax_behavior: 'unspecified' | 'inclusive' | 'exclusive'
  tiers_mode: null
  transform_quantity: null
  type: 'recurring' | 'one_time'
  unit_amount: number
  unit_amount_decimal: string
}

export type CouponDuration = 'once' | 'repeating' | 'forever'

export interface CouponRecord {
  id: string
  object: 'coupon'
  amount_off: number | null
  created: number
  currency: string | null
  duration: CouponDuration
  duration_in_months: number | null
  livemode: false
  max_redemptions: number | null
  metadata: Metadata
  name: string | null
  percent_off: number | null
  redeem_by: number | null
  times_redeemed: number
  valid: boolean
}

export interface PromotionCodeRecord {
  id: string
  object: 'promotion_code'
  active: boolean
  code: string
  created: number
  customer: string | null
  customer_account: null
  expires_at: number | null
  livemode: false
  max_redemptions: number | null
  metadata: Metadata
  promotion: { coupon: string; type: 'coupon' }
  restrictions: {
    currency_options: Record<string, { minimum_amount: number }>
    first_time_transaction: boolean
    minimum_amount: number | null
    minimum_amount_currency: string | null
  }
  times_redeemed: number
}

export interface DiscountRecord {
  id: string
  object: 'discount'
  checkout_session: null
  customer: string
  customer_account: null
  end: number | null
  invoice: null
  invoice_item: null
  promotion_code: string | null
  source: { coupon: string; type: 'coupon' }
  start: number
  subscription: string | null
  subscription_item: null
}

export interface SubscriptionItemRecord {
  id: string
  object: 'subscription_item'
  created: number
  current_period_end: number
  current_period_start: number
  discounts: string[]
  metadata: Metadata
  price: string
  quantity: number
  subscription: string
}

export type SubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'canceled'
  | 'paused'
  | 'incomplete'
  | 'incomplete_expired'
  | 'unpaid'

export const CANCELLATION_FEEDBACK = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
] as const

export interface SubscriptionRecord {
  id: string
  object: 'subscription'
  billing_cycle_anchor: number
  billing_mode: {
    type: 'classic' | 'flexible'
    flexible: { proration_discounts: 'included' } | null
    updated_at?: number
  }
  cancel_at: number | null
  cancel_at_period_end: boolean
  canceled_at: number | null
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null }
  collection_method: 'charge_automatically' | 'send_invoice'
  created: number
  currency: string
  customer: string
  /** Set by Checkout (the card paid with); renewals charge it, else the customer's default. */
  default_payment_method: string | null
  description: string | null
  discounts: string[]
  ended_at: number | null
  items: SubscriptionItemRecord[]
  latest_invoice: string | null
  metadata: Metadata
  pause_collection: {
    behavior: 'void' | 'keep_as_draft' | 'mark_uncollectible'
    resumes_at: number | null
  } | null
  schedule: null
  start_date: number
  status: SubscriptionStatus
  status_details?: {
    paused: { subscription: { type: string }; transitioned_at: number; type: 'subscription' }
  }
  trial_end: number | null
  trial_start: number | null
}

/** A pending proration line, as Stripe would create an invoice item for a mid-period change. */
export interface InvoiceItemRecord {
  id: string
  object: 'invoiceitem'
  amount: number
  currency: string
  customer: string
  date: number
  description: string
  invoice: string | null
  livemode: false
  metadata: Metadata
  period: { start: number; end: number }
  pricing: { price_details: { price: string; product: string }; type: 'price_details' }
  proration: boolean
  quantity: number
  subscription: string
  subscription_item: string
}

export interface WebhookEndpointRecord {
  id: string
  object: 'webhook_endpoint'
  api_version: string | null
  application: null
  connect: boolean
  created: number
  description: string | null
  enabled_events: string[]
  livemode: false
  metadata: Metadata
  secret: string
  status: 'enabled' | 'disabled'
  url: string
}

export interface EventRecord {
  id: string
  object: 'event'
  account?: string
  api_version: string
  created: number
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> }
  livemode: false
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
  type: string
}
