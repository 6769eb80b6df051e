import { ConfigurationError, type Env, present } from './env-values'

/**
 * How often each instance's timer offers the Stripe reconcile (MERCHANT_SYNC_INTERVAL): a whole number
 * with its unit, `90s`, `15m` or `2h`. The pass runs once per cluster per interval. Under a minute would
 * spend a merchant's Stripe rate limit on event listings; over a day would leave a missed webhook (a
 * cancellation, a failed payment) out of the dashboard for longer than any merchant would accept.
 */
export const MERCHANT_SYNC_DEFAULT_MS = 15 * 60_000
const MIN_MS = 60_000
const MAX_MS = 24 * 60 * 60_000
const UNIT_MS = { s: 1000, m: 60_000, h: 60 * 60_000 } as const

export function parseMerchantSyncInterval(env: Env): number {
  const text = present(env, 'MERCHANT_SYNC_INTERVAL')
  if (text === undefined) return MERCHANT_SYNC_DEFAULT_MS
  const fail = (problem: string) =>
    new ConfigurationError('MERCHANT_SYNC_INTERVAL', `${problem} (got "${text}")`)
  const match = /^(\d{1,6})([smh])$/i.exec(text)
  if (!match) throw fail('must be a duration with its unit, such as 15m, 90s or 2h')
  const unit = (match[2] as string).toLowerCase() as keyof typeof UNIT_MS
  const ms = Number(match[1]) * UNIT_MS[unit]
  if (ms < MIN_MS) throw fail('must be at least 1 minute')
  if (ms > MAX_MS) throw fail('must be at most 24 hours')
  return ms
}
