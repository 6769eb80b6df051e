import { randomUUID } from 'node:crypto'
import { importJWK, type JWK, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { errorOf, type WidgetAccount, widgetAccount, widgetCall } from '../routes/widget/testing'
import { PUBLIC } from './testing'
import { createSupabaseVerifier } from './verifier'

/**
 * A token that never expires is a credential that can never be taken back: every bearer the API
 * accepts — access tokens of the embedded auth server or of a Supabase project, and subscriber
 * tokens — must carry `exp`.
 */

let t: TestContext
let shop: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  shop = await widgetAccount(t, { stripe: false })
})
afterAll(() => t.close())

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000)

/** An access token signed with the server's own key, as `signingKeys.sign` would, minus `exp`. */
async function accessTokenWithoutExp(userId: string, email: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('auth_signing_keys')
    .select(['kid', 'private_jwk_ciphertext'])
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow()
  const key = await importJWK(JSON.parse(t.deps.secrets.decrypt(row.private_jwk_ciphertext)) as JWK, 'ES256')
  return new SignJWT({ email, role: 'authenticated', session_id: randomUUID() })
    .setProtectedHeader({ alg: 'ES256', kid: row.kid, typ: 'JWT' })
    .setIssuer(`${PUBLIC}/auth/v1`)
    .setSubject(userId)
    .setAudience('authenticated')
    .setIssuedAt(nowSeconds())
    .sign(key)
}

describe('tokens without exp', () => {
  it('are refused as access tokens by the API and by /auth/v1/user', async () => {
    const { userId, email } = await t.signIn()
    const token = await accessTokenWithoutExp(userId, email)
    const api = await t.request('/api/session?action=context', { token })
    expect(api.status).toBe(401)
    expect(await errorOf(api)).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid access token' })
    const user = await t.request('/auth/v1/user', { token, apiKey: null })
    expect(user.status).toBe(403)
  })

  it('are refused by the Supabase verifier (HS256 secret)', async () => {
    const secret = 's'.repeat(40)
    const verifier = createSupabaseVerifier('https://project.supabase.example', secret)
    const token = await new SignJWT({ email: 'a@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('https://project.supabase.example/auth/v1')
      .setAudience('authenticated')
      .setSubject(randomUUID())
      .setIssuedAt()
      .sign(new TextEncoder().encode(secret))
    await expect(verifier.verify(token)).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    const withExp = await new SignJWT({ email: 'a@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('https://project.supabase.example/auth/v1')
      .setAudience('authenticated')
      .setSubject(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret))
    await expect(verifier.verify(withExp)).resolves.toMatchObject({ email: 'a@example.com' })
  })

  it('are refused as subscriber tokens', async () => {
    const token = await new SignJWT({ sub: 'cus_noexp1' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(shop.accountId)
      .setIssuedAt(nowSeconds())
      .sign(new TextEncoder().encode(shop.secret))
    const res = await widgetCall(t, '/api/widget/sessions', { token, body: {} })
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Subscriber token must carry numeric iat and exp claims',
    })
  })
})
