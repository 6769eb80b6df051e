import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, nodeBindings, type TestContext } from '../../test/support/harness'
import { parseTrustProxy } from '../http/client-address'

/**
 * Every limiter keyed by the caller's address takes it from one place (http/client-address.ts), and
 * X-Forwarded-For counts only as far as TRUST_PROXY says. Rotating the header used to pass 40 of 40
 * /otp and 80 of 80 /verify requests from a loopback peer, and every contact/waitlist request.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

let counter = 0
const rotatingHeader = () => `198.51.100.${(counter++ % 250) + 1}`

async function send(
  path: string,
  peer: string,
  forwarded: string | null,
  init: { method?: string; body?: unknown; apiKey?: boolean } = {},
) {
  const headers: Record<string, string> = {}
  if (forwarded !== null) headers['x-forwarded-for'] = forwarded
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  if (init.apiKey) headers['x-api-key'] = t.apiKey
  return await t.app.request(
    path,
    {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    },
    nodeBindings(peer, headers),
  )
}

async function statuses(
  count: number,
  request: (i: number) => Response | Promise<Response>,
): Promise<number[]> {
  const seen: number[] = []
  for (let i = 0; i < count; i += 1) seen.push((await request(i)).status)
  return seen
}

const otp = (peer: string, forwarded: string | null) =>
  send('/auth/v1/otp', peer, forwarded, {
    method: 'POST',
    body: { email: `xff-${counter++}@example.com` },
  })
const verify = (peer: string, forwarded: string | null) =>
  send('/auth/v1/verify?token=pkce_nope&type=magiclink', peer, forwarded)
const contact = (peer: string, forwarded: string | null) =>
  send('/api/contact', peer, forwarded, {
    method: 'POST',
    apiKey: true,
    body: { name: 'Ada', email: 'ada@example.com', message: 'A message long enough to pass.' },
  })
const waitlist = (peer: string, forwarded: string | null) =>
  send('/api/waitlist', peer, forwarded, {
    method: 'POST',
    apiKey: true,
    body: { email: `w${counter++}@example.com` },
  })

describe('X-Forwarded-For without TRUST_PROXY (the default)', () => {
  it('does not open new /otp and /verify buckets, from a loopback or a private peer', async () => {
    const otpResults = await statuses(40, () => otp('127.0.0.1', rotatingHeader()))
    expect(otpResults.filter((s) => s === 200)).toHaveLength(20)
    expect(otpResults.slice(20).every((s) => s === 429)).toBe(true)

    const verifyResults = await statuses(80, () => verify('10.1.2.3', rotatingHeader()))
    expect(verifyResults.filter((s) => s !== 429)).toHaveLength(60)
  })

  it('does not open new contact and waitlist buckets', async () => {
    const contactResults = await statuses(8, () => contact('::1', rotatingHeader()))
    expect(contactResults).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
    const waitlistResults = await statuses(8, () => waitlist('192.168.0.9', rotatingHeader()))
    expect(waitlistResults).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
  })
})

describe('TRUST_PROXY', () => {
  it('as a hop count believes that many hops: clients behind our proxy get their own buckets', async () => {
    t.deps.config.trustProxy = parseTrustProxy('1')
    try {
      // Two clients behind the proxy at 10.9.9.9; each has its own five contact messages.
      for (const client of ['203.0.113.10', '203.0.113.11']) {
        const results = await statuses(6, () => contact('10.9.9.9', `6.6.6.6, ${client}`))
        expect(results).toEqual([200, 200, 200, 200, 200, 429])
      }
      // What the client wrote in front of our proxy's hop is not believed: same bucket as before.
      expect((await contact('10.9.9.9', `1.2.3.4, 203.0.113.10`)).status).toBe(429)
    } finally {
      t.deps.config.trustProxy = parseTrustProxy(undefined)
    }
  })

  it('as a CIDR list believes only hops sent by those proxies', async () => {
    t.deps.config.trustProxy = parseTrustProxy('10.0.0.0/8, ::1')
    try {
      const behindProxy = await statuses(6, () => waitlist('10.0.0.5', '203.0.113.20'))
      expect(behindProxy).toEqual([200, 200, 200, 200, 200, 429])
      // A public peer is its own address, whatever header it sends.
      const direct = await statuses(6, () => waitlist('192.0.2.44', rotatingHeader()))
      expect(direct).toEqual([200, 200, 200, 200, 200, 429])
      // Through two trusted proxies (::1 in front of 10.0.0.5), the client is the first untrusted hop.
      expect((await waitlist('::1', '203.0.113.21, 10.0.0.5')).status).toBe(200)
    } finally {
      t.deps.config.trustProxy = parseTrustProxy(undefined)
    }
  })
})
