import type { Context, Handler } from 'hono'
import { type Kysely, sql } from 'kysely'
import type { z } from 'zod'
import type { Database } from '../../db/tables'
import type { AppEnv } from '../../http/app-env'
import { errorRedirectUrl, GoTrueError } from '../../http/gotrue-error'
import { answer } from '../../http/respond'
import { siteUrl } from '../../http/site-origin'
import { enqueueMail } from '../../services/mail/outbox'
import { PKCE_TOKEN_PREFIX, randomToken, sha256Hex } from '../crypto'
import { confirmEmailChange } from '../email-change'
import { limitByIp } from '../rate-limit'
import { requestSite, safeRedirect } from '../redirect'
import { otpBodySchema, parseAuth, readAuthBody, verifyQuerySchema } from '../schemas'
import { signInByEmail, userIdByEmail } from '../users'
import { type AuthApp, type AuthContext, EMAIL_RESEND_SECONDS, ONE_TIME_TOKEN_TTL_MS } from './context'
import { completeSignIn } from './flow'

export const LINK_INVALID = 'Email link is invalid or has expired'

/** The first language the browser asks for (`fr-CA,fr;q=0.9` → `fr-CA`): the sign-in mail's language. */
function preferredLanguage(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.split(';')[0]?.trim()
  return first && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(first) ? first : null
}

type Db = Kysely<Database>

/** What POST /otp asked for, read and checked before its transaction. */
interface OtpRequest {
  body: z.infer<typeof otpBodySchema>
  token: string
  challenge: string | null
  redirectTo: string
  now: Date
}

/** POST /otp (magic link) and GET /verify (the link itself). */
export function magicLinkRoutes(app: AuthApp, ctx: AuthContext): void {
  app.post('/auth/v1/otp', otpHandler(ctx))
  app.get('/auth/v1/verify', verifyHandler(ctx))
}

function otpHandler(ctx: AuthContext): Handler<AppEnv> {
  const { deps } = ctx
  return async (c) => {
    const now = deps.clock.now()
    await limitByIp(deps.db, c, 'otp', now, deps.config.trustProxy)
    const raw = (await readAuthBody(c)) as Record<string, unknown>
    if ('phone' in raw && !('email' in raw)) {
      throw new GoTrueError(422, 'phone_provider_disabled', 'Phone sign-in is not supported')
    }
    const body = parseAuth(otpBodySchema, raw)
    const redirectTo = safeRedirect(c.req.query('redirect_to'), requestSite(c, deps.config))
    const challenge = body.code_challenge && body.code_challenge_method ? body.code_challenge : null
    // GoTrue's prefix tells /verify the flow even when the token turns out to be unknown.
    const token = `${challenge ? PKCE_TOKEN_PREFIX : ''}${randomToken()}`

    const outcome = await deps.db
      .transaction()
      .execute((trx) => issueSignInLink(trx, ctx, c, { body, token, challenge, redirectTo, now }))
    if ('waitSeconds' in outcome) {
      throw new GoTrueError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${outcome.waitSeconds} seconds.`,
      )
    }
    if ('signupsDisabled' in outcome)
      throw new GoTrueError(422, 'otp_disabled', 'Signups not allowed for otp')

    c.header('Cache-Control', 'no-store')
    return answer(c, 'POST /auth/v1/otp', {}, 200)
  }
}

/** Seconds the address must still wait before another sign-in mail (0: none). */
async function resendWait(trx: Db, email: string, now: Date): Promise<number> {
  const last = await trx
    .selectFrom('auth_one_time_tokens')
    .select('created_at')
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  if (!last) return 0
  const elapsed = Math.floor((now.getTime() - new Date(last.created_at).getTime()) / 1000)
  return elapsed < EMAIL_RESEND_SECONDS ? EMAIL_RESEND_SECONDS - elapsed : 0
}

/** The token stored and its mail queued, in one transaction; or why not (too soon, sign-ups off). */
async function issueSignInLink(trx: Db, ctx: AuthContext, c: Context, request: OtpRequest) {
  const { deps } = ctx
  const { body, token, challenge, redirectTo, now } = request
  // Serialises requests for one address, so two at once cannot both pass the resend limit.
  await sql`select pg_advisory_xact_lock(hashtext(${`auth-otp:${body.email}`}))`.execute(trx)
  const waitSeconds = await resendWait(trx, body.email, now)
  if (waitSeconds > 0) return { waitSeconds } as const
  const exists = (await userIdByEmail(trx, body.email)) !== null
  if (!exists && body.create_user === false) return { signupsDisabled: true } as const
  const type = exists ? 'magiclink' : 'signup'
  // Built on the origin sign-in started from (never on a Host the server does not own).
  const link = `${siteUrl(c, deps.config)}/auth/v1/verify?${new URLSearchParams({
    token,
    type,
    redirect_to: redirectTo,
  })}`
  // The mail is a row of the outbox, committed with the token: the mail worker sends it (and
  // retries a failed send) within moments; the person never waits on the mail server.
  await enqueueMail(trx, deps, {
    kind: 'sign_in',
    to: body.email,
    accountId: null,
    dedupeKey: `sign_in:${sha256Hex(token)}`,
    locale: preferredLanguage(c.req.header('accept-language')),
    params: { link },
  })
  await trx
    .insertInto('auth_one_time_tokens')
    .values({
      token_hash: sha256Hex(token),
      email: body.email,
      code_challenge: challenge,
      code_challenge_method: challenge ? (body.code_challenge_method ?? '').toLowerCase() : null,
      redirect_to: redirectTo,
      created_at: now,
      expires_at: new Date(now.getTime() + ONE_TIME_TOKEN_TTL_MS),
      type,
      user_metadata: exists ? null : JSON.stringify(body.data ?? {}),
    })
    .execute()
  return { type } as const
}

function verifyHandler(ctx: AuthContext): Handler<AppEnv> {
  const { deps } = ctx
  return async (c) => {
    const now = deps.clock.now()
    await limitByIp(deps.db, c, 'verify', now, deps.config.trustProxy)
    const query = parseAuth(verifyQuerySchema, c.req.query())
    const pkce = query.token.startsWith(PKCE_TOKEN_PREFIX)
    c.header('Cache-Control', 'no-store')

    const url = await deps.db.transaction().execute((trx) => redeemLink(trx, ctx, c, query, now))
    if (url) return c.redirect(url, 303)
    const target = safeRedirect(query.redirect_to, requestSite(c, deps.config))
    return c.redirect(
      errorRedirectUrl(
        target,
        { error: 'access_denied', code: 'otp_expired', description: LINK_INVALID },
        pkce,
      ),
      303,
    )
  }
}

/** The link's token claimed and its user signed in: where the browser goes next, or null (no such link). */
async function redeemLink(
  trx: Db,
  ctx: AuthContext,
  c: Context,
  query: z.infer<typeof verifyQuerySchema>,
  now: Date,
): Promise<string | null> {
  // Single use: the update claims the token only if it is unused, unexpired and of this type.
  const row = await trx
    .updateTable('auth_one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256Hex(query.token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('type', '=', query.type)
    .returningAll()
    .executeTakeFirst()
  if (!row) return null
  // An e-mail change moves its user to the new address (null: someone took it meanwhile).
  const userId =
    row.type === 'email_change'
      ? await confirmEmailChange(trx, row, now)
      : await signInByEmail(trx, row.email, row.user_metadata ?? {}, now)
  if (!userId) return null
  return completeSignIn(trx, ctx, {
    userId,
    // The redirect stored at /otp time (already allow-listed) wins over the link's query.
    target: safeRedirect(row.redirect_to, requestSite(c, ctx.deps.config)),
    challenge:
      row.code_challenge && row.code_challenge_method
        ? { value: row.code_challenge, method: row.code_challenge_method }
        : null,
    method: 'otp',
    type: query.type,
    now,
  })
}
