import { isIP } from 'node:net'
import { hostname, networkInterfaces } from 'node:os'
import type { Context } from 'hono'

/**
 * Which origin the site answers as, for links, redirects and the console's runtime config.
 *
 * With PUBLIC_URL set, always that one. Without it (the embedded default), the origin the browser used
 * — `http://127.0.0.1:8787` as well as `http://localhost:8787`, or the machine's LAN address when a
 * merchant tries the console on a phone — so the console's calls stay same-origin and sign-in links
 * lead back to where sign-in started. The Host header is written by whoever sends the request, so it
 * is believed only for this machine's own names: `localhost` (and `*.localhost`), loopback addresses,
 * the machine's host name and the addresses of its own interfaces, on the port the server listens on
 * (any port for loopback names: an SSH tunnel or a port forward ends on this machine). Anything else —
 * `Host: evil.example` on a request for a sign-in link — gets the default origin, so a link is never
 * built on a host an attacker chose.
 */
export interface SiteOriginConfig {
  publicUrl: string
  /** True when PUBLIC_URL was set: then no request changes the origin. */
  publicUrlFixed: boolean
  port: number
}

/** The addresses of this machine's interfaces, read again at most every minute (DHCP moves them). */
const ADDRESS_TTL_MS = 60_000
let addressCache: { at: number; addresses: Set<string> } | null = null

export function machineAddresses(now = Date.now()): Set<string> {
  if (addressCache && now - addressCache.at < ADDRESS_TTL_MS) return addressCache.addresses
  const addresses = new Set<string>()
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) addresses.add(entry.address.toLowerCase().replace(/%.*$/, ''))
  }
  addressCache = { at: now, addresses }
  return addresses
}

const isLoopbackName = (host: string) =>
  host === 'localhost' ||
  host.endsWith('.localhost') ||
  host === '::1' ||
  (isIP(host) === 4 && host.startsWith('127.')) ||
  /^::ffff:127\./.test(host)

/**
 * The origin `http://<host>` names, when it is one of this machine's own and may stand for the site;
 * null otherwise (or for anything that is not a plain host[:port]).
 */
export function localOrigin(
  hostHeader: string | undefined,
  config: Pick<SiteOriginConfig, 'port'>,
  addresses: () => Set<string> = machineAddresses,
): string | null {
  if (!hostHeader || hostHeader.length > 300) return null
  let url: URL
  try {
    url = new URL(`http://${hostHeader}`)
  } catch {
    return null
  }
  // Only host[:port]: no credentials, path or query smuggled in through the header.
  if (url.username || url.password || `${url.host}` !== hostHeader.toLowerCase()) return null
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const port = Number(url.port || 80)
  if (isLoopbackName(host)) return url.origin
  const own = host === hostname().toLowerCase() || addresses().has(host)
  return own && port === config.port ? url.origin : null
}

/** The origin of this request's site: PUBLIC_URL's, or (unset) the Host's when it is this machine's. */
export function siteOrigin(c: Context, config: SiteOriginConfig): string {
  const fixed = new URL(config.publicUrl).origin
  if (config.publicUrlFixed) return fixed
  return localOrigin(c.req.header('host'), config) ?? fixed
}

/** The site's base URL for this request: PUBLIC_URL itself (with its path), or the request's origin. */
export function siteUrl(c: Context, config: SiteOriginConfig): string {
  return config.publicUrlFixed ? config.publicUrl : siteOrigin(c, config)
}

/**
 * Whether a redirect may lead to `origin`: PUBLIC_URL's, or (unset) any of this machine's own, so a
 * sign-in link opened from another of its addresses still returns where sign-in started.
 */
export function isSiteOrigin(origin: string, config: SiteOriginConfig): boolean {
  if (origin === new URL(config.publicUrl).origin) return true
  if (config.publicUrlFixed || !origin.startsWith('http://')) return false
  return localOrigin(origin.slice('http://'.length), config) === origin
}
