import type Stripe from 'stripe'
import type { AppDeps } from '../deps'

/** The platform client for Connect, or null when STRIPE_CLIENT_ID / STRIPE_PLATFORM_SECRET_KEY are unset. */
export function connectPlatform(deps: AppDeps): { stripe: Stripe; clientId: string } | null {
  const { clientId, platformSecretKey } = deps.config.stripe
  if (!clientId || !platformSecretKey) return null
  // The factory knows the platform key when it was built from the same config; fall back to building
  // the client from the config so both stay one source of truth.
  const stripe = deps.stripe.platform() ?? deps.stripe.forKey(platformSecretKey)
  return { stripe, clientId }
}
