import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { errorRedirectUrl } from '../http/gotrue-error'
import { HttpError } from '../http/http-error'
import { safeRedirect, withQuery } from './redirect'
import { REVOKED_SESSION_MESSAGE, withSessionCheck } from './session-check'
import type { TokenVerifier } from './types'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('withSessionCheck', () => {
  async function tokenFor(sessionId: unknown) {
    const { userId, email } = await t.signIn()
    return t.signingKeys.sign(
      { email, role: 'authenticated', ...(sessionId === undefined ? {} : { session_id: sessionId }) },
      { subject: userId, expiresInSeconds: 3600, now: t.clock.now() },
    )
  }

  async function storedSession(revoked: boolean) {
    const { userId } = await t.signIn()
    const id = randomUUID()
    await t.database.db
      .insertInto('auth_sessions')
      .values({ id, user_id: userId, revoked_at: revoked ? t.clock.now() : null })
      .execute()
    return id
  }

  it('refuses a token whose session was revoked, with UNAUTHORIZED', async () => {
    const token = await tokenFor(await storedSession(true))
    const error = await t.deps.verifier.verify(token).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: REVOKED_SESSION_MESSAGE, status: 401 })
  })

  it('accepts live sessions, unknown session ids and tokens without one (the signature vouches)', async () => {
    for (const sessionId of [await storedSession(false), randomUUID(), undefined, 'not-a-uuid', 42]) {
      const token = await tokenFor(sessionId)
      await expect(t.deps.verifier.verify(token)).resolves.toMatchObject({ id: expect.any(String) })
    }
  })

  it('never queries for a token the inner verifier refused', async () => {
    let calls = 0
    const inner: TokenVerifier = {
      verify: async () => {
        calls += 1
        throw new HttpError('UNAUTHORIZED', 'Invalid access token')
      },
    }
    const wrapped = withSessionCheck(inner, t.database.db)
    await expect(wrapped.verify('x.y.z')).rejects.toMatchObject({ message: 'Invalid access token' })
    expect(calls).toBe(1)
  })
})

describe('redirect helpers', () => {
  const site = 'http://localhost:8787'
  it('keep same-origin targets, resolve relative ones, refuse everything else', () => {
    expect(safeRedirect('/auth/callback', site)).toBe(`${site}/auth/callback`)
    expect(safeRedirect(`${site}/a?b=1#c`, site)).toBe(`${site}/a?b=1#c`)
    for (const bad of [
      undefined,
      '',
      'https://evil.example',
      '//evil.example',
      '\\\\evil.example',
      'data:text/html,x',
    ]) {
      expect(safeRedirect(bad, site)).toBe(`${site}/`)
    }
    expect(safeRedirect(`${site}/${'x'.repeat(3000)}`, site)).toBe(`${site}/`)
  })

  it("keep the target's query when adding the code, and drop it for errors", () => {
    expect(withQuery(`${site}/cb?sb_flow_id=f1`, { code: 'c1' })).toBe(`${site}/cb?sb_flow_id=f1&code=c1`)
    const error = {
      error: 'access_denied',
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    }
    expect(errorRedirectUrl(`${site}/cb?x=1`, error, false)).toBe(
      `${site}/cb#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    )
  })
})
