import { createHmac } from 'node:crypto'

/**
 * For merchants' servers (Node only, no dependencies): mints the short-lived subscriber token the widget
 * sends to Retainkit, an HS256 JWT signed with one of the account's widget secrets (`rkws_…`, created in
 * the console). Claims: iss = Retainkit account id, sub = Stripe customer id, sid = subscription id
 * (optional), mode, iat, exp. Mint it per page view on the server; never ship the secret to a browser.
 */

/** The server refuses tokens that live longer than an hour (DESIGN 4). */
export const SUBSCRIBER_TOKEN_MAX_TTL_SECONDS = 3600
export const SUBSCRIBER_TOKEN_DEFAULT_TTL_SECONDS = 900

export interface CreateSubscriberTokenOptions {
  accountId: string
  /** Stripe customer id (`cus_…`). */
  customerId: string
  /** Stripe subscription id (`sub_…`) when the customer has several. */
  subscriptionId?: string
  mode?: 'live' | 'test'
  /** The widget secret (`rkws_…`). */
  secret: string
  /** Lifetime in seconds, 1–3600; default 900 (15 minutes). */
  ttlSeconds?: number
  /** Issue time (tests). Default: now. */
  now?: Date
}

const base64url = (input: string | Buffer) => Buffer.from(input).toString('base64url')

export function createSubscriberToken({
  accountId,
  customerId,
  subscriptionId,
  mode,
  secret,
  ttlSeconds = SUBSCRIBER_TOKEN_DEFAULT_TTL_SECONDS,
  now = new Date(),
}: CreateSubscriberTokenOptions): string {
  if (!accountId) throw new TypeError('accountId is required')
  if (!customerId) throw new TypeError('customerId is required')
  if (!secret) throw new TypeError('secret is required')
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > SUBSCRIBER_TOKEN_MAX_TTL_SECONDS) {
    throw new RangeError(`ttlSeconds must be a whole number from 1 to ${SUBSCRIBER_TOKEN_MAX_TTL_SECONDS}`)
  }
  if (mode !== undefined && mode !== 'live' && mode !== 'test')
    throw new TypeError("mode must be 'live' or 'test'")
  const iat = Math.floor(now.getTime() / 1000)
  const claims = {
    iss: accountId,
    sub: customerId,
    ...(subscriptionId ? { sid: subscriptionId } : {}),
    ...(mode ? { mode } : {}),
    iat,
    exp: iat + ttlSeconds,
  }
  const signingInput = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`
  const signature = createHmac('sha256', secret).update(signingInput).digest('base64url')
  return `${signingInput}.${signature}`
}
