import { GoTrueError } from '../../http/gotrue-error'
import { answer } from '../../http/respond'
import { siteUrl } from '../../http/site-origin'
import { enqueueMail } from '../../services/mail/outbox'
import { authenticateBearer } from '../bearer'
import { sha256Hex } from '../crypto'
import { type EmailChangeRequest, requestEmailChange } from '../email-change'
import { requestSite, safeRedirect } from '../redirect'
import { MESSAGES, metadataSchema, parseAuth, readAuthBody, userUpdateBodySchema } from '../schemas'
import { loadGoTrueUser } from '../users'
import { type AuthApp, type AuthContext, EMAIL_RESEND_SECONDS, ONE_TIME_TOKEN_TTL_MS } from './context'

const EMAIL_TAKEN = 'A user with this email address has already been registered'

/**
 * PUT /user (supabase-js updateUser): merges `data` into the user metadata as GoTrue does (a key sent
 * as null is removed) and starts an e-mail change, mailed to the new address (auth/email-change.ts).
 * Answers the user, with `new_email` while the change waits. Passwords do not exist here.
 */
export function userUpdateRoute(app: AuthApp, ctx: AuthContext): void {
  const { deps } = ctx

  app.put('/auth/v1/user', async (c) => {
    const { userId } = await authenticateBearer(ctx.verifier, deps.db, c)
    const body = parseAuth(userUpdateBodySchema, await readAuthBody(c))
    if (body.password) throw new GoTrueError(422, 'validation_failed', MESSAGES.noPasswords)
    const now = deps.clock.now()
    const redirectTo = safeRedirect(c.req.query('redirect_to'), requestSite(c, deps.config))

    const change = await deps.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['email', 'user_metadata'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst()
      if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
      if (body.data) {
        const merged: Record<string, unknown> = { ...(user.user_metadata ?? {}), ...body.data }
        for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key]
        const metadata = parseAuth(metadataSchema, merged)
        await trx
          .updateTable('users')
          .set({ user_metadata: JSON.stringify(metadata), updated_at: now })
          .where('id', '=', userId)
          .execute()
      }
      if (!body.email || body.email === user.email) return null
      const change = await requestEmailChange(trx, {
        userId,
        email: body.email,
        challenge:
          body.code_challenge && body.code_challenge_method
            ? { value: body.code_challenge, method: body.code_challenge_method }
            : null,
        redirectTo,
        now,
        ttlMs: ONE_TIME_TOKEN_TTL_MS,
        resendSeconds: EMAIL_RESEND_SECONDS,
      })
      // The confirmation is an outbox row committed with the token (the mail worker sends and retries it).
      if ('token' in change) await queueConfirmation(c, ctx, trx, change.token, body.email, redirectTo)
      return change
    })
    if (change) refuseChange(change)

    const user = await loadGoTrueUser(deps.db, userId)
    if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    c.header('Cache-Control', 'no-store')
    return answer(c, 'PUT /auth/v1/user', user, 200)
  })
}

/** The link is built on the origin the request came to (never on a Host the server does not own). */
async function queueConfirmation(
  c: Parameters<typeof siteUrl>[0],
  { deps }: AuthContext,
  trx: Parameters<typeof enqueueMail>[0],
  token: string,
  email: string,
  redirectTo: string,
): Promise<void> {
  const link = `${siteUrl(c, deps.config)}/auth/v1/verify?${new URLSearchParams({
    token,
    type: 'email_change',
    redirect_to: redirectTo,
  })}`
  await enqueueMail(trx, deps, {
    kind: 'email_change',
    to: email,
    accountId: null,
    dedupeKey: `email_change:${sha256Hex(token)}`,
    params: { link, email },
  })
}

function refuseChange(change: EmailChangeRequest): void {
  if ('taken' in change) throw new GoTrueError(422, 'email_exists', EMAIL_TAKEN)
  if ('waitSeconds' in change) {
    throw new GoTrueError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${change.waitSeconds} seconds.`,
    )
  }
}
