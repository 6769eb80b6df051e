import Stripe from 'stripe'
import type { StripeFake } from './fake'

export const FAKE_API_VERSION = '2026-10-28.endive'

type ClientOptions = Omit<Stripe.StripeConfig, 'httpClient'>

/**
 * A real `Stripe` SDK instance wired to the fake in process. Network retries are off so a test sees
 * exactly one request per call (the SDK still sends its own Idempotency-Key on every POST).
 */
export function createStripeClient(
  fake: Pick<StripeFake, 'fetch'>,
  apiKey: string,
  opts: ClientOptions = {},
): Stripe {
  return new Stripe(apiKey, {
    apiVersion: FAKE_API_VERSION,
    maxNetworkRetries: 0,
    ...opts,
    httpClient: Stripe.createFetchHttpClient(fake.fetch as typeof fetch),
  })
}

/** SDK options for reaching a fake served with `fake.listen()` over loopback. */
export function loopbackConfig(port: number, host = '127.0.0.1'): Stripe.StripeConfig {
  return { apiVersion: FAKE_API_VERSION, maxNetworkRetries: 0, host, port, protocol: 'http' }
}
