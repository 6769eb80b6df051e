import { createHmac, timingSafeEqual } from 'node:crypto'
import * as publishedBuild from '@retainkit/node'
import { SUBSCRIBER_TOKEN_MAX_TTL_SECONDS as CONTRACT_MAX_TTL } from '@retainkit/shared/widget-api'
import { describe, expect, it } from 'vitest'
import { createSubscriberToken, SUBSCRIBER_TOKEN_MAX_TTL_SECONDS } from './index'

const LIVE_SECRET = 'rkws_live_value_for_tests'
const TEST_SECRET = 'rkws_test_value_for_tests'
const NOW = new Date('2027-01-15T12:00:00Z')
const IAT = NOW.getTime() / 1000

/** An independent HS256 check: recompute the signature, compare in constant time, decode the claims. */
function claimsOf(token: string, secret: string): Record<string, unknown> {
  const [header, payload, signature, ...rest] = token.split('.')
  expect(rest).toEqual([])
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest()
  const given = Buffer.from(signature ?? '', 'base64url')
  expect(given.length === expected.length && timingSafeEqual(given, expected)).toBe(true)
  expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' })
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
}

describe('@retainkit/node createSubscriberToken', () => {
  it("keeps the widget contract's longest token lifetime", () => {
    expect(SUBSCRIBER_TOKEN_MAX_TTL_SECONDS).toBe(CONTRACT_MAX_TTL)
  })

  it('its built dist (what npm and the widget get) behaves as this source: not a stale build', () => {
    const options = {
      accountId: 'acct_1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      mode: 'test' as const,
      handles: ['offers' as const],
      country: 'de',
      state: 'Berlin',
      secret: LIVE_SECRET,
      now: NOW,
    }
    expect(publishedBuild.createSubscriberToken(options)).toBe(createSubscriberToken(options))
    const refusal = (create: typeof createSubscriberToken) => {
      try {
        create({ ...options, secret: TEST_SECRET, mode: 'live' })
      } catch (error) {
        return (error as Error).message
      }
    }
    expect(refusal(createSubscriberToken)).toMatch(/live widget secret/)
    expect(refusal(publishedBuild.createSubscriberToken)).toBe(refusal(createSubscriberToken))
  })

  it('signs every claim the server reads: sid, mode, handles, country, state, locale', () => {
    const token = createSubscriberToken({
      accountId: 'acct_1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      mode: 'test',
      handles: ['cancel', 'offers', 'cancel'],
      country: 'us',
      state: 'Minnesota',
      locale: 'pt-BR',
      secret: LIVE_SECRET,
      now: NOW,
      ttlSeconds: 600,
    })
    expect(claimsOf(token, LIVE_SECRET)).toEqual({
      iss: 'acct_1',
      sub: 'cus_1',
      sid: 'sub_1',
      mode: 'test',
      handles: ['cancel', 'offers'],
      country: 'US',
      state: 'Minnesota',
      locale: 'pt-BR',
      iat: IAT,
      exp: IAT + 600,
    })
  })

  it('signs custom attributes for segments, and refuses ones the server would refuse', () => {
    const token = createSubscriberToken({
      accountId: 'acct_1',
      customerId: 'cus_1',
      attributes: { seats: 40, plan_family: 'team', beta: true },
      secret: LIVE_SECRET,
      now: NOW,
    })
    expect(claimsOf(token, LIVE_SECRET)).toMatchObject({
      attributes: { seats: 40, plan_family: 'team', beta: true },
    })
    const refused: Array<Record<string, string | number | boolean>> = [
      { 'Bad-Name': 1 },
      { seats: Number.NaN },
      { nested: {} as unknown as string },
    ]
    for (const attributes of refused) {
      expect(() =>
        createSubscriberToken({ accountId: 'a', customerId: 'cus_1', attributes, secret: LIVE_SECRET }),
      ).toThrow(TypeError)
    }
  })

  it('leaves optional claims out, so a test-mode secret alone makes a test-mode token', () => {
    const token = createSubscriberToken({
      accountId: 'a',
      customerId: 'cus_1',
      secret: TEST_SECRET,
      now: NOW,
    })
    expect(Object.keys(claimsOf(token, TEST_SECRET))).toEqual(['iss', 'sub', 'iat', 'exp'])
  })

  it('refuses what the server would refuse on every call', () => {
    const base = { accountId: 'a', customerId: 'cus_1', secret: LIVE_SECRET }
    expect(() => createSubscriberToken({ ...base, secret: TEST_SECRET, mode: 'live' })).toThrow(
      /live widget secret/,
    )
    expect(() => createSubscriberToken({ ...base, handles: ['refunds' as 'offers'] })).toThrow(TypeError)
    expect(() => createSubscriberToken({ ...base, country: 'USA' })).toThrow(TypeError)
    expect(() => createSubscriberToken({ ...base, state: 'MN' })).toThrow(/with a country/)
    expect(() => createSubscriberToken({ ...base, ttlSeconds: 3601 })).toThrow(RangeError)
    expect(() => createSubscriberToken({ ...base, locale: 'French' })).toThrow(/language tag/)
  })
})
