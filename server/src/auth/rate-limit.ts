import type { Context } from 'hono'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/tables'
import { GoTrueError } from './gotrue-error'

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

const IPV4_PRIVATE = [/^10\./, /^127\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./]

function isPrivateAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address
  if (IPV4_PRIVATE.some((pattern) => pattern.test(plain))) return true
  const lower = plain.toLowerCase()
  return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80:')
}

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } }
}

/**
 * The caller's IP: the socket's peer; when that peer is a private or loopback address (a reverse
 * proxy or load balancer in front of us), the last X-Forwarded-For hop, which that proxy appended.
 * A client on the public internet cannot reach us from a private address, so it cannot spoof this.
 * Null for in-process requests (tests calling app.request without a socket): not rate-limited by IP.
 */
export function clientIp(c: Context): string | null {
  const env = c.env as NodeBindings | undefined
  const peer = env?.incoming?.socket?.remoteAddress
  if (!peer) return null
  if (!isPrivateAddress(peer)) return peer
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => /^[0-9a-fA-F:.]{2,45}$/.test(hop))
  return hops.at(-1) ?? peer
}

/** Counts one hit; throws 429 over_request_rate_limit past the limit. */
export async function limitByIp(
  db: Kysely<Database>,
  c: Context,
  name: AuthLimitName,
  now: Date,
): Promise<void> {
  const ip = clientIp(c)
  if (!ip) return
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
