import { BlockList, isIP } from 'node:net'
import type { Context } from 'hono'
import type { TrustProxy } from '../config/trust-proxy'
import { requestHeader } from './node-request'

export { parseTrustProxy, TRUST_NONE, type TrustProxy } from '../config/trust-proxy'

/**
 * Who is calling: the ONE answer every limiter and every "local only" check uses.
 *
 * The socket's peer is the only address nobody can forge. X-Forwarded-For is written by whoever sends
 * the request, so it is believed only as far as the operator says proxies stand in front of us
 * (TRUST_PROXY): a hop count ("2": two proxies of ours append to the header) or the proxies' addresses
 * as a CIDR list ("10.0.0.0/8,::1"). By default nothing in the header is believed. TRUST_PROXY itself
 * is read with the rest of the configuration (config/trust-proxy.ts).
 */

/** `::ffff:192.0.2.1` (IPv4 on a dual-stack socket) is the IPv4 address it carries. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)
  return mapped?.[1] ?? trimmed.toLowerCase()
}

export function inList(list: BlockList, address: string): boolean {
  const family = isIP(address)
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

export function isLoopback(address: string): boolean {
  return inList(LOOPBACK, normaliseAddress(address))
}

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } }
}

/**
 * The socket's peer. Null only for requests that never came over a socket (tests calling
 * `app.request()` in process); a socket that already lost its address is 'unknown', so such requests
 * still share one rate-limit bucket instead of escaping every limit.
 */
export function peerAddress(c: Context): string | null {
  const incoming = (c.env as NodeBindings | undefined)?.incoming
  if (!incoming) return null
  const peer = incoming.socket?.remoteAddress
  return peer ? normaliseAddress(peer) : 'unknown'
}

/** X-Forwarded-For as a list, nearest hop last. */
function forwardedHops(c: Context): string[] {
  const header = requestHeader(c, 'x-forwarded-for')
  if (!header) return []
  return header.split(',').map(normaliseAddress)
}

/**
 * The client's address under `trust` (see TrustProxy): the peer, or — walking X-Forwarded-For from
 * the nearest hop outwards — the first address not vouched for by a trusted proxy. A hop that is not
 * an IP address ends the walk: what lies beyond it was written by someone we do not trust.
 */
export function clientAddress(c: Context, trust: TrustProxy): string | null {
  const peer = peerAddress(c)
  if (peer === null || trust.kind === 'none') return peer
  const hops = forwardedHops(c)
  let client = peer
  let index = hops.length - 1
  if (trust.kind === 'hops') {
    for (let step = 0; step < trust.hops && index >= 0; step += 1, index -= 1) {
      const next = hops[index] ?? ''
      if (isIP(next) === 0) break
      client = next
    }
    return client
  }
  while (inList(trust.list, client) && index >= 0) {
    const next = hops[index] ?? ''
    if (isIP(next) === 0) break
    client = next
    index -= 1
  }
  return client
}

/**
 * The rate-limit key of an address: IPv6 clients usually hold a whole /64, so they are counted per
 * /64 (else one machine could rotate through 2^64 buckets); IPv4 per address.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address.slice(0, 64)
  const [head = '', tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
