import type { Metadata } from './types'

/**
 * Stored shapes of the billing objects the fake serves for a platform that bills its own customers:
 * Billing Meters and their events, Checkout Sessions, Billing Portal configurations and sessions,
 * invoices and card payment methods (API version 2026-10-28.endive). What a hosted page needs but
 * Stripe never returns lives under `hidden` and is stripped when rendered.
 */

export interface MeterRecord {
  id: string
  object: 'billing.meter'
  created: number
  customer_mapping: { event_payload_key: string; type: 'by_id' }
  default_aggregation: { formula: 'count' | 'last' | 'sum' }
  display_name: string
  event_name: string
  event_time_window: 'day' | 'hour' | null
  livemode: false
  status: 'active' | 'inactive'
  status_transitions: { deactivated_at: number | null }
  updated: number
  value_settings: { event_payload_key: string }
}

/** `id` is the event's identifier (unique per account, as Stripe enforces within its window). */
export interface MeterEventRecord {
  id: string
  object: 'billing.meter_event'
  created: number
  event_name: string
  identifier: string
  livemode: false
  payload: Record<string, string>
  timestamp: number
}

export interface CheckoutLineItem {
  price: string
  /** Absent for metered prices, which Stripe bills by usage. */
  quantity: number | null
}

export interface CheckoutSessionRecord {
  id: string
  object: 'checkout.session'
  amount_subtotal: number
  amount_total: number
  cancel_url: string | null
  client_reference_id: string | null
  created: number
  currency: string
  customer: string | null
  customer_creation: 'always' | 'if_required' | null
  customer_details: { email: string | null; name: string | null } | null
  customer_email: string | null
  expires_at: number
  invoice: string | null
  livemode: false
  metadata: Metadata
  mode: 'payment' | 'setup' | 'subscription'
  payment_method_types: string[]
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  status: 'open' | 'complete' | 'expired'
  subscription: string | null
  success_url: string | null
  ui_mode: 'hosted'
  url: string | null
  hidden: {
    lineItems: CheckoutLineItem[]
    subscriptionData: {
      metadata?: Record<string, string | null>
      billingMode?: 'classic' | 'flexible'
      trialPeriodDays?: number
      /** Unix seconds: the trial's end instead of a number of days. */
      trialEnd?: number
      description?: string
    }
  }
}

export interface PortalConfigurationRecord {
  id: string
  object: 'billing_portal.configuration'
  active: boolean
  business_profile: {
    headline: string | null
    privacy_policy_url: string | null
    terms_of_service_url: string | null
  }
  created: number
  default_return_url: string | null
  features: {
    customer_update: { enabled: boolean }
    invoice_history: { enabled: boolean }
    payment_method_update: { enabled: boolean }
    subscription_cancel: {
      enabled: boolean
      mode: 'at_period_end' | 'immediately'
      proration_behavior: 'always_invoice' | 'create_prorations' | 'none'
    }
  }
  is_default: boolean
  livemode: false
  metadata: Metadata
  updated: number
}

/** A portal session's deep link (`flow_data`): only `payment_method_update` is drawn by the hosted page. */
export interface PortalFlow {
  after_completion: {
    hosted_confirmation: { custom_message: string | null } | null
    redirect: { return_url: string } | null
    type: 'hosted_confirmation' | 'portal_homepage' | 'redirect'
  }
  customer_update: Record<string, never> | null
  subscription_cancel: { retention: null; subscription: string } | null
  subscription_pause: { subscription: string } | null
  subscription_update: { subscription: string } | null
  subscription_update_confirm: null
  type:
    | 'customer_update'
    | 'payment_method_update'
    | 'subscription_cancel'
    | 'subscription_pause'
    | 'subscription_update'
    | 'subscription_update_confirm'
}

export interface PortalSessionRecord {
  id: string
  object: 'billing_portal.session'
  configuration: string
  created: number
  customer: string
  customer_account: null
  flow: PortalFlow | null
  livemode: false
  locale: string | null
  on_behalf_of: string | null
  return_url: string | null
  url: string
}

/** How charges to a card turn out: Stripe's test cards, or what a test programmed (fake-only). */
export type ChargeBehaviour =
  | { kind: 'succeed' }
  | { kind: 'decline'; code: string; declineCode: string | null; message: string }
  | { kind: 'authenticate' }

/**
 * A programmed card (`fake.cards.program`): the first `afterSuccesses` charges pay, the next
 * `failures` (unbounded when null) are declined with `declineCode`, later ones pay again.
 */
export interface ChargeProgram {
  declineCode: string
  afterSuccesses: number
  failures: number | null
  charges: number
}

export interface PaymentMethodRecord {
  id: string
  object: 'payment_method'
  allow_redisplay: 'always' | 'limited' | 'unspecified'
  billing_details: {
    address: null
    email: string | null
    name: string | null
    phone: string | null
    tax_id: null
  }
  card: {
    brand: 'visa' | 'mastercard' | 'amex'
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | null }
    country: string
    display_brand: string
    exp_month: number
    exp_year: number
    fingerprint: string
    funding: 'credit' | 'debit'
    generated_from: null
    last4: string
    networks: { available: string[]; preferred: null }
    regulated_status: 'unregulated'
    three_d_secure_usage: { supported: boolean }
    wallet: null
  }
  created: number
  customer: string | null
  customer_account: null
  livemode: false
  metadata: Metadata
  type: 'card'
  /** Fake-only: what charges do, and whether `customer.source.expiring` was sent for this expiry. */
  hidden: { behaviour: ChargeBehaviour; program: ChargeProgram | null; expiringSent: string | null }
}

export interface PaymentError {
  type: 'card_error'
  code: string
  decline_code?: string
  doc_url: string
  message: string
  payment_method: Record<string, unknown> | null
  payment_method_type: 'card'
}

/** One PaymentIntent per invoice, reused by every attempt to pay it (as Stripe does). */
export interface PaymentIntentRecord {
  id: string
  object: 'payment_intent'
  amount: number
  amount_capturable: number
  amount_received: number
  application: null
  canceled_at: number | null
  cancellation_reason: string | null
  capture_method: 'automatic_async'
  client_secret: string
  confirmation_method: 'automatic'
  created: number
  currency: string
  customer: string
  description: string | null
  last_payment_error: PaymentError | null
  latest_charge: string | null
  livemode: false
  metadata: Metadata
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: Record<string, never> } | null
  on_behalf_of: null
  payment_method: string | null
  payment_method_types: ['card']
  setup_future_usage: null
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled'
}

export interface InvoicePaymentRecord {
  id: string
  object: 'invoice_payment'
  amount_paid: number | null
  amount_requested: number
  created: number
  currency: string
  invoice: string
  is_default: boolean
  livemode: false
  payment: { payment_intent: string; type: 'payment_intent' }
  status: 'open' | 'paid' | 'canceled'
  status_transitions: { canceled_at: number | null; paid_at: number | null }
}

export interface InvoiceLine {
  price: string
  quantity: number
  amount: number
  period: { start: number; end: number }
  description: string
}

export interface InvoiceRecord {
  id: string
  object: 'invoice'
  amount_due: number
  amount_paid: number
  amount_remaining: number
  attempt_count: number
  attempted: boolean
  billing_reason: 'subscription_create' | 'subscription_cycle'
  collection_method: 'charge_automatically'
  created: number
  currency: string
  customer: string
  livemode: false
  metadata: Metadata
  next_payment_attempt: number | null
  parent: {
    quote_details: null
    subscription_details: { metadata: Metadata; subscription: string }
    type: 'subscription_details'
  }
  period_end: number
  period_start: number
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void'
  status_transitions: {
    finalized_at: number | null
    marked_uncollectible_at: number | null
    paid_at: number | null
    voided_at: number | null
  }
  subtotal: number
  total: number
  /** Fake-only: the lines, the invoice's PaymentIntent, and how many of Stripe's own attempts ran. */
  hidden: { lines: InvoiceLine[]; paymentIntent: string | null; automaticAttempts: number }
}
