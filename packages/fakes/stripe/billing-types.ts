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

export interface PortalSessionRecord {
  id: string
  object: 'billing_portal.session'
  configuration: string
  created: number
  customer: string
  customer_account: null
  flow: null
  livemode: false
  locale: string | null
  on_behalf_of: string | null
  return_url: string | null
  url: string
}

export interface PaymentMethodRecord {
  id: string
  object: 'payment_method'
  billing_details: { email: string | null; name: string | null }
  card: { brand: 'visa'; exp_month: number; exp_year: number; last4: string; funding: 'credit' }
  created: number
  customer: string | null
  livemode: false
  metadata: Metadata
  type: 'card'
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
  status_transitions: { finalized_at: number | null; paid_at: number | null }
  subtotal: number
  total: number
  hidden: { lines: InvoiceLine[] }
}
