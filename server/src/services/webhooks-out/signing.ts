import { createHmac } from 'node:crypto'

/**
 * The signature a delivery carries, Stripe-style: `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `"<t>.<raw body>"` with the endpoint's secret. The time is inside what is signed, so a receiver that
 * checks it against its own clock refuses replays of old deliveries.
 */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${mac}`
}
