import { createHmac } from 'node:crypto'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  errorOf,
  mintToken,
  startSession,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

let t: TestContext
let account: WidgetAccount
let other: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t, { stripe: false })
  other = await widgetAccount(t, { stripe: false })
})
afterAll(() => t.close())

const now = () => Math.floor(t.clock.now().getTime() / 1000)

async function expect401(token: string | undefined, message: string, code = 'UNAUTHORIZED') {
  const res = await widgetCall(t, '/api/widget/sessions', { body: {}, ...(token ? { token } : {}) })
  expect(res.status).toBe(401)
  expect(await errorOf(res)).toEqual({ code, message })
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('subscriber tokens', () => {
  it('accepts a valid HS256 token signed with an active secret', async () => {
    const res = await startSession(t, await tokenFor(t, account, 'cus_valid1'))
    expect(res.status).toBe(201)
  })

  it('requires the token as a bearer', async () => {
    await expect401(
      undefined,
      'Missing subscriber token: send it in the Authorization header as a bearer token',
    )
    await expect401('not-a-jwt', 'Malformed subscriber token')
  })

  it('answers an expired token with 401 TOKEN_EXPIRED', async () => {
    const token = await tokenFor(t, account, 'cus_1', { iat: now() - 1000, exp: now() - 1 })
    await expect401(token, 'Your session has expired. Please sign in again.', 'TOKEN_EXPIRED')
    const edge = await tokenFor(t, account, 'cus_1', { iat: now() - 100, exp: now() })
    await expect401(edge, 'Your session has expired. Please sign in again.', 'TOKEN_EXPIRED')
  })

  it('answers a token that verified a moment ago with TOKEN_EXPIRED once its exp is reached', async () => {
    const token = await tokenFor(t, account, 'cus_lapsing1', { iat: now() - 100, exp: now() + 2 })
    expect((await startSession(t, token)).status).toBe(201)
    t.clock.advance(1_000)
    expect((await startSession(t, token)).status).toBe(201)
    t.clock.advance(1_000)
    await expect401(token, 'Your session has expired. Please sign in again.', 'TOKEN_EXPIRED')
  })

  it('refuses a token signed with another secret (forged)', async () => {
    const forged = await mintToken(t, 'rkws_not-the-secret-not-the-secret-not-the', {
      iss: account.accountId,
      sub: 'cus_1',
    })
    await expect401(forged, 'Subscriber token signature is invalid')
    // An expired forgery is still "invalid", not "expired": the signature is checked first.
    const expiredForgery = await mintToken(t, 'rkws_other', {
      iss: account.accountId,
      sub: 'cus_1',
      iat: now() - 999,
      exp: now() - 9,
    })
    await expect401(expiredForgery, 'Subscriber token signature is invalid')
  })

  it('takes only the exact signature: no other spelling of it, no critical header, numeric times', async () => {
    const sign = (header: object, claims: object, secret = account.secret) => {
      const input = `${b64(header)}.${b64(claims)}`
      return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`
    }
    const claims = { iss: account.accountId, sub: 'cus_spelling1', iat: now(), exp: now() + 600 }
    const valid = sign({ alg: 'HS256', typ: 'JWT' }, claims)
    expect((await startSession(t, valid)).status).toBe(201)
    // The last character of 32 bytes in base64url carries two unused bits: flipping one spells the same
    // bytes another way, which would make another token (another rate-limit key) of the same one.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const last = alphabet.indexOf(valid.slice(-1))
    const respelled = `${valid.slice(0, -1)}${alphabet[last ^ 1]}`
    expect(Buffer.from(respelled.split('.')[2] ?? '', 'base64url')).toEqual(
      Buffer.from(valid.split('.')[2] ?? '', 'base64url'),
    )
    await expect401(respelled, 'Subscriber token signature is invalid')
    await expect401(`${valid}=`, 'Subscriber token signature is invalid')
    await expect401(`${valid.slice(0, -2)}*${valid.slice(-1)}`, 'Subscriber token signature is invalid')
    await expect401(sign({ alg: 'HS256', crit: ['b64'], b64: false }, claims), 'Malformed subscriber token')
    await expect401(
      sign({ alg: 'HS256' }, { ...claims, exp: String(now() + 600) }),
      'Subscriber token claim exp is invalid',
    )
    await expect401(
      sign({ alg: 'HS256' }, { ...claims, nbf: now() + 30 }),
      'Subscriber token claim nbf is invalid',
    )
    // A signature made with another secret is checked before any claim.
    await expect401(
      sign({ alg: 'HS256' }, { ...claims, exp: 'soon' }, 'rkws_not-the-secret'),
      'Subscriber token signature is invalid',
    )
  })

  it("refuses another account's secret, whatever iss says", async () => {
    const claimsThisAccount = await mintToken(t, other.secret, { iss: account.accountId, sub: 'cus_1' })
    await expect401(claimsThisAccount, 'Subscriber token signature is invalid')
  })

  it('refuses alg none and asymmetric algorithms', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: account.accountId, sub: 'cus_1', iat: now(), exp: now() + 60 })}.`
    await expect401(none, 'Subscriber tokens must be signed with HS256')
    const { privateKey, publicKey } = await generateKeyPair('RS256')
    const rs = await new SignJWT({ sub: 'cus_1' })
      .setProtectedHeader({ alg: 'RS256', jwk: await exportJWK(publicKey) })
      .setIssuer(account.accountId)
      .setIssuedAt(now())
      .setExpirationTime(now() + 60)
      .sign(privateKey)
    await expect401(rs, 'Subscriber tokens must be signed with HS256')
    const hs512 = await new SignJWT({ sub: 'cus_1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer(account.accountId)
      .setIssuedAt(now())
      .setExpirationTime(now() + 60)
      .sign(new TextEncoder().encode(account.secret))
    await expect401(hs512, 'Subscriber tokens must be signed with HS256')
  })

  it('limits the lifetime to one hour after iat', async () => {
    const tooLong = await tokenFor(t, account, 'cus_1', { iat: now(), exp: now() + 3601 })
    await expect401(tooLong, 'Subscriber token lifetime too long: exp must be at most 3600 seconds after iat')
    const hour = await tokenFor(t, account, 'cus_hour1', { iat: now(), exp: now() + 3600 })
    expect((await startSession(t, hour)).status).toBe(201)
  })

  it('accepts iat up to 60 s in the future, not more', async () => {
    const ahead = await tokenFor(t, account, 'cus_1', { iat: now() + 61, exp: now() + 600 })
    await expect401(ahead, 'Subscriber token claim iat is in the future')
    const skewed = await tokenFor(t, account, 'cus_skew1', { iat: now() + 60, exp: now() + 600 })
    expect((await startSession(t, skewed)).status).toBe(201)
  })

  it('checks the claims: sub a customer id, sid a subscription id, mode live|test, iss an account', async () => {
    await expect401(
      await tokenFor(t, account, 'user_42'),
      'Subscriber token claim sub must be a Stripe customer id (cus_…)',
    )
    await expect401(
      await tokenFor(t, account, 'cus_1', { sid: 'in_123' }),
      'Subscriber token claim sid must be a Stripe subscription id (sub_…)',
    )
    await expect401(
      await mintToken(t, account.secret, { iss: account.accountId, sub: 'cus_1', mode: 'prod' as 'live' }),
      "Subscriber token claim mode must be 'live' or 'test'",
    )
    await expect401(
      await mintToken(t, account.secret, { sub: 'cus_1' }),
      'Subscriber token claim iss must be your Retainkit account id',
    )
    await expect401(
      await mintToken(t, account.secret, { iss: 'no-such-account', sub: 'cus_1' }),
      'Subscriber token signature is invalid (no active widget secret for this account)',
    )
  })

  it("refuses a token of another account on this account's session", async () => {
    const { body } = await startSession(t, await tokenFor(t, account, 'cus_shared1'))
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/events`, {
      token: await tokenFor(t, other, 'cus_shared1'),
      body: { events: [{ step: 'offer_shown', offer: 'discount' }] },
    })
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Subscriber token was issued for another account',
    })
  })

  it('never logs a token or a secret', async () => {
    await expect401(
      await mintToken(t, 'rkws_wrong', { iss: account.accountId, sub: 'cus_1' }),
      'Subscriber token signature is invalid',
    )
    const log = t.logger.lines.join('\n')
    expect(log).not.toContain(account.secret)
    expect(log).not.toContain(other.secret)
  })
})
