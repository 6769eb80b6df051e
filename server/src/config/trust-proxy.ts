import { BlockList, isIP } from 'node:net'

/**
 * TRUST_PROXY: how far X-Forwarded-For is believed (http/client-address.ts says who is calling from
 * it). A hop count ("2": two proxies of ours append to the header) or the proxies' addresses as a CIDR
 * list ("10.0.0.0/8,::1"); by default nothing in the header is believed.
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'cidrs'; ranges: readonly string[]; list: BlockList }

export const TRUST_NONE: TrustProxy = { kind: 'none' }

/** More than this many proxies in front of one server is a misconfiguration, not a deployment. */
const MAX_HOPS = 10

/** Parses TRUST_PROXY; throws an Error saying what is wrong (the caller names the variable). */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? ''
  if (text === '' || /^(?:0|false|none)$/i.test(text)) return TRUST_NONE
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > MAX_HOPS) throw new Error(`must be a hop count from 0 to ${MAX_HOPS} or a CIDR list`)
    return { kind: 'hops', hops }
  }
  const list = new BlockList()
  const ranges = text.split(',').map((part) => part.trim())
  for (const range of ranges) {
    const [address = '', bits, extra] = range.split('/')
    const family = isIP(address)
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits)
    const maxPrefix = family === 6 ? 128 : 32
    if (
      family === 0 ||
      extra !== undefined ||
      (bits !== undefined && !/^\d{1,3}$/.test(bits)) ||
      prefix > maxPrefix
    ) {
      throw new Error(
        `must be a hop count or a comma-separated list of IP addresses or CIDRs; "${range}" is neither`,
      )
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4')
  }
  return { kind: 'cidrs', ranges, list }
}
