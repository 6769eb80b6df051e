import Stripe from 'stripe'

export const STRIPE_API_VERSION = '2026-10-28.endive' as const

/**
 * Builds `stripe` SDK clients: the only way the server talks to Stripe. `apiBase` (STRIPE_API_BASE)
 * points every host — api, connect (OAuth) and files — at a fake over loopback; `fetch` wires a fake in
 * process (tests).
 */
export interface StripeClientFactory {
  /** A client acting with a merchant's secret/restricted key (optionally on a connected account). */
  forKey(secretKey: string, options?: { stripeAccount?: string }): Stripe
  /** The platform client (OAuth connect), or null when STRIPE_PLATFORM_SECRET_KEY is not set. */
  platform(): Stripe | null
  /** Verifies and parses a webhook payload. */
  webhooks: Stripe['webhooks']
}

export interface StripeClientOptions {
  apiBase?: string | null
  fetch?: typeof fetch
  platformSecretKey?: string | null
  timeoutMs?: number
}

export function createStripeClientFactory(options: StripeClientOptions = {}): StripeClientFactory {
  const base = options.apiBase ? new URL(options.apiBase) : null
  const redirectingFetch: typeof fetch | undefined = base
    ? (input, init) => {
        // Rewrite whatever host the SDK chose (api/connect/files.stripe.com) to the configured base.
        const original = new URL(input instanceof Request ? input.url : String(input))
        const target = new URL(original.pathname + original.search, base)
        return fetch(input instanceof Request ? new Request(target, input) : target, init)
      }
    : undefined
  const fetchImpl = options.fetch ?? redirectingFetch
  const build = (key: string, stripeAccount?: string) =>
    new Stripe(key, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: options.fetch ? 0 : 1,
      timeout: options.timeoutMs ?? 10_000,
      telemetry: false,
      ...(stripeAccount ? { stripeAccount } : {}),
      ...(fetchImpl ? { httpClient: Stripe.createFetchHttpClient(fetchImpl) } : {}),
    })
  const webhookClient = new Stripe('sk_test_webhooks_only', { apiVersion: STRIPE_API_VERSION })
  return {
    forKey: (secretKey, opts) => build(secretKey, opts?.stripeAccount),
    platform: () => (options.platformSecretKey ? build(options.platformSecretKey) : null),
    webhooks: webhookClient.webhooks,
  }
}
