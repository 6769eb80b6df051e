import type { Context } from 'hono'
import type { ServerConfig } from '../../config/env'
import { isLoopback, peerAddress } from '../../http/client-address'
import { GoTrueError } from '../../http/gotrue-error'
import { answer } from '../../http/respond'
import { outboxQuerySchema, parseAuth } from '../schemas'
import type { AuthApp, AuthContext } from './context'

export const OUTBOX_LIMIT = 50

export interface OutboxEntry {
  to: string
  subject: string
  text: string
  link: string | null
  sent_at: string
}

/**
 * Whether this deployment keeps sign-in mail in the dev outbox at all: the embedded auth server sends
 * it (no SMTP), outside production. The console's runtime config shows the outbox note on the same rule.
 */
export function devOutboxEnabled(config: ServerConfig): boolean {
  return !config.production && config.smtpUrl === null && config.supabase === null
}

/** Headers a reverse proxy adds: with any of them the request came from elsewhere through a local proxy. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const

/**
 * The outbox hands out working sign-in links for every address: only the developer at this machine may
 * read it. A loopback socket peer is that developer, unless a proxy on this machine forwarded someone
 * else's request (it says so in its headers). In-process calls have no peer and are not local either.
 */
function fromThisMachine(c: Context): boolean {
  const peer = peerAddress(c)
  if (peer === null || !isLoopback(peer)) return false
  return FORWARDING_HEADERS.every((name) => c.req.header(name) === undefined)
}

/** JWKS, settings, health and the development outbox. */
export function metaRoutes(app: AuthApp, ctx: AuthContext): void {
  const { deps } = ctx

  app.get('/auth/v1/.well-known/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=600')
    return answer(c, 'GET /auth/v1/.well-known/jwks.json', await ctx.keys.jwks(), 200)
  })

  // What the console reads to decide which sign-in buttons to show (only configured providers).
  app.get('/auth/v1/settings', (c) => {
    const external: Record<string, boolean> = { email: true, phone: false, anonymous_users: false }
    for (const provider of deps.config.oauthProviders) external[provider.name] = true
    c.header('Cache-Control', 'no-store')
    return answer(
      c,
      'GET /auth/v1/settings',
      {
        external,
        disable_signup: false,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      },
      200,
    )
  })

  app.get('/auth/v1/health', (c) =>
    answer(
      c,
      'GET /auth/v1/health',
      { version: 'retainkit-embedded', name: 'GoTrue', description: 'Retainkit embedded auth' },
      200,
    ),
  )

  // Sign-in mail readable over HTTP for the developer at this machine only; for anyone else, and in
  // production or with SMTP, it does not exist (404).
  app.get('/auth/v1/dev/outbox', async (c) => {
    if (!devOutboxEnabled(deps.config) || !fromThisMachine(c)) {
      throw new GoTrueError(404, 'not_found', 'Not found')
    }
    const to = c.req.query('to')
    const query = parseAuth(outboxQuerySchema, { to: to === '' ? undefined : to })
    let select = deps.db
      .selectFrom('auth_outbox')
      .selectAll()
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc')
      .limit(OUTBOX_LIMIT)
    if (query.to) select = select.where('to_address', '=', query.to)
    const rows = await select.execute()
    const entries: OutboxEntry[] = rows.map((row) => ({
      to: row.to_address,
      subject: row.subject,
      text: row.text,
      link: row.link,
      sent_at: new Date(row.sent_at).toISOString(),
    }))
    c.header('Cache-Control', 'no-store')
    return answer(c, 'GET /auth/v1/dev/outbox', entries, 200)
  })
}
