import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { REVOKED_SESSION_MESSAGE } from './session-check'
import { uniqueEmail } from './testing'

/**
 * THE contract test: the real supabase-js client, made by `createClient` as any Supabase app makes it
 * (its auth client is the one the console runs), signs in end to end against our /auth/v1, in process.
 * If GoTrue's shapes drift from what the client expects, this fails.
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
  // auth-js compares expires_at with the real clock, so the server's clock starts at real time.
  t.clock.set(new Date())
})
afterAll(() => t.close())

const require = createRequire(import.meta.url)
const SUPABASE_JS_VERSION = (
  JSON.parse(readFileSync(require.resolve('@supabase/supabase-js/package.json'), 'utf8')) as {
    version: string
  }
).version
/** createClient's storage key for a project at http://localhost:8787: `sb-<first host label>-auth-token`. */
const STORAGE_KEY = 'sb-localhost-auth-token'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value)
    },
    removeItem: (key: string) => {
      items.delete(key)
    },
  }
}

function client(storage = memoryStorage()) {
  const calls: string[] = []
  const supabase = createClient('http://localhost:8787', 'the-anon-key', {
    auth: {
      flowType: 'pkce',
      storage,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    global: {
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input)
        calls.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`)
        return t.app.request(url, init)
      },
    },
  })
  return { auth: supabase.auth, storage, calls }
}

describe(`@supabase/supabase-js ${SUPABASE_JS_VERSION} against the embedded auth server`, () => {
  it('is the client version the server is tested with', () => {
    expect(SUPABASE_JS_VERSION).toMatch(/^2\.\d+\.\d+$/)
  })

  it('signs in with a magic link (PKCE), uses the API, refreshes and signs out', async () => {
    const { auth, storage, calls } = client()
    const email = uniqueEmail('contract')

    const otp = await auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'http://localhost:8787/auth/callback' },
    })
    expect(otp.error).toBeNull()
    const link = (await t.readOutbox(email))[0]?.link
    expect(link).toBeTruthy()

    const verify = await t.app.request(link as string)
    expect(verify.status).toBe(303)
    const callback = new URL(verify.headers.get('location') ?? '')
    expect(`${callback.origin}${callback.pathname}`).toBe('http://localhost:8787/auth/callback')
    const code = callback.searchParams.get('code')
    expect(code).toBeTruthy()

    const exchanged = await auth.exchangeCodeForSession(code as string)
    expect(exchanged.error).toBeNull()
    const session = exchanged.data.session
    expect(session?.user.email).toBe(email)
    expect(session?.token_type).toBe('bearer')
    // persistSession: the client stored the session (under its default key) for the next page load.
    expect(storage.items.get(STORAGE_KEY)).toContain(session?.refresh_token)

    const user = await auth.getUser()
    expect(user.error).toBeNull()
    expect(user.data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated' })
    expect(user.data.user?.app_metadata.provider).toBe('email')

    // The access token is accepted by the API: 403 (not a member) rather than 401 (not signed in).
    const accessToken = session?.access_token ?? ''
    const api = await t.request('/api/account?accountId=someone-else&action=data', { token: accessToken })
    expect(api.status).toBe(403)

    const refreshed = await auth.refreshSession()
    expect(refreshed.error).toBeNull()
    const next = refreshed.data.session
    expect(next?.access_token).toBeTruthy()
    expect(next?.refresh_token).not.toBe(session?.refresh_token)
    expect(
      (await t.request('/api/account?accountId=someone-else&action=data', { token: next?.access_token }))
        .status,
    ).toBe(403)

    const signedOut = await auth.signOut()
    expect(signedOut.error).toBeNull()
    expect((await auth.getSession()).data.session).toBeNull()
    expect(calls).toContain('POST /auth/v1/logout')

    // Server side, the session is over: its refresh token fails and the API refuses its tokens.
    const again = await auth.refreshSession({ refresh_token: next?.refresh_token ?? '' })
    expect(again.error?.code).toBe('refresh_token_not_found')
    expect(again.data.session).toBeNull()
    const after = await t.request('/api/account?accountId=someone-else&action=data', {
      token: next?.access_token,
    })
    expect(after.status).toBe(401)
    expect(((await after.json()) as { error: { message: string } }).error.message).toBe(
      REVOKED_SESSION_MESSAGE,
    )

    expect(calls).toEqual(
      expect.arrayContaining([
        'POST /auth/v1/otp',
        'POST /auth/v1/token',
        'GET /auth/v1/user',
        'POST /auth/v1/logout',
      ]),
    )
  })

  /** A client signed in through a magic link (PKCE), as the console signs in. */
  async function signedIn(prefix = 'contract') {
    const c = client()
    const email = uniqueEmail(prefix)
    await c.auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:8787/auth/callback' } })
    const verify = await t.app.request((await t.readOutbox(email)).at(-1)?.link as string)
    const code = new URL(verify.headers.get('location') ?? '').searchParams.get('code') as string
    const { error } = await c.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    return { ...c, email }
  }

  // supabase-js's own tests 'Update user' and 'Get user after updating'.
  it('updates the user metadata (updateUser) and getUser reads it back', async () => {
    const { auth } = await signedIn()
    const updated = await auth.updateUser({ data: { hello: 'world', plan: 'pro' } })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.user_metadata).toEqual({ hello: 'world', plan: 'pro' })

    const read = await auth.getUser()
    expect(read.error).toBeNull()
    expect(read.data.user?.user_metadata).toEqual({ hello: 'world', plan: 'pro' })

    // GoTrue merges the keys sent into the metadata; a key sent as null is removed.
    const merged = await auth.updateUser({ data: { plan: null, theme: 'dark' } })
    expect(merged.data.user?.user_metadata).toEqual({ hello: 'world', theme: 'dark' })
    expect((await auth.getUser()).data.user?.user_metadata).toEqual({ hello: 'world', theme: 'dark' })
  })

  it('changes the e-mail address once the new address confirms it (updateUser({ email }))', async () => {
    const { auth, email } = await signedIn()
    const next = uniqueEmail('moved')
    const asked = await auth.updateUser(
      { email: next },
      { emailRedirectTo: 'http://localhost:8787/settings/?tab=profile' },
    )
    expect(asked.error).toBeNull()
    // Nothing changes before the new address confirms: the user shows the pending address.
    expect(asked.data.user?.email).toBe(email)
    expect(asked.data.user?.new_email).toBe(next)
    expect(asked.data.user?.email_change_sent_at).toBeTruthy()

    const mail = (await t.readOutbox(next)).at(-1)
    expect(mail?.subject).toBe('Confirm your new Retainkit e-mail address')
    expect(mail?.text).toContain(mail?.link as string)
    const link = new URL(mail?.link as string)
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:8787/auth/v1/verify')
    expect(link.searchParams.get('type')).toBe('email_change')

    const verify = await t.app.request(link.toString())
    expect(verify.status).toBe(303)
    const back = new URL(verify.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:8787/settings/')
    // PKCE, as the sign-in: the page exchanges the code for a session of the user.
    const exchanged = await auth.exchangeCodeForSession(back.searchParams.get('code') as string)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email).toBe(next)
    const read = await auth.getUser()
    expect(read.data.user?.email).toBe(next)
    expect(read.data.user?.new_email).toBeUndefined()
    expect(read.data.user?.identities?.map((identity) => identity.identity_data?.email)).toEqual([next])

    // The link works once; the old address signs nobody in any more, the new one the same user.
    expect(
      new URL((await t.app.request(link.toString())).headers.get('location') ?? '').searchParams.get(
        'error_code',
      ),
    ).toBe('otp_expired')
    const again = await signedInAs(next)
    expect(again).toBe(read.data.user?.id)
  })

  async function signedInAs(email: string): Promise<string | undefined> {
    const c = client()
    t.clock.advance(61_000)
    await c.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'http://localhost:8787/auth/callback', shouldCreateUser: false },
    })
    const verify = await t.app.request((await t.readOutbox(email)).at(-1)?.link as string)
    const code = new URL(verify.headers.get('location') ?? '').searchParams.get('code') as string
    return (await c.auth.exchangeCodeForSession(code)).data.user?.id
  }

  it('refuses an e-mail change to an address another user has, and a password', async () => {
    const other = await signedIn('taken')
    const { auth } = await signedIn()
    const taken = await auth.updateUser({ email: other.email })
    expect(taken.error?.status).toBe(422)
    expect(taken.error?.code).toBe('email_exists')
    const invalid = await auth.updateUser({ email: 'not-an-email' })
    expect(invalid.error?.status).toBe(400)
    expect(invalid.error?.code).toBe('validation_failed')
    const password = await auth.updateUser({ password: 'correct horse battery staple' })
    expect(password.error?.status).toBe(422)
    expect(password.error?.code).toBe('validation_failed')
  })

  it('surfaces GoTrue errors as AuthApiError codes the client knows', async () => {
    const { auth } = client()
    const bad = await auth.signInWithOtp({ email: 'not-an-email' })
    expect(bad.error?.status).toBe(400)
    expect(bad.error?.code).toBe('validation_failed')
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format')

    const email = uniqueEmail('contract')
    expect((await auth.signInWithOtp({ email })).error).toBeNull()
    const limited = await auth.signInWithOtp({ email })
    expect(limited.error?.status).toBe(429)
    expect(limited.error?.code).toBe('over_email_send_rate_limit')

    const noSignup = await auth.signInWithOtp({
      email: uniqueEmail('nobody'),
      options: { shouldCreateUser: false },
    })
    expect(noSignup.error?.code).toBe('otp_disabled')

    const wrongCode = await auth.exchangeCodeForSession('00000000-0000-4000-8000-000000000000')
    expect(wrongCode.error).not.toBeNull()
  })

  it('drops its stored session when the server says the session is gone', async () => {
    const first = client()
    const email = uniqueEmail('contract')
    await first.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'http://localhost:8787/auth/callback' },
    })
    const verify = await t.app.request((await t.readOutbox(email)).at(-1)?.link as string)
    const code = new URL(verify.headers.get('location') ?? '').searchParams.get('code') as string
    const { data } = await first.auth.exchangeCodeForSession(code)
    // Another device signs the user out everywhere.
    const logout = await t.app.request('http://localhost:8787/auth/v1/logout?scope=global', {
      method: 'POST',
      headers: { authorization: `Bearer ${data.session?.access_token}` },
    })
    expect(logout.status).toBe(204)
    const user = await first.auth.getUser()
    expect(user.data.user).toBeNull()
    expect(user.error?.name).toBe('AuthSessionMissingError')
    expect((await first.auth.getSession()).data.session).toBeNull()
  })

  it('starts social sign-in with a provider listed in /settings only', async () => {
    const { auth } = client()
    const settings = await t.app.request('http://localhost:8787/auth/v1/settings')
    expect(((await settings.json()) as { external: Record<string, boolean> }).external).toEqual({
      email: true,
      phone: false,
      anonymous_users: false,
    })
    const { data } = await auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: 'http://localhost:8787/auth/callback', skipBrowserRedirect: true },
    })
    // GoTrue answers an unknown provider with its 400 JSON (the browser shows it), not a redirect.
    const res = await t.app.request(data.url as string)
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    })
  })
})
