import { describe, expect, it } from 'vitest'
import { createFakeOAuthProvider } from './index'

const CLIENT = { clientId: 'client-1', clientSecret: 'secret-1', redirectUris: ['https://app.test/cb'] }
const USER = { id: '42', email: 'Ada@Example.com', emailVerified: true, name: 'Ada' }

function setup(now = () => Date.now()) {
  const provider = createFakeOAuthProvider({ now })
  provider.registerClient(CLIENT)
  provider.signIn(USER)
  return provider
}

async function authorizeCode(provider: ReturnType<typeof setup>, redirectUri = CLIENT.redirectUris[0] ?? '') {
  const url = new URL(provider.urls.authorize)
  url.search = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email',
    state: 'st-1',
  }).toString()
  const res = await provider.fetch(url)
  return { res, location: new URL(res.headers.get('location') ?? 'https://none.test/') }
}

function tokenRequest(
  provider: ReturnType<typeof setup>,
  code: string,
  overrides: Record<string, string> = {},
) {
  return provider.fetch(provider.urls.token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CLIENT.redirectUris[0] ?? '',
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      ...overrides,
    }).toString(),
  })
}

describe('fake OAuth provider', () => {
  it('authorizes with a code and the state, exchanges it once, and serves userinfo for the token', async () => {
    const provider = setup()
    const { res, location } = await authorizeCode(provider)
    expect(res.status).toBe(302)
    expect(location.origin + location.pathname).toBe('https://app.test/cb')
    expect(location.searchParams.get('state')).toBe('st-1')
    const code = location.searchParams.get('code') ?? ''
    const token = await tokenRequest(provider, code)
    expect(token.status).toBe(200)
    const { access_token } = (await token.json()) as { access_token: string }
    const info = await provider.fetch(provider.urls.userinfo, {
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(await info.json()).toMatchObject({ sub: '42', email: 'Ada@Example.com', email_verified: true })

    const replay = await tokenRequest(provider, code)
    expect(replay.status).toBe(400)
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' })
    // The replay revoked the token the code had issued.
    const after = await provider.fetch(provider.urls.userinfo, {
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(after.status).toBe(401)
  })

  it('checks the client secret (body or Basic) and binds the code to its redirect URI', async () => {
    const provider = setup()
    const code = (await authorizeCode(provider)).location.searchParams.get('code') ?? ''
    expect((await tokenRequest(provider, code, { client_secret: 'wrong' })).status).toBe(401)
    expect((await tokenRequest(provider, code, { redirect_uri: 'https://app.test/other' })).status).toBe(400)
    const basic = Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')
    const res = await provider.fetch(provider.urls.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://app.test/cb',
      }).toString(),
    })
    expect(res.status).toBe(200)
  })

  it('refuses unknown clients and unregistered redirect URIs without redirecting', async () => {
    const provider = setup()
    const res = await authorizeCode(provider, 'https://evil.test/cb')
    expect(res.res.status).toBe(400)
    expect(res.res.headers.get('location')).toBeNull()
  })

  it('redirects access_denied when the user declines, and expires codes after 10 minutes', async () => {
    let now = 1_000_000
    const provider = setup(() => now)
    provider.setDecision('deny')
    const denied = await authorizeCode(provider)
    expect(denied.location.searchParams.get('error')).toBe('access_denied')
    expect(denied.location.searchParams.get('state')).toBe('st-1')
    provider.setDecision('approve')
    const code = (await authorizeCode(provider)).location.searchParams.get('code') ?? ''
    now += 10 * 60_000
    expect((await tokenRequest(provider, code)).status).toBe(400)
  })

  it('in GitHub style hides email_verified in userinfo and lists verified emails separately', async () => {
    const provider = createFakeOAuthProvider({ style: 'github' })
    provider.registerClient(CLIENT)
    provider.signIn({
      id: '7',
      email: null,
      emailVerified: false,
      emails: [
        { email: 'old@example.com', primary: false, verified: false },
        { email: 'main@example.com', primary: true, verified: true },
      ],
    })
    const code = (await authorizeCode(provider)).location.searchParams.get('code') ?? ''
    const { access_token } = (await (await tokenRequest(provider, code)).json()) as { access_token: string }
    const headers = { authorization: `Bearer ${access_token}` }
    const info = (await (await provider.fetch(provider.urls.userinfo, { headers })).json()) as Record<
      string,
      unknown
    >
    expect(info).toMatchObject({ id: 7, email: null })
    expect('email_verified' in info).toBe(false)
    const emails = await (await provider.fetch(provider.urls.emails, { headers })).json()
    expect(emails).toContainEqual(
      expect.objectContaining({ email: 'main@example.com', primary: true, verified: true }),
    )
  })

  it('is unreachable for other hosts, like a network failure', async () => {
    const provider = setup()
    await expect(provider.fetch('https://elsewhere.test/token')).rejects.toThrow(TypeError)
  })
})
