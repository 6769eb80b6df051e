import { getRuntimeConfig } from '../../lib/runtime'

/**
 * Social sign-in providers enabled on the auth service: GET {backendUrl}/auth/v1/settings lists them
 * under `external` (GoTrue's shape, served by Supabase and by the embedded auth alike).
 */

/** Keys of `external` that are not social providers. */
const NOT_SOCIAL: ReadonlySet<string> = new Set(['email', 'phone', 'anonymous_users', 'saml', 'web3'])

const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  apple: 'Apple',
  azure: 'Microsoft',
  bitbucket: 'Bitbucket',
  discord: 'Discord',
  facebook: 'Facebook',
  figma: 'Figma',
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  kakao: 'Kakao',
  keycloak: 'Keycloak',
  linkedin_oidc: 'LinkedIn',
  notion: 'Notion',
  slack_oidc: 'Slack',
  spotify: 'Spotify',
  twitch: 'Twitch',
  twitter: 'X (Twitter)',
  workos: 'WorkOS',
  zoom: 'Zoom',
}

export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase())
}

export function enabledProviders(settings: unknown): string[] {
  if (typeof settings !== 'object' || settings === null) return []
  const external: unknown = (settings as { external?: unknown }).external
  if (typeof external !== 'object' || external === null) return []
  return Object.entries(external as Record<string, unknown>)
    .filter(([name, enabled]) => enabled === true && !NOT_SOCIAL.has(name) && /^[a-z0-9_-]{1,40}$/.test(name))
    .map(([name]) => name)
    .sort()
}

let cached: Promise<string[]> | null = null

/** Asked once per page load; a failure means "no social buttons", never an error screen. */
export function loadSocialProviders(): Promise<string[]> {
  cached ??= (async () => {
    const config = getRuntimeConfig()
    try {
      const response = await fetch(`${config.backendUrl}/auth/v1/settings`, {
        headers: { apikey: config.anonKey, accept: 'application/json' },
      })
      if (!response.ok) return []
      return enabledProviders(await response.json())
    } catch {
      return []
    }
  })()
  return cached
}

/** For tests. */
export function resetSocialProvidersCache(): void {
  cached = null
}

export interface OutboxMail {
  to: string
  subject: string
  link: string
  sent_at: string
}

/** Development only: the newest sign-in mails sent to `email` (GET /auth/v1/dev/outbox, newest first). */
export async function loadOutbox(email: string, limit = 3): Promise<OutboxMail[]> {
  const config = getRuntimeConfig()
  const url = new URL(`${config.backendUrl}/auth/v1/dev/outbox`)
  url.searchParams.set('to', email)
  const response = await fetch(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const body: unknown = await response.json()
  const list = Array.isArray(body) ? body : []
  const wanted = email.trim().toLowerCase()
  return list
    .filter(
      (item): item is OutboxMail =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.to === 'string' &&
        typeof item.link === 'string' &&
        /^https?:\/\//.test(item.link),
    )
    .filter((item) => item.to.toLowerCase() === wanted)
    .slice(0, limit)
}
