import type { OAuthProviderConfig } from '../config/oauth-providers'

/**
 * The OAuth 2.0 authorization-code client of social sign-in: exchanges the provider's code (client
 * secret in the body, as GitHub and Google accept), reads the user from the userinfo endpoint, and
 * finds an email the provider has verified. `fetch` is injectable so tests run a fake provider.
 */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>

export interface ProviderUser {
  providerId: string
  email: string
  data: Record<string, unknown>
}

/** A failure of the provider or of what it sent; the message is safe to show (no secrets). */
export class OAuthProviderError extends Error {
  constructor(
    readonly code: 'bad_oauth_callback' | 'provider_email_needs_verification',
    message: string,
  ) {
    super(message)
    this.name = 'OAuthProviderError'
  }
}

const TIMEOUT_MS = 10_000

const REFUSED = {
  token: 'Unable to exchange external code',
  userinfo: 'Error getting user profile from external provider',
  emails: 'Error getting user email from external provider',
} as const

async function fetchJson(
  fetcher: Fetch,
  url: string,
  init: RequestInit,
  what: keyof typeof REFUSED,
): Promise<unknown> {
  let response: Response
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch {
    throw new OAuthProviderError('bad_oauth_callback', `The sign-in provider could not be reached (${what})`)
  }
  if (!response.ok) throw new OAuthProviderError('bad_oauth_callback', REFUSED[what])
  try {
    return (await response.json()) as unknown
  } catch {
    throw new OAuthProviderError(
      'bad_oauth_callback',
      `The sign-in provider sent an unreadable answer (${what})`,
    )
  }
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}

export async function exchangeCode(
  fetcher: Fetch,
  provider: OAuthProviderConfig,
  code: string,
  redirectUri: string,
): Promise<string> {
  const body = record(
    await fetchJson(
      fetcher,
      provider.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: provider.clientId,
          client_secret: provider.clientSecret,
        }).toString(),
      },
      'token',
    ),
  )
  // GitHub answers a bad code with HTTP 200 and {error}: only an access token counts as success.
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new OAuthProviderError('bad_oauth_callback', REFUSED.token)
  }
  return body.access_token
}

const isTrue = (value: unknown) => value === true || value === 'true'

async function verifiedEmail(
  fetcher: Fetch,
  provider: OAuthProviderConfig,
  info: Record<string, unknown>,
  accessToken: string,
): Promise<string | null> {
  if (typeof info.email === 'string' && isTrue(info.email_verified)) return info.email
  if (!provider.emailsUrl) return null
  const list = await fetchJson(
    fetcher,
    provider.emailsUrl,
    { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    'emails',
  )
  const emails = (Array.isArray(list) ? list : []).map(record)
  const verified = emails.filter((entry) => typeof entry.email === 'string' && isTrue(entry.verified))
  const chosen = verified.find((entry) => isTrue(entry.primary)) ?? verified[0]
  return (chosen?.email as string | undefined) ?? null
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export async function fetchProviderUser(
  fetcher: Fetch,
  provider: OAuthProviderConfig,
  accessToken: string,
): Promise<ProviderUser> {
  const info = record(
    await fetchJson(
      fetcher,
      provider.userinfoUrl,
      { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
      'userinfo',
    ),
  )
  const subject = info.sub ?? info.id
  const providerId = typeof subject === 'number' || typeof subject === 'string' ? String(subject) : ''
  if (providerId === '' || providerId.length > 255) {
    throw new OAuthProviderError('bad_oauth_callback', 'The sign-in provider sent no user id')
  }
  const email = (await verifiedEmail(fetcher, provider, info, accessToken))?.trim().toLowerCase() ?? null
  if (!email || email.length > 255 || !EMAIL.test(email)) {
    throw new OAuthProviderError(
      'provider_email_needs_verification',
      'Sign-in needs a verified email address at the provider',
    )
  }
  const data: Record<string, unknown> = {
    sub: providerId,
    provider_id: providerId,
    email,
    email_verified: true,
  }
  for (const key of ['name', 'full_name', 'preferred_username', 'login', 'avatar_url', 'picture'] as const) {
    const value = info[key]
    if (typeof value === 'string' && value.length <= 500) data[key] = value
  }
  return { providerId, email, data }
}
