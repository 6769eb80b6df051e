import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'

/**
 * Which browser origins may call an account's widget API ("CORS allowed only for the
 * account's domain(s) and localhost in test mode"). For `accounts.domain = shop.example`:
 * https://shop.example, https://www.shop.example and any other https subdomain, on the default port.
 * In test mode, also http(s)://localhost:* and http(s)://127.0.0.1:* (a merchant's dev server).
 * Plain http is never allowed for a real domain: a subscriber's token must not cross the network in
 * clear text.
 */

interface ParsedOrigin {
  readonly protocol: 'http:' | 'https:'
  readonly hostname: string
  readonly port: string
}

/** Origins parsed lately: a merchant's pages come from one or two, and every widget call names one. */
const parsedOrigins = new Map<string, ParsedOrigin | null>()
const PARSED_KEPT = 256

/** A serialized origin (`scheme://host[:port]`, nothing else), or null. */
export function parseOrigin(value: string | null | undefined): ParsedOrigin | null {
  if (!value || value.length > 300) return null
  let known = parsedOrigins.get(value)
  if (known === undefined) {
    known = parseOriginUncached(value)
    // Forgotten all at once when full: a flood of made-up origins cannot grow it.
    if (parsedOrigins.size >= PARSED_KEPT) parsedOrigins.clear()
    parsedOrigins.set(value, known)
  }
  return known
}

function parseOriginUncached(value: string): ParsedOrigin | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  // `null` origins, paths, credentials or queries are not an origin.
  if (url.origin !== value.toLowerCase().replace(/\/$/, '') || url.username || url.password) return null
  return { protocol: url.protocol, hostname: url.hostname, port: url.port }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1'])

export function isLocalDevOrigin(origin: string): boolean {
  const parsed = parseOrigin(origin)
  return parsed !== null && LOCAL_HOSTS.has(parsed.hostname)
}

function matchesDomain(hostname: string, domain: string): boolean {
  const d = domain.toLowerCase().replace(/\.$/, '')
  if (hostname === d || hostname.endsWith(`.${d}`)) return true
  // An account registered as www.shop.example also owns the apex.
  return d.startsWith('www.') && hostname === d.slice(4)
}

export function isOriginAllowed(
  origin: string,
  domain: string | null | undefined,
  testMode: boolean,
): boolean {
  const parsed = parseOrigin(origin)
  if (!parsed) return false
  if (LOCAL_HOSTS.has(parsed.hostname)) return testMode
  if (!domain || parsed.protocol !== 'https:' || parsed.port !== '') return false
  return matchesDomain(parsed.hostname, domain)
}

/** The page that loaded the widget: the Origin header, else the Referer's origin. */
export function requestOrigin(origin: string | undefined, referer: string | undefined): string | null {
  if (origin) return parseOrigin(origin) ? origin.toLowerCase() : null
  if (!referer) return null
  try {
    const url = new URL(referer)
    return parseOrigin(url.origin) ? url.origin : null
  } catch {
    return null
  }
}

/**
 * Preflight requests carry no token, so the account is unknown: answer for an origin that SOME
 * account (or test mode) could allow. The real request is then checked against its own account.
 */
export async function isOriginAllowedForAnyAccount(db: Kysely<Database>, origin: string): Promise<boolean> {
  const parsed = parseOrigin(origin)
  if (!parsed) return false
  if (LOCAL_HOSTS.has(parsed.hostname)) return true
  if (parsed.protocol !== 'https:' || parsed.port !== '') return false
  const labels = parsed.hostname.split('.')
  const candidates = new Set<string>([`www.${parsed.hostname}`])
  for (let i = 0; i < labels.length - 1; i++) candidates.add(labels.slice(i).join('.'))
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['domain']), 'in', [...candidates]))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
