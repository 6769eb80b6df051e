import { createFakeOAuthProvider, type FakeOAuthUser } from '@retainkit/fakes/oauth-provider'
import { Hono } from 'hono'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import type { OAuthProviderConfig } from '../../config/oauth-providers'
import { sha256Hex } from '../crypto'
import type { SessionResponse } from '../sessions'
import { CALLBACK, PUBLIC, pkcePair, signInWithLink, uniqueEmail } from '../testing'
import { authRoutes } from '.'

let t: TestContext
let app: Hono
let now = 0
const acme = createFakeOAuthProvider({ baseUrl: 'https://acme-id.test', now: () => now })
const octo = createFakeOAuthProvider({ baseUrl: 'https://octo.test', style: 'github', now: () => now })
const REDIRECT_URI = `${PUBLIC}/auth/v1/callback`
const SECRET = 'acme-client-secret-123'

const config = (
  name: string,
  base: string,
  overrides: Partial<OAuthProviderConfig> = {},
): OAuthProviderConfig => ({
  name,
  clientId: `${name}-client`,
  clientSecret: SECRET,
  authorizeUrl: `${base}/authorize`,
  tokenUrl: `${base}/token`,
  userinfoUrl: `${base}/userinfo`,
  emailsUrl: null,
  scopes: 'openid email',
  ...overrides,
})

beforeAll(async () => {
  t = await createTestContext({
    config: {
      oauthProviders: [
        config('acme', acme.baseUrl),
        config('octo', octo.baseUrl, {
          emailsUrl: `${octo.baseUrl}/user/emails`,
          userinfoUrl: `${octo.baseUrl}/userinfo`,
        }),
        config('wrongsecret', acme.baseUrl, { clientId: 'acme-client', clientSecret: 'not-the-secret' }),
        config('offline', 'https://offline.test'),
      ],
    },
  })
  now = t.clock.now().getTime()
  acme.registerClient({ clientId: 'acme-client', clientSecret: SECRET, redirectUris: [REDIRECT_URI] })
  octo.registerClient({ clientId: 'octo-client', clientSecret: SECRET, redirectUris: [REDIRECT_URI] })
  const providers = [acme, octo]
  const fetcher = (input: string, init?: RequestInit) => {
    const fake = providers.find((p) => input.startsWith(p.baseUrl))
    return fake ? fake.fetch(input, init) : Promise.reject(new TypeError('fetch failed'))
  }
  // The real auth routes over the real deps; only the provider's network is the fake's.
  app = new Hono().route('/', authRoutes(t.deps, { fetch: fetcher }))
})
afterAll(() => t.close())

const location = (res: Response) => new URL(res.headers.get('location') ?? 'http://invalid.test/')

function authorizeUrl(
  provider: string,
  options: { challenge?: string; redirectTo?: string; scopes?: string } = {},
) {
  const query = new URLSearchParams({ provider, redirect_to: options.redirectTo ?? CALLBACK })
  if (options.challenge) {
    query.set('code_challenge', options.challenge)
    query.set('code_challenge_method', 's256')
  }
  if (options.scopes) query.set('scopes', options.scopes)
  return `${PUBLIC}/auth/v1/authorize?${query}`
}

/** Browser walk: our /authorize → the provider's consent → our /callback. Returns the final redirect. */
async function walk(
  provider: string,
  user: FakeOAuthUser | null,
  options: { challenge?: string; redirectTo?: string } = {},
) {
  const fake = provider === 'octo' ? octo : acme
  fake.signIn(user)
  const start = await app.request(authorizeUrl(provider, options))
  expect(start.status).toBe(302)
  const consent = await fake.fetch(location(start))
  const callback = location(consent)
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI)
  return { callback, final: await app.request(callback.toString()) }
}

async function exchange(code: string, verifier: string): Promise<SessionResponse> {
  const res = await app.request(`${PUBLIC}/auth/v1/token?grant_type=pkce`, {
    method: 'POST',
    body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as SessionResponse
}

async function signInSocial(provider: string, user: FakeOAuthUser): Promise<SessionResponse> {
  const { verifier, challenge } = pkcePair()
  const { final } = await walk(provider, user, { challenge })
  expect(final.status).toBe(302)
  const target = location(final)
  expect(`${target.origin}${target.pathname}`).toBe(CALLBACK)
  return exchange(target.searchParams.get('code') ?? '', verifier)
}

const person = (overrides: Partial<FakeOAuthUser> = {}): FakeOAuthUser => ({
  id: `sub-${Math.random().toString(36).slice(2)}`,
  email: uniqueEmail('social'),
  emailVerified: true,
  name: 'Ada Lovelace',
  ...overrides,
})

describe('GET /auth/v1/authorize', () => {
  it('sends the browser to the provider with client, callback, scopes and a stored, hashed state', async () => {
    const res = await app.request(
      authorizeUrl('acme', { challenge: pkcePair().challenge, scopes: 'profile email' }),
    )
    expect(res.status).toBe(302)
    const url = location(res)
    expect(`${url.origin}${url.pathname}`).toBe(acme.urls.authorize)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'acme-client',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
    })
    const state = url.searchParams.get('state') ?? ''
    expect(url.toString()).not.toContain(SECRET)
    const row = await t.database.db
      .selectFrom('auth_oauth_states')
      .selectAll()
      .where('state_hash', '=', sha256Hex(state))
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      provider: 'acme',
      redirect_to: CALLBACK,
      code_challenge_method: 's256',
      used_at: null,
    })
    expect(JSON.stringify(row)).not.toContain(state)
  })

  it("answers an unconfigured provider with GoTrue's 400 JSON, not a redirect", async () => {
    for (const provider of ['nope', 'email', '']) {
      const res = await app.request(authorizeUrl(provider, { challenge: pkcePair().challenge }))
      expect(res.status).toBe(400)
      expect(res.headers.get('location')).toBeNull()
      expect(await res.json()).toEqual({
        code: 400,
        error_code: 'validation_failed',
        msg: 'Unsupported provider: provider is not enabled',
      })
    }
  })

  it('keeps redirect_to on the site and validates the PKCE parameters', async () => {
    const short = '&code_challenge=short&code_challenge_method=s256'
    const offsite = await app.request(
      `${PUBLIC}/auth/v1/authorize?provider=acme&redirect_to=${encodeURIComponent('https://evil.example/cb')}${short}`,
    )
    expect(`${location(offsite).origin}${location(offsite).pathname}`).toBe(`${PUBLIC}/`)
    const bad = await app.request(
      `${PUBLIC}/auth/v1/authorize?provider=acme&redirect_to=${encodeURIComponent(CALLBACK)}${short}`,
    )
    expect(`${location(bad).origin}${location(bad).pathname}`).toBe(CALLBACK)
    expect(location(bad).searchParams.get('error_description')).toBe(
      'code challenge has to be between 43 and 128 characters',
    )
  })
})

describe('GET /auth/v1/callback', () => {
  it('signs a new user in with PKCE: code to redirect_to, then a session at /token', async () => {
    const user = person({ email: uniqueEmail('New').replace('new', 'NEW') })
    const session = await signInSocial('acme', user)
    expect(session.user).toMatchObject({
      email: user.email?.toLowerCase(),
      app_metadata: { provider: 'acme', providers: ['acme'] },
      user_metadata: { name: 'Ada Lovelace', email_verified: true, sub: user.id },
    })
    expect(session.user.identities[0]).toMatchObject({ provider: 'acme', id: user.id })
    expect(decodeJwt(session.access_token).amr).toEqual([
      { method: 'oauth', timestamp: Math.floor(t.clock.now().getTime() / 1000) },
    ])
    const again = await signInSocial('acme', user)
    expect(again.user.id).toBe(session.user.id)
    expect(t.logger.lines.join('\n')).not.toContain(SECRET)
  })

  it('links to the existing user with the same (provider-verified) email', async () => {
    const email = uniqueEmail()
    const byLink = await signInWithLink(t, email)
    t.clock.advance(1000)
    const social = await signInSocial('acme', person({ email }))
    expect(social.user.id).toBe(byLink.user.id)
    expect(social.user.app_metadata).toEqual({ provider: 'email', providers: ['email', 'acme'] })
  })

  it('reads a GitHub-style provider: numeric id, verified primary address from the emails list', async () => {
    const session = await signInSocial(
      'octo',
      person({
        id: '4242',
        email: null,
        emailVerified: false,
        emails: [
          { email: 'unverified@example.com', primary: false, verified: false },
          { email: 'Octo.Main@example.com', primary: true, verified: true },
        ],
      }),
    )
    expect(session.user.email).toBe('octo.main@example.com')
    expect(session.user.identities[0]).toMatchObject({ provider: 'octo', id: '4242' })
  })

  it('refuses an email the provider has not verified', async () => {
    const { final } = await walk('acme', person({ emailVerified: false }), {
      challenge: pkcePair().challenge,
    })
    const url = location(final)
    expect(url.searchParams.get('error')).toBe('access_denied')
    expect(url.searchParams.get('error_code')).toBe('provider_email_needs_verification')
    expect(url.searchParams.get('error_description')).toBe(
      'Sign-in needs a verified email address at the provider',
    )
  })

  it("passes the provider's own error on when the user declines", async () => {
    acme.setDecision('deny')
    try {
      const { final } = await walk('acme', person(), { challenge: pkcePair().challenge })
      const url = location(final)
      expect(`${url.origin}${url.pathname}`).toBe(CALLBACK)
      expect(url.searchParams.get('error')).toBe('access_denied')
      expect(url.searchParams.get('error_description')).toBe('The user denied access')
    } finally {
      acme.setDecision('approve')
    }
  })

  it('uses a state once, refuses unknown ones and expires them after 10 minutes', async () => {
    const { callback, final } = await walk('acme', person(), { challenge: pkcePair().challenge })
    expect(location(final).searchParams.get('code')).toBeTruthy()
    const replay = location(await app.request(callback.toString()))
    expect(`${replay.origin}${replay.pathname}`).toBe(`${PUBLIC}/`)
    expect(replay.searchParams.get('error_code')).toBe('bad_oauth_state')
    const unknown = location(await app.request(`${REDIRECT_URI}?code=x&state=made-up`))
    expect(unknown.searchParams.get('error_code')).toBe('bad_oauth_state')
    const missing = location(await app.request(REDIRECT_URI))
    expect(missing.searchParams.get('error_code')).toBe('bad_oauth_state')

    acme.signIn(person())
    const start = await app.request(authorizeUrl('acme', { challenge: pkcePair().challenge }))
    const consent = location(await acme.fetch(location(start)))
    t.clock.advance(10 * 60_000)
    const late = location(await app.request(consent.toString()))
    expect(`${late.origin}${late.pathname}`).toBe(CALLBACK)
    expect(late.searchParams.get('error_code')).toBe('bad_oauth_state')
  })

  it('turns provider failures into error redirects, never a 500', async () => {
    acme.setOutage(true)
    try {
      const { final } = await walk('acme', person(), { challenge: pkcePair().challenge })
      expect(final.status).toBe(302)
      expect(location(final).searchParams.get('error_code')).toBe('bad_oauth_callback')
      expect(location(final).searchParams.get('error')).toBe('server_error')
    } finally {
      acme.setOutage(false)
    }
    const wrong = await walk('wrongsecret', person(), { challenge: pkcePair().challenge })
    expect(location(wrong.final).searchParams.get('error_description')).toBe(
      'Unable to exchange external code',
    )

    const start = await app.request(authorizeUrl('offline', { challenge: pkcePair().challenge }))
    const state = location(start).searchParams.get('state') ?? ''
    const offline = await app.request(`${REDIRECT_URI}?code=abc&state=${state}`)
    expect(offline.status).toBe(302)
    expect(location(offline).searchParams.get('error_description')).toBe(
      'The sign-in provider could not be reached (token)',
    )
    const noCode = await app.request(authorizeUrl('acme', { challenge: pkcePair().challenge }))
    const bare = await app.request(`${REDIRECT_URI}?state=${location(noCode).searchParams.get('state')}`)
    expect(location(bare).searchParams.get('error_code')).toBe('bad_oauth_callback')
    expect(t.logger.lines.join('\n')).not.toContain(SECRET)
  })

  it('without a code challenge (implicit flow) hands the session over in the fragment', async () => {
    const user = person()
    const { final } = await walk('acme', user)
    const url = location(final)
    expect(url.search).toBe('')
    const fragment = new URLSearchParams(url.hash.slice(1))
    expect(fragment.get('token_type')).toBe('bearer')
    expect(decodeJwt(fragment.get('access_token') ?? '').email).toBe(user.email)
  })
})
