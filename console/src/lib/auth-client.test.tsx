import { describe, expect, it } from 'vitest'
import { TEST_CONFIG } from '../test-support/fake-backend'
import { registerConsoleCleanup } from '../test-support/render-console'
import { authStorageKey, createAuthClient, removeStoredAuthTokens } from './auth-client'

registerConsoleCleanup()

describe('auth client', () => {
  it('is supabase-js auth with PKCE, a persisted session, auto refresh and URL detection', async () => {
    const client = createAuthClient(TEST_CONFIG) as unknown as Record<string, unknown>
    expect(client.flowType).toBe('pkce')
    expect(client.persistSession).toBe(true)
    expect(client.autoRefreshToken).toBe(true)
    expect(client.detectSessionInUrl).toBe(true)
    expect(client.storageKey).toBe('sb-localhost-auth-token')
    expect(client.url).toBe('http://localhost:8799/auth/v1')
    expect(client.headers).toMatchObject({
      apikey: TEST_CONFIG.anonKey,
      Authorization: `Bearer ${TEST_CONFIG.anonKey}`,
    })
    // Nothing in the URL or storage: initialisation ends without a session and without a request.
    const { data } = await (createAuthClient(TEST_CONFIG) as ReturnType<typeof createAuthClient>).getSession()
    expect(data.session).toBeNull()
  })

  it('uses the storage key supabase-js derives from the project URL', () => {
    expect(authStorageKey('https://abcd1234.supabase.co')).toBe('sb-abcd1234-auth-token')
    expect(authStorageKey('http://localhost:8787')).toBe('sb-localhost-auth-token')
  })

  it('removes every stored auth token and nothing else', () => {
    localStorage.setItem('sb-abcd-auth-token', 'x')
    localStorage.setItem('sb-abcd-auth-token-code-verifier', 'y')
    localStorage.setItem('retainkit.other', 'z')
    removeStoredAuthTokens(localStorage)
    expect(Object.keys(localStorage)).toEqual(['retainkit.other'])
  })
})
