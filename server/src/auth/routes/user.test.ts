import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { REVOKED_SESSION_MESSAGE } from '../session-check'
import type { SessionResponse } from '../sessions'
import { authRequest, CALLBACK, errorBody, follow, lastLink, signInWithLink, uniqueEmail } from '../testing'
import type { GoTrueUser } from '../users'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const getUser = (token?: string) => authRequest(t, '/auth/v1/user', token ? { token } : {})
const logout = (token: string, scope?: string) =>
  authRequest(t, `/auth/v1/logout${scope ? `?scope=${scope}` : ''}`, { method: 'POST', token })
const refresh = (refreshToken: string) =>
  authRequest(t, '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } })
const apiCall = (token: string) => t.request('/api/account?accountId=no-such-account&action=data', { token })

/** Two sessions of one user (two devices). */
async function twoSessions(): Promise<[SessionResponse, SessionResponse]> {
  const email = uniqueEmail()
  const one = await signInWithLink(t, email)
  t.clock.advance(61_000)
  const two = await signInWithLink(t, email)
  return [one, two]
}

describe('GET /auth/v1/user', () => {
  it('returns the GoTrue user object of the bearer', async () => {
    const session = await signInWithLink(t)
    const res = await getUser(session.access_token)
    expect(res.status).toBe(200)
    const user = (await res.json()) as GoTrueUser
    expect(user).toEqual(session.user)
    expect(Object.keys(user).sort()).toEqual(
      [
        'app_metadata',
        'aud',
        'confirmed_at',
        'created_at',
        'email',
        'email_confirmed_at',
        'id',
        'identities',
        'is_anonymous',
        'last_sign_in_at',
        'phone',
        'role',
        'updated_at',
        'user_metadata',
      ].sort(),
    )
  })

  it('answers 401 no_authorization without a token and 403 bad_jwt for a bad or expired one', async () => {
    const none = await getUser()
    expect(none.status).toBe(401)
    expect(await errorBody(none)).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    })
    const forged = await getUser('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')
    expect(forged.status).toBe(403)
    expect((await errorBody(forged)).code).toBe('bad_jwt')
    const session = await signInWithLink(t)
    t.clock.advance(3600_000 + 1000)
    const expired = await getUser(session.access_token)
    expect(expired.status).toBe(403)
    expect(await errorBody(expired)).toEqual({
      code: 'bad_jwt',
      message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    })
  })

  it('refuses tokens that name no session of ours (session_not_found)', async () => {
    const { token } = await t.signIn(uniqueEmail())
    const res = await getUser(token)
    expect(res.status).toBe(403)
    expect(await errorBody(res)).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    })
  })

  it('PUT needs a live session, and a metadata update that would grow too large writes nothing', async () => {
    expect((await authRequest(t, '/auth/v1/user', { method: 'PUT', body: {} })).status).toBe(401)
    const session = await signInWithLink(t)
    const put = (body: unknown) =>
      authRequest(t, '/auth/v1/user', { method: 'PUT', token: session.access_token, body })
    expect((await put({ data: { a: 'x'.repeat(3000) } })).status).toBe(200)
    const tooLarge = await put({ data: { b: 'y'.repeat(3000) } })
    expect(tooLarge.status).toBe(400)
    expect(await errorBody(tooLarge)).toEqual({
      code: 'validation_failed',
      message: 'User metadata is too large',
    })
    const user = (await (await getUser(session.access_token)).json()) as GoTrueUser
    expect(user.user_metadata).toEqual({ a: 'x'.repeat(3000) })
  })

  it('an e-mail change: one request a minute, the newest link the only one that works', async () => {
    const session = await signInWithLink(t)
    const put = (email: string) =>
      authRequest(t, `/auth/v1/user?redirect_to=${encodeURIComponent(CALLBACK)}`, {
        method: 'PUT',
        token: session.access_token,
        body: { email },
      })
    const first = uniqueEmail('first')
    expect((await put(first)).status).toBe(200)
    const limited = await put(uniqueEmail('second'))
    expect(limited.status).toBe(429)
    expect((await errorBody(limited)).code).toBe('over_email_send_rate_limit')
    t.clock.advance(61_000)
    const second = uniqueEmail('second')
    const answered = (await (await put(second)).json()) as GoTrueUser
    expect(answered.new_email).toBe(second)
    expect(answered.email).toBe(session.user.email)

    const stale = await follow(t, await lastLink(t, first))
    // Implicit flow (no challenge sent): GoTrue puts the error in the fragment.
    expect(new URLSearchParams(stale.location.hash.slice(1)).get('error_code')).toBe('otp_expired')
    const fresh = await follow(t, await lastLink(t, second))
    // The session in the fragment, for the same user at the new address.
    expect(`${fresh.location.origin}${fresh.location.pathname}`).toBe(CALLBACK)
    const token = new URLSearchParams(fresh.location.hash.slice(1)).get('access_token') as string
    const moved = (await (await getUser(token)).json()) as GoTrueUser
    expect({ id: moved.id, email: moved.email, pending: moved.new_email }).toEqual({
      id: session.user.id,
      email: second,
      pending: undefined,
    })
  })
})

describe('POST /auth/v1/logout', () => {
  it('global (the default) revokes every session of the user and their refresh tokens', async () => {
    const [one, two] = await twoSessions()
    const res = await logout(one.access_token)
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    for (const session of [one, two]) {
      expect((await refresh(session.refresh_token)).status).toBe(400)
      expect((await getUser(session.access_token)).status).toBe(403)
      const api = await apiCall(session.access_token)
      expect(api.status).toBe(401)
      expect(((await api.json()) as { error: { message: string } }).error.message).toBe(
        REVOKED_SESSION_MESSAGE,
      )
    }
    const rows = await t.database.db
      .selectFrom('auth_refresh_tokens')
      .select('revoked_at')
      .where('user_id', '=', one.user.id)
      .execute()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true)
  })

  it('local revokes only the current session; others every session but this one', async () => {
    const [one, two] = await twoSessions()
    expect((await logout(one.access_token, 'local')).status).toBe(204)
    expect((await refresh(one.refresh_token)).status).toBe(400)
    const twoNext = (await (await refresh(two.refresh_token)).json()) as SessionResponse
    expect(twoNext.access_token).toBeTruthy()

    const [three, four] = await twoSessions()
    expect((await logout(three.access_token, 'others')).status).toBe(204)
    expect((await refresh(four.refresh_token)).status).toBe(400)
    expect((await getUser(three.access_token)).status).toBe(200)
    expect((await apiCall(three.access_token)).status).toBe(403)
  })

  it('leaves other users alone', async () => {
    const mine = await signInWithLink(t)
    const theirs = await signInWithLink(t)
    await logout(mine.access_token)
    expect((await refresh(theirs.refresh_token)).status).toBe(200)
  })

  it('validates the scope and requires a live session', async () => {
    const session = await signInWithLink(t)
    const bad = await logout(session.access_token, 'everything')
    expect(bad.status).toBe(400)
    expect((await errorBody(bad)).message).toBe('Unsupported logout scope')
    expect((await logout(session.access_token)).status).toBe(204)
    const again = await logout(session.access_token)
    expect(again.status).toBe(403)
    expect((await errorBody(again)).code).toBe('session_not_found')
  })
})
