import type { Context } from 'hono'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/tables'
import { clientAddress, rateLimitKey, type TrustProxy } from '../http/client-address'
import { GoTrueError } from '../http/gotrue-error'

/**
 * Per-IP limits of the auth endpoints, counted in the database (rate_limit_hits) so every instance
 * behind a load balancer shares them. Fixed windows: simple, and good enough against a script
 * hammering sign-in mail or token guessing. (The per-email mail limit lives in the OTP route.)
 */
export const AUTH_IP_LIMITS = {
  otp: { max: 20, windowSeconds: 600 },
  verify: { max: 60, windowSeconds: 600 },
  token: { max: 150, windowSeconds: 300 },
  oauth: { max: 60, windowSeconds: 600 },
} as const

export type AuthLimitName = keyof typeof AUTH_IP_LIMITS

/**
 * Counts one hit against the caller's address (http/client-address.ts: the socket peer, or what
 * TRUST_PROXY lets us believe of X-Forwarded-For); throws 429 over_request_rate_limit past the limit.
 * In-process test requests have no address and are not counted.
 */
export async function limitByIp(
  db: Kysely<Database>,
  c: Context,
  name: AuthLimitName,
  now: Date,
  trust: TrustProxy,
): Promise<void> {
  const address = clientAddress(c, trust)
  if (address === null) return
  const ip = rateLimitKey(address)
  const { max, windowSeconds } = AUTH_IP_LIMITS[name]
  const windowMs = windowSeconds * 1000
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs)
  const bucket = `auth:${name}:${ip}`
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow()
  if (row.hits === 1) {
    // First hit of a new window: the bucket's older windows are dead weight.
    await db
      .deleteFrom('rate_limit_hits')
      .where('bucket', '=', bucket)
      .where('window_start', '<', windowStart)
      .execute()
  }
  if (row.hits > max) throw new GoTrueError(429, 'over_request_rate_limit', 'Request rate limit reached')
}
