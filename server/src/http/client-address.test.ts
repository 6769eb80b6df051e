import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { nodeBindings } from '../../test/support/node-bindings'
import { clientAddress, isLoopback, parseTrustProxy, rateLimitKey, type TrustProxy } from './client-address'

async function addressOf(trust: TrustProxy, peer: string | null, forwarded?: string) {
  const app = new Hono().get('/', (c) => c.text(String(clientAddress(c, trust))))
  const headers: Record<string, string> = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }
  const res = await app.request('/', { headers }, peer === null ? undefined : nodeBindings(peer, headers))
  return res.text()
}

describe('parseTrustProxy', () => {
  it('reads nothing, a hop count or a CIDR list', () => {
    for (const none of [undefined, '', ' ', '0', 'false', 'none'])
      expect(parseTrustProxy(none)).toEqual({ kind: 'none' })
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 })
    const cidrs = parseTrustProxy('10.0.0.0/8, 192.0.2.7 ,fd00::/8,::1')
    expect(cidrs.kind === 'cidrs' && cidrs.ranges).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8', '::1'])
  })

  it('refuses what it cannot read', () => {
    for (const bad of [
      '11',
      'yes',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.0/8/1',
      'example.com',
      '10.0.0.0/x',
      '1.2.3.4,',
    ]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/hop count/)
    }
  })
})

describe('clientAddress', () => {
  it('is the socket peer by default, whatever X-Forwarded-For says', async () => {
    expect(await addressOf(parseTrustProxy(undefined), '127.0.0.1', '198.51.100.7')).toBe('127.0.0.1')
    expect(await addressOf(parseTrustProxy(undefined), '::ffff:10.0.0.2', '198.51.100.7')).toBe('10.0.0.2')
  })

  it('is null in process (no socket) and "unknown" for a socket without an address', async () => {
    expect(await addressOf(parseTrustProxy('1'), null, '198.51.100.7')).toBe('null')
    const app = new Hono().get('/', (c) => c.text(String(clientAddress(c, parseTrustProxy(undefined)))))
    expect(await (await app.request('/', {}, { incoming: { socket: {} } })).text()).toBe('unknown')
  })

  it('with a hop count, walks that many hops from the nearest and stops at garbage', async () => {
    const two = parseTrustProxy('2')
    expect(await addressOf(two, '10.0.0.1', '1.1.1.1, 2.2.2.2, 3.3.3.3')).toBe('2.2.2.2')
    expect(await addressOf(two, '10.0.0.1', '3.3.3.3')).toBe('3.3.3.3')
    expect(await addressOf(two, '10.0.0.1', 'evil, 3.3.3.3')).toBe('3.3.3.3')
    expect(await addressOf(two, '10.0.0.1')).toBe('10.0.0.1')
  })

  it('with a CIDR list, skips only trusted proxies', async () => {
    const list = parseTrustProxy('10.0.0.0/8,2001:db8::/32')
    expect(await addressOf(list, '10.0.0.1', '1.1.1.1, 203.0.113.5, 10.2.2.2')).toBe('203.0.113.5')
    expect(await addressOf(list, '203.0.113.9', '1.1.1.1')).toBe('203.0.113.9')
    expect(await addressOf(list, '2001:db8::1', '2001:DB8::2, 198.51.100.3')).toBe('198.51.100.3')
    expect(await addressOf(list, '10.0.0.1', '10.0.0.2')).toBe('10.0.0.2')
    expect(await addressOf(list, '10.0.0.1', 'garbage')).toBe('10.0.0.1')
  })
})

describe('isLoopback and rateLimitKey', () => {
  it('knows loopback addresses in every spelling', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(address)).toBe(true)
    for (const address of ['10.0.0.1', '::2', '0.0.0.0', 'unknown', ''])
      expect(isLoopback(address)).toBe(false)
  })

  it('counts IPv6 clients per /64 and IPv4 per address', () => {
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8::5')).toBe('2001:db8:0:0::/64')
    expect(rateLimitKey('203.0.113.9')).toBe('203.0.113.9')
  })
})
