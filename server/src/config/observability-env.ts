import type { BlockList } from 'node:net'
import type { LogLevel } from '../ports/logger'
import { parseTrustProxy } from './trust-proxy'

/**
 * Observability settings (README "Operating it"). `/metrics` is off unless METRICS_TOKEN (a bearer token
 * the scraper sends) or METRICS_ALLOW (the scrapers' addresses as a CIDR list, matched against the
 * socket peer, never X-Forwarded-For) is set; with both, a scrape needs both.
 */
export interface MetricsAccess {
  token: string | null
  allow: { ranges: readonly string[]; list: BlockList } | null
}

export interface ObservabilityConfig {
  metrics: MetricsAccess | null
}

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']

/** LOG_LEVEL: debug, info (default), warn or error; anything else names the variable. */
export function parseLogLevel(value: string | undefined): LogLevel {
  const level = (value ?? '').trim().toLowerCase() || 'info'
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`must be one of ${LOG_LEVELS.join(', ')}`)
  return level as LogLevel
}

export function parseObservability(
  env: Record<string, string | undefined>,
  fail: (variable: string, problem: string) => Error,
): ObservabilityConfig {
  const token = env.METRICS_TOKEN?.trim() || null
  if (token !== null && !/^[\x21-\x7e]{16,200}$/.test(token))
    throw fail('METRICS_TOKEN', 'must be 16 to 200 printable characters without spaces')
  const allowText = env.METRICS_ALLOW?.trim() || null
  let allow: MetricsAccess['allow'] = null
  if (allowText !== null) {
    const parsed = (() => {
      try {
        return parseTrustProxy(allowText)
      } catch {
        return null
      }
    })()
    if (parsed?.kind !== 'cidrs')
      throw fail('METRICS_ALLOW', 'must be a comma-separated list of IP addresses or CIDRs')
    allow = { ranges: parsed.ranges, list: parsed.list }
  }
  return { metrics: token || allow ? { token, allow } : null }
}
