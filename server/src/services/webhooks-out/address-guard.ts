import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/**
 * Merchants' webhook URLs must not reach Retainkit's own network: no private, loopback, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast or reserved address. Checked when
 * an endpoint is added (names resolved then too) and again at every delivery, on the addresses the
 * connection then uses, so a name re-pointed inward after registration (DNS rebinding) is refused.
 */

/** Resolves a host name to its addresses (every A and AAAA record). */
export type HostResolver = (hostname: string) => Promise<string[]>

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

export const PRIVATE_ADDRESS_MESSAGE =
  'The endpoint URL must point to a public internet address, not a private, loopback or internal one'

const forbidden = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  forbidden.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible form (::a.b.c.d) in one.
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // Teredo and 6to4 carry an IPv4 address a relay would reach for us.
  ['2001::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  forbidden.addSubnet(network, prefix, 'ipv6')

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, or NAT64 64:ff9b::), if any. */
function embeddedIpv4(address: string): string | null {
  // The URL parser writes any spelling of an IPv6 address in its one compressed form.
  const lower = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (dotted?.[1]) return dotted[1]
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
  if (!hex?.[1] || !hex[2]) return null
  const high = Number.parseInt(hex[1], 16)
  const low = Number.parseInt(hex[2], 16)
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

/** Whether a delivery may connect to `address`; loopback only with the test allowance. */
export function isAllowedAddress(answer: string, allowLoopback: boolean): boolean {
  // A zone index (fe80::1%eth0) only ever comes with link-local addresses, refused below anyway.
  const address = answer.replace(/%.*$/, '')
  const family = isIP(address)
  if (family === 0) return false
  const v4 = family === 6 ? embeddedIpv4(address) : address
  const [checked, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const]
  if (allowLoopback && loopback.check(checked, type)) return true
  return !forbidden.check(checked, type)
}

/** A URL refused by policy (as opposed to a name that does not resolve right now). */
export class RefusedAddressError extends Error {}

/** Names that always mean this machine or an internal network, whatever DNS says. */
const INTERNAL_NAME = /(?:^|\.)(?:localhost|local|internal|intranet|lan|home\.arpa)$/i

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '')

/**
 * The addresses a delivery to `hostname` may use: resolved once, every one of them public (a name
 * with one internal address among public ones is refused: which one a connection gets is not ours
 * to choose). Throws with the reason otherwise.
 */
export async function allowedAddressesOf(
  hostname: string,
  resolve: HostResolver,
  allowLoopback: boolean,
): Promise<string[]> {
  const literal = isIP(hostname) !== 0
  if (
    !literal &&
    INTERNAL_NAME.test(hostname.replace(/\.$/, '')) &&
    !(allowLoopback && /^localhost$/i.test(hostname))
  )
    throw new RefusedAddressError(`${hostname} is an internal name`)
  const addresses = literal ? [hostname] : await resolve(hostname)
  if (addresses.length === 0) throw new Error(`${hostname} has no address`)
  const refused = addresses.find((address) => !isAllowedAddress(address, allowLoopback))
  if (refused)
    throw new RefusedAddressError(`${hostname} resolves to ${refused}, a private or internal address`)
  return addresses
}
