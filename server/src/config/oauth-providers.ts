import { z } from 'zod'

/**
 * Social sign-in providers of the embedded auth server, from AUTH_OAUTH_PROVIDERS: a JSON array of
 * `{name, clientId, clientSecret, authorizeUrl?, tokenUrl?, userinfoUrl?, emailsUrl?, scopes?}`.
 * `github` and `google` have their endpoints built in; any other name is a generic OAuth 2.0 /
 * OpenID Connect provider and must give the three URLs. Only configured providers work, and
 * /auth/v1/settings lists exactly these.
 */
export interface OAuthProviderConfig {
  name: string
  clientId: string
  clientSecret: string
  authorizeUrl: string
  tokenUrl: string
  userinfoUrl: string
  /** GitHub-style list of `{email, primary, verified}` for providers whose userinfo lacks `email_verified`. */
  emailsUrl: string | null
  scopes: string
}

type Preset = Omit<OAuthProviderConfig, 'name' | 'clientId' | 'clientSecret'>

export const OAUTH_PRESETS: Record<'github' | 'google', Preset> = {
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
    scopes: 'read:user user:email',
  },
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    emailsUrl: null,
    scopes: 'openid email profile',
  },
}

const RESERVED_NAMES = new Set(['email', 'phone', 'anonymous_users', 'saml'])

function endpoint(production: boolean) {
  return z.url({ error: 'must be an absolute URL' }).refine((value) => {
    const url = new URL(value)
    if (url.protocol === 'https:') return true
    // Plain http only for a provider on this machine during development (a local fake or dev IdP).
    return (
      !production && url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    )
  }, 'must use https (http only for localhost outside production)')
}

function entrySchema(production: boolean) {
  return z
    .object({
      name: z
        .string()
        .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'name must be lower-case letters, digits, - or _ (max 32)')
        .refine((name) => !RESERVED_NAMES.has(name), 'name is reserved'),
      clientId: z.string().trim().min(1, 'clientId is required').max(512),
      clientSecret: z.string().trim().min(1, 'clientSecret is required').max(1024),
      authorizeUrl: endpoint(production).optional(),
      tokenUrl: endpoint(production).optional(),
      userinfoUrl: endpoint(production).optional(),
      emailsUrl: endpoint(production).optional(),
      scopes: z
        .string()
        .max(500)
        .regex(/^[\w:./ -]*$/, 'scopes may hold letters, digits and : . / - _ separated by spaces')
        .optional(),
    })
    .strict()
}

/** Parses AUTH_OAUTH_PROVIDERS; throws an Error naming the problem (env.ts turns it into CONFIGURATION_ERROR). */
export function parseOAuthProviders(raw: string | undefined, production: boolean): OAuthProviderConfig[] {
  if (raw === undefined || raw.trim() === '') return []
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    throw new Error('must be a JSON array of providers')
  }
  const parsed = z.array(entrySchema(production)).max(20).safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? `[${issue.path.join('.')}] ` : ''
    throw new Error(`${where}${issue?.message ?? 'is invalid'}`)
  }
  const seen = new Set<string>()
  return parsed.data.map((entry, index) => {
    if (seen.has(entry.name)) throw new Error(`[${index}.name] names ${entry.name} twice`)
    seen.add(entry.name)
    const preset = Object.hasOwn(OAUTH_PRESETS, entry.name)
      ? OAUTH_PRESETS[entry.name as keyof typeof OAUTH_PRESETS]
      : null
    const authorizeUrl = entry.authorizeUrl ?? preset?.authorizeUrl
    const tokenUrl = entry.tokenUrl ?? preset?.tokenUrl
    const userinfoUrl = entry.userinfoUrl ?? preset?.userinfoUrl
    if (!authorizeUrl || !tokenUrl || !userinfoUrl) {
      throw new Error(`[${index}] ${entry.name} needs authorizeUrl, tokenUrl and userinfoUrl`)
    }
    return {
      name: entry.name,
      clientId: entry.clientId,
      clientSecret: entry.clientSecret,
      authorizeUrl,
      tokenUrl,
      userinfoUrl,
      emailsUrl: entry.emailsUrl ?? preset?.emailsUrl ?? null,
      scopes: entry.scopes ?? preset?.scopes ?? 'openid email profile',
    }
  })
}
