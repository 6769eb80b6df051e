import { createHmac, timingSafeEqual } from 'node:crypto'
import { SUBSCRIBER_TOKEN_MAX_TTL_SECONDS as CONTRACT_MAX_TTL } from '@retainkit/shared/widget-api'
import { describe, expect, it } from 'vitest'
import { createSubscriberToken, SUBSCRIBER_TOKEN_MAX_TTL_SECONDS } from './create-subscriber-token'

const SECRET = 'rkws_test_secret_value'
const NOW = new Date('2027-01-15T12:00:00Z')
const IAT = NOW.getTime() / 1000

/** An independent HS256 verifier: recompute the signature, compare in constant time, decode. */
function verify(token: string, secret: string) {
  const [header, payload, signature, ...rest] = token.split('.')
  expect(rest).toEqual([])
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest()
  const given = Buffer.from(signature ?? '', 'base64url')
  const valid = given.length === expected.length && timingSafeEqual(given, expected)
  const decode = (part = '') => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  return { valid, header: decode(header), claims: decode(payload) }
}

describe('createSubscriberToken', () => {
  it('mints an HS256 JWT with iss, sub, sid, mode, iat and a 15-minute exp by default', () => {
    const token = createSubscriberToken({
      accountId: 'acct_1',
      customerId: 'cus_123',
      subscriptionId: 'sub_456',
      mode: 'test',
      secret: SECRET,
      now: NOW,
    })
    const { valid, header, claims } = verify(token, SECRET)
    expect(valid).toBe(true)
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(claims).toEqual({
      iss: 'acct_1',
      sub: 'cus_123',
      sid: 'sub_456',
      mode: 'test',
      iat: IAT,
      exp: IAT + 900,
    })
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  })

  it('signs the handles and jurisdiction claims the server trusts instead of the widget', () => {
    const token = createSubscriberToken({
      accountId: 'acct_1',
      customerId: 'cus_1',
      handles: ['offers', 'cancel', 'offers'],
      country: 'us',
      state: 'Minnesota',
      secret: SECRET,
      now: NOW,
    })
    expect(verify(token, SECRET).claims).toMatchObject({
      handles: ['offers', 'cancel'],
      country: 'US',
      state: 'Minnesota',
    })
    const base = { accountId: 'a', customerId: 'c', secret: SECRET }
    expect(() => createSubscriberToken({ ...base, handles: ['refunds' as 'offers'] })).toThrow(TypeError)
    expect(() => createSubscriberToken({ ...base, country: 'USA' })).toThrow(TypeError)
    expect(() => createSubscriberToken({ ...base, state: 'MN' })).toThrow(TypeError)
  })

  it('does not verify with another secret', () => {
    const token = createSubscriberToken({
      accountId: 'acct_1',
      customerId: 'cus_1',
      secret: SECRET,
      now: NOW,
    })
    expect(verify(token, 'rkws_other').valid).toBe(false)
  })

  it('leaves sid and mode out when not given', () => {
    const token = createSubscriberToken({
      accountId: 'acct_1',
      customerId: 'cus_1',
      secret: SECRET,
      now: NOW,
    })
    expect(Object.keys(verify(token, SECRET).claims)).toEqual(['iss', 'sub', 'iat', 'exp'])
  })

  it('accepts a lifetime up to an hour and refuses anything longer, shorter than a second or fractional', () => {
    expect(SUBSCRIBER_TOKEN_MAX_TTL_SECONDS).toBe(CONTRACT_MAX_TTL)
    const hour = createSubscriberToken({
      accountId: 'a',
      customerId: 'c',
      secret: SECRET,
      ttlSeconds: 3600,
      now: NOW,
    })
    expect(verify(hour, SECRET).claims.exp).toBe(IAT + 3600)
    for (const ttlSeconds of [3601, 0, -5, 1.5, Number.NaN]) {
      expect(() =>
        createSubscriberToken({ accountId: 'a', customerId: 'c', secret: SECRET, ttlSeconds }),
      ).toThrow(RangeError)
    }
  })

  it('requires the account, the customer and the secret', () => {
    expect(() => createSubscriberToken({ accountId: '', customerId: 'c', secret: SECRET })).toThrow(
      'accountId',
    )
    expect(() => createSubscriberToken({ accountId: 'a', customerId: '', secret: SECRET })).toThrow(
      'customerId',
    )
    expect(() => createSubscriberToken({ accountId: 'a', customerId: 'c', secret: '' })).toThrow('secret')
    expect(() =>
      createSubscriberToken({ accountId: 'a', customerId: 'c', secret: SECRET, mode: 'prod' as never }),
    ).toThrow('mode')
  })
})
