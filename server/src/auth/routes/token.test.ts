import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { sha256Hex } from '../crypto'
import { REVOKED_SESSION_MESSAGE } from '../session-check'
import { REFRESH_TOKEN_REUSE_INTERVAL_MS, type SessionResponse } from '../sessions'
import {
  authRequest,
  errorBody,
  follow,
  lastLink,
  PUBLIC,
  pkcePair,
  requestLink,
  signInWithLink,
  uniqueEmail,
} from '../testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

/** Runs /otp and /verify, returning the flow code and the verifier that goes with it. */
async function codeFor(email: string, method: 's256' | 'plain' = 's256') {
  const pair = pkcePair()
  const challenge = method === 'plain' ? pair.verifier : pair.challenge
  await requestLink(t, email, { challenge, method })
  const { location } = await follow(t, await lastLink(t, email))
  return { code: location.searchParams.get('code') ?? '', verifier: pair.verifier }
}

const exchange = (code: string, verifier: string) =>
  authRequest(t, '/auth/v1/token?grant_type=pkce', { body: { auth_code: code, code_verifier: verifier } })

const refresh = (refreshToken: string) =>
  authRequest(t, '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } })

/** Any account-scoped API call: 403 (not a member) proves the bearer token itself was accepted. */
const apiCall = (token: string) => t.request('/api/account?accountId=no-such-account&action=data', { token })

describe('POST /auth/v1/token?grant_type=pkce', () => {
  it('exchanges the code for a GoTrue session with an ES256 access token', async () => {
    const email = uniqueEmail()
    const { code, verifier } = await codeFor(email)
    const res = await exchange(code, verifier)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const session = (await res.json()) as SessionResponse
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000)
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, expires_at: nowSeconds + 3600 })
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(session.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      is_anonymous: false,
    })
    expect(session.user.identities[0]).toMatchObject({ provider: 'email', email, user_id: session.user.id })
    expect(session.user.email_confirmed_at).toBe(t.clock.now().toISOString())

    const claims = decodeJwt(session.access_token)
    expect(claims).toMatchObject({
      iss: `${PUBLIC}/auth/v1`,
      aud: 'authenticated',
      sub: session.user.id,
      email,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'otp', timestamp: nowSeconds }],
      iat: nowSeconds,
      exp: nowSeconds + 3600,
    })
    const sessionRow = await t.database.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('id', '=', String(claims.session_id))
      .executeTakeFirstOrThrow()
    expect(sessionRow.user_id).toBe(session.user.id)
    const tokenRows = await t.database.db
      .selectFrom('auth_refresh_tokens')
      .selectAll()
      .where('session_id', '=', sessionRow.id)
      .execute()
    expect(tokenRows.map((row) => row.token_hash)).toEqual([sha256Hex(session.refresh_token)])
    expect(JSON.stringify(tokenRows)).not.toContain(session.refresh_token)

    const api = await apiCall(session.access_token)
    expect(api.status).toBe(403)
  })

  it('refuses a verifier that does not match the S256 challenge, leaving the code for its owner', async () => {
    const { code, verifier } = await codeFor(uniqueEmail())
    const wrong = await exchange(code, pkcePair().verifier)
    expect(wrong.status).toBe(400)
    expect(await errorBody(wrong)).toEqual({
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    })
    expect((await exchange(code, verifier)).status).toBe(200)
  })

  it('supports the plain method', async () => {
    const { code, verifier } = await codeFor(uniqueEmail(), 'plain')
    expect((await exchange(code, `${verifier}x`)).status).toBe(400)
    expect((await exchange(code, verifier)).status).toBe(200)
  })

  it('is single use', async () => {
    const { code, verifier } = await codeFor(uniqueEmail())
    expect((await exchange(code, verifier)).status).toBe(200)
    const again = await exchange(code, verifier)
    expect(again.status).toBe(404)
    expect(await errorBody(again)).toEqual({
      code: 'flow_state_not_found',
      message: 'invalid flow state, no valid flow state found',
    })
  })

  it('expires five minutes after the link was opened', async () => {
    const { code, verifier } = await codeFor(uniqueEmail())
    t.clock.advance(5 * 60_000)
    const late = await exchange(code, verifier)
    expect(late.status).toBe(422)
    expect(await errorBody(late)).toEqual({
      code: 'flow_state_expired',
      message: 'invalid flow state, flow state has expired',
    })
  })

  it('validates its input', async () => {
    const empty = await authRequest(t, '/auth/v1/token?grant_type=pkce', { body: { auth_code: '' } })
    expect(empty.status).toBe(400)
    expect((await errorBody(empty)).message).toBe(
      'invalid request: both auth code and code verifier should be non-empty',
    )
    const unknown = await exchange('not-a-code', pkcePair().verifier)
    expect(unknown.status).toBe(404)
    const grant = await authRequest(t, '/auth/v1/token?grant_type=password', { body: {} })
    expect(grant.status).toBe(400)
    expect(await errorBody(grant)).toEqual({ code: 'validation_failed', message: 'unsupported_grant_type' })
    const numbers = await authRequest(t, '/auth/v1/token?grant_type=pkce', {
      body: { auth_code: 1, code_verifier: 2 },
    })
    expect(numbers.status).toBe(400)
  })
})

describe('POST /auth/v1/token?grant_type=refresh_token', () => {
  it('rotates: a new access and refresh token in the same session', async () => {
    const first = await signInWithLink(t)
    t.clock.advance(30 * 60_000)
    const res = await refresh(first.refresh_token)
    expect(res.status).toBe(200)
    const second = (await res.json()) as SessionResponse
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(second.user.id).toBe(first.user.id)
    const before = decodeJwt(first.access_token)
    const after = decodeJwt(second.access_token)
    expect(after.session_id).toBe(before.session_id)
    expect(after.iat).toBe(Math.floor(t.clock.now().getTime() / 1000))
    // amr keeps the original authentication time.
    expect(after.amr).toEqual(before.amr)
    expect((await refresh(second.refresh_token)).status).toBe(200)
  })

  it('detects reuse of a used token after the reuse interval and revokes the whole session', async () => {
    const first = await signInWithLink(t)
    const second = (await (await refresh(first.refresh_token)).json()) as SessionResponse
    t.clock.advance(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1)
    const reuse = await refresh(first.refresh_token)
    expect(reuse.status).toBe(400)
    expect(await errorBody(reuse)).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    })
    // The legitimate newest token dies with the session...
    const next = await refresh(second.refresh_token)
    expect(next.status).toBe(400)
    expect(await errorBody(next)).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    })
    // ...and the API refuses the session's access tokens at once.
    const api = await apiCall(second.access_token)
    expect(api.status).toBe(401)
    expect(((await api.json()) as { error: { message: string } }).error.message).toBe(REVOKED_SESSION_MESSAGE)
  })

  it('answers a retry within the reuse interval with the same successor, so a lost answer keeps the session', async () => {
    const first = await signInWithLink(t)
    const second = (await (await refresh(first.refresh_token)).json()) as SessionResponse
    t.clock.advance(REFRESH_TOKEN_REUSE_INTERVAL_MS)
    const retry = await refresh(first.refresh_token)
    expect(retry.status).toBe(200)
    const again = (await retry.json()) as SessionResponse
    expect(again.refresh_token).toBe(second.refresh_token)
    expect(decodeJwt(again.access_token).session_id).toBe(decodeJwt(second.access_token).session_id)
    expect((await apiCall(again.access_token)).status).not.toBe(401)
    // The successor was never written down in the clear.
    const stored = await t.database.db
      .selectFrom('auth_refresh_tokens')
      .select('successor_ciphertext')
      .where('token_hash', '=', sha256Hex(first.refresh_token))
      .executeTakeFirstOrThrow()
    expect(stored.successor_ciphertext).toBeTruthy()
    expect(stored.successor_ciphertext).not.toContain(second.refresh_token)
    // The chain goes on from the successor; then the first token's successor is forgotten, and
    // presenting it again (its successor used: no longer a retry) is reuse.
    const third = (await (await refresh(second.refresh_token)).json()) as SessionResponse
    const forgotten = await t.database.db
      .selectFrom('auth_refresh_tokens')
      .select('successor_ciphertext')
      .where('token_hash', '=', sha256Hex(first.refresh_token))
      .executeTakeFirstOrThrow()
    expect(forgotten.successor_ciphertext).toBeNull()
    const reuse = await refresh(first.refresh_token)
    expect(reuse.status).toBe(400)
    expect((await errorBody(reuse)).code).toBe('refresh_token_already_used')
    expect((await refresh(third.refresh_token)).status).toBe(400)
  })

  it('treats a retry within the interval as reuse once the successor has been used', async () => {
    const first = await signInWithLink(t)
    const second = (await (await refresh(first.refresh_token)).json()) as SessionResponse
    await refresh(second.refresh_token)
    const retry = await refresh(second.refresh_token)
    expect(retry.status).toBe(200)
    // second's successor is unused: a retry. first's successor (second) is used: reuse.
    const reuse = await refresh(first.refresh_token)
    expect(reuse.status).toBe(400)
    expect((await errorBody(reuse)).code).toBe('refresh_token_already_used')
  })

  it('refuses unknown or missing refresh tokens', async () => {
    const unknown = await refresh('definitely-not-a-token')
    expect(unknown.status).toBe(400)
    expect((await errorBody(unknown)).code).toBe('refresh_token_not_found')
    const missing = await authRequest(t, '/auth/v1/token?grant_type=refresh_token', { body: {} })
    expect(missing.status).toBe(400)
    expect(await errorBody(missing)).toEqual({ code: 'validation_failed', message: 'refresh_token required' })
  })

  it('keeps other sessions of the same user alive when one is revoked for reuse', async () => {
    const email = uniqueEmail()
    const one = await signInWithLink(t, email)
    t.clock.advance(61_000)
    const two = await signInWithLink(t, email)
    await refresh(one.refresh_token)
    t.clock.advance(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1)
    expect((await refresh(one.refresh_token)).status).toBe(400)
    expect((await refresh(two.refresh_token)).status).toBe(200)
  })
})
