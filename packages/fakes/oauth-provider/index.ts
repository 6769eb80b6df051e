import { randomBytes } from 'node:crypto'

/**
 * A stateful fake OAuth 2.0 provider (authorization-code grant) for social sign-in tests, exposed as
 * one fetch-style handler. It behaves like GitHub or an OpenID Connect provider where it matters:
 * registered clients and redirect URIs, a consent decision, one-time codes that expire and are bound
 * to client and redirect URI, client-secret checks at the token endpoint (body or HTTP Basic), bearer
 * access tokens for userinfo, and — in `github` style — a userinfo without `email_verified` plus a
 * separate emails list.
 */
export interface FakeOAuthUser {
  /** The provider's stable subject (`sub` in OIDC style, numeric-ish `id` in GitHub style). */
  id: string
  email: string | null
  emailVerified: boolean
  name?: string
  /** GitHub style: every address of the account, as /user/emails lists them. */
  emails?: { email: string; primary: boolean; verified: boolean }[]
}

export interface FakeOAuthClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
}

export type FakeOAuthStyle = 'oidc' | 'github'

export interface FakeOAuthProviderOptions {
  baseUrl?: string
  style?: FakeOAuthStyle
  now?: () => number
}

export interface FakeOAuthProvider {
  baseUrl: string
  style: FakeOAuthStyle
  urls: { authorize: string; token: string; userinfo: string; emails: string }
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>
  registerClient(client: FakeOAuthClient): void
  /** The user signed in at the provider, who will answer the consent screen (null: nobody). */
  signIn(user: FakeOAuthUser | null): void
  /** What the user answers on the consent screen from now on. */
  setDecision(decision: 'approve' | 'deny'): void
  /** Makes the token endpoint fail with HTTP 500 (an outage) until turned off. */
  setOutage(down: boolean): void
  /** Every request the provider received, in order (method and path). */
  requests: { method: string; path: string }[]
}

const CODE_TTL_MS = 10 * 60_000

interface IssuedCode {
  clientId: string
  redirectUri: string
  user: FakeOAuthUser
  scope: string
  expiresAt: number
  used: boolean
  tokens: string[]
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const redirect = (location: string) => new Response(null, { status: 302, headers: { location } })

const random = () => randomBytes(20).toString('hex')

export function createFakeOAuthProvider(options: FakeOAuthProviderOptions = {}): FakeOAuthProvider {
  const baseUrl = (options.baseUrl ?? 'https://oauth.fake.test').replace(/\/+$/, '')
  const style = options.style ?? 'oidc'
  const now = options.now ?? (() => Date.now())
  const clients = new Map<string, FakeOAuthClient>()
  const codes = new Map<string, IssuedCode>()
  const tokens = new Map<string, FakeOAuthUser>()
  const requests: FakeOAuthProvider['requests'] = []
  let current: FakeOAuthUser | null = null
  let decision: 'approve' | 'deny' = 'approve'
  let outage = false

  function authorize(url: URL): Response {
    const client = clients.get(url.searchParams.get('client_id') ?? '')
    const redirectUri = url.searchParams.get('redirect_uri') ?? ''
    // Like real providers: a bad client or redirect URI is shown as an error page, never redirected to.
    if (!client) return json(400, { error: 'invalid_client', error_description: 'Unknown client_id' })
    if (!client.redirectUris.includes(redirectUri)) {
      return json(400, { error: 'invalid_request', error_description: 'redirect_uri is not registered' })
    }
    const back = new URL(redirectUri)
    const state = url.searchParams.get('state')
    if (state !== null) back.searchParams.set('state', state)
    if (url.searchParams.get('response_type') !== 'code') {
      back.searchParams.set('error', 'unsupported_response_type')
      return redirect(back.toString())
    }
    if (!current || decision === 'deny') {
      back.searchParams.set('error', 'access_denied')
      back.searchParams.set('error_description', 'The user denied access')
      return redirect(back.toString())
    }
    const code = random()
    codes.set(code, {
      clientId: client.clientId,
      redirectUri,
      user: current,
      scope: url.searchParams.get('scope') ?? '',
      expiresAt: now() + CODE_TTL_MS,
      used: false,
      tokens: [],
    })
    back.searchParams.set('code', code)
    return redirect(back.toString())
  }

  async function token(request: Request): Promise<Response> {
    if (outage) return json(500, { error: 'server_error' })
    const type = request.headers.get('content-type') ?? ''
    const text = await request.text()
    const params = type.includes('application/json')
      ? new URLSearchParams(Object.entries(JSON.parse(text || '{}') as Record<string, string>))
      : new URLSearchParams(text)
    let clientId = params.get('client_id') ?? ''
    let secret = params.get('client_secret') ?? ''
    const basic = /^Basic\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')
    if (basic?.[1]) {
      const [id, pass] = Buffer.from(basic[1], 'base64').toString('utf8').split(':')
      clientId = decodeURIComponent(id ?? '')
      secret = decodeURIComponent(pass ?? '')
    }
    const client = clients.get(clientId)
    if (!client || client.clientSecret !== secret) {
      return json(401, { error: 'invalid_client', error_description: 'Client authentication failed' })
    }
    if (params.get('grant_type') !== 'authorization_code')
      return json(400, { error: 'unsupported_grant_type' })
    const code = codes.get(params.get('code') ?? '')
    if (!code || code.clientId !== client.clientId || code.redirectUri !== params.get('redirect_uri')) {
      return json(400, { error: 'invalid_grant', error_description: 'The code is invalid' })
    }
    if (code.used) {
      // RFC 6749 §4.1.2: a replayed code revokes what it issued.
      for (const issued of code.tokens) tokens.delete(issued)
      return json(400, { error: 'invalid_grant', error_description: 'The code was already used' })
    }
    code.used = true
    if (code.expiresAt <= now())
      return json(400, { error: 'invalid_grant', error_description: 'The code expired' })
    const accessToken = `fake_at_${random()}`
    tokens.set(accessToken, code.user)
    code.tokens.push(accessToken)
    return json(200, { access_token: accessToken, token_type: 'bearer', scope: code.scope, expires_in: 3600 })
  }

  function bearerUser(request: Request): FakeOAuthUser | null {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')
    return match?.[1] ? (tokens.get(match[1]) ?? null) : null
  }

  function userinfo(request: Request): Response {
    const user = bearerUser(request)
    if (!user) return json(401, { error: 'invalid_token' })
    if (style === 'github') {
      // GitHub's /user: the public email (maybe null) and no verification flag.
      return json(200, {
        id: Number(user.id) || user.id,
        login: user.name ?? 'octo',
        name: user.name ?? null,
        email: user.email,
      })
    }
    return json(200, {
      sub: user.id,
      email: user.email,
      email_verified: user.emailVerified,
      name: user.name,
      picture: `${baseUrl}/avatars/${user.id}.png`,
    })
  }

  function emails(request: Request): Response {
    const user = bearerUser(request)
    if (!user) return json(401, { error: 'invalid_token' })
    const list =
      user.emails ?? (user.email ? [{ email: user.email, primary: true, verified: user.emailVerified }] : [])
    return json(
      200,
      list.map((entry) => ({ ...entry, visibility: entry.primary ? 'public' : null })),
    )
  }

  return {
    baseUrl,
    style,
    urls: {
      authorize: `${baseUrl}/authorize`,
      token: `${baseUrl}/token`,
      userinfo: `${baseUrl}/userinfo`,
      emails: `${baseUrl}/user/emails`,
    },
    requests,
    registerClient: (client) => {
      clients.set(client.clientId, client)
    },
    signIn: (user) => {
      current = user
    },
    setDecision: (value) => {
      decision = value
    },
    setOutage: (down) => {
      outage = down
    },
    async fetch(input, init) {
      const request = new Request(input instanceof Request ? input : String(input), init)
      const url = new URL(request.url)
      if (url.origin !== new URL(baseUrl).origin)
        throw new TypeError(`fetch failed: ${url.origin} is unreachable`)
      requests.push({ method: request.method, path: url.pathname })
      const route = `${request.method} ${url.pathname}`
      if (route === 'GET /authorize') return authorize(url)
      if (route === 'POST /token') return token(request)
      if (route === 'GET /userinfo') return userinfo(request)
      if (route === 'GET /user/emails') return emails(request)
      return json(404, { error: 'not_found' })
    },
  }
}
