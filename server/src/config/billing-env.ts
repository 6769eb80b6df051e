import { ConfigurationError, type Env, present } from './env-values'

/**
 * Platform billing variables. Billing is on when any of BILLING_VARIABLES is set; then the platform key,
 * both Pro prices and the webhook signing secret are required, so a half-configured billing never
 * starts. A platform key alone (Stripe Connect only) leaves billing off: the operator owns the tiers.
 */
export interface BillingConfig {
  /** STRIPE_PLATFORM_SECRET_KEY: the platform's own Stripe account bills merchants. */
  secretKey: string
  /** Pro at $100/month and at $80/month billed annually (the pricing page's prices). */
  prices: { monthly: string; annual: string; overage: string | null }
  /** Signing secret of the platform's webhook endpoint (whsec_…). */
  webhookSecret: string
  /** The Billing Meter's event name that cancel sessions beyond the fair-use line are reported under. */
  meterEventName: string
}

export const DEFAULT_METER_EVENT_NAME = 'retainkit_cancel_sessions'

/** Variables that switch platform billing on; with none of them set the operator owns the tiers. */
const BILLING_VARIABLES = [
  'STRIPE_PRICE_PRO_MONTHLY',
  'STRIPE_PRICE_PRO_ANNUAL',
  'STRIPE_PRICE_PRO_OVERAGE',
  'STRIPE_WEBHOOK_SECRET',
] as const

function matching(env: Env, name: string, pattern: RegExp, looksLike: string): string | undefined {
  const value = present(env, name)
  if (value !== undefined && !pattern.test(value))
    throw new ConfigurationError(name, `must look like ${looksLike}`)
  return value
}

export function parseBilling(env: Env, platformSecretKey: string | null): BillingConfig | null {
  if (!BILLING_VARIABLES.some((name) => present(env, name) !== undefined)) return null
  const required = (name: string, pattern: RegExp, looksLike: string): string => {
    const value = matching(env, name, pattern, looksLike)
    if (value === undefined) throw new ConfigurationError(name, 'is required when billing is configured')
    return value
  }
  const price = /^price_[A-Za-z0-9_]+$/
  const monthly = required('STRIPE_PRICE_PRO_MONTHLY', price, 'price_…')
  const annual = required('STRIPE_PRICE_PRO_ANNUAL', price, 'price_…')
  const overage = matching(env, 'STRIPE_PRICE_PRO_OVERAGE', price, 'price_…') ?? null
  const webhookSecret = required('STRIPE_WEBHOOK_SECRET', /^whsec_[A-Za-z0-9+/=_]+$/, 'whsec_…')
  if (!platformSecretKey) {
    throw new ConfigurationError(
      'STRIPE_PLATFORM_SECRET_KEY',
      'is required when billing is configured (the platform account bills merchants)',
    )
  }
  const prices = overage ? [monthly, annual, overage] : [monthly, annual]
  if (new Set(prices).size < prices.length) {
    throw new ConfigurationError('STRIPE_PRICE_PRO_ANNUAL', 'must differ from the other Pro prices')
  }
  const meterEventName =
    matching(
      env,
      'STRIPE_METER_EVENT_NAME',
      /^[A-Za-z0-9_.:-]{1,100}$/,
      'a meter event name (1–100 letters, digits, _ . : -)',
    ) ?? DEFAULT_METER_EVENT_NAME
  return { secretKey: platformSecretKey, prices: { monthly, annual, overage }, webhookSecret, meterEventName }
}
