import { badRequest, GoTrueError } from '../../http/gotrue-error'
import { answer } from '../../http/respond'
import { CODE_CHALLENGE_METHODS, type CodeChallengeMethod, sha256Hex, verifierMatches } from '../crypto'
import { limitByIp } from '../rate-limit'
import { parseAuth, pkceGrantSchema, readAuthBody, refreshGrantSchema } from '../schemas'
import { createSession, rotateRefreshToken, type SessionResponse } from '../sessions'
import type { AuthApp, AuthContext } from './context'

const FLOW_NOT_FOUND = 'invalid flow state, no valid flow state found'

/** POST /token?grant_type=pkce | refresh_token. */
/** The `?grant_type=` values /token answers (what auth-js sends). */
export const GRANT_TYPES = ['pkce', 'refresh_token'] as const

export function tokenRoutes(app: AuthApp, ctx: AuthContext): void {
  const { deps } = ctx

  async function pkceGrant(body: unknown, now: Date): Promise<SessionResponse> {
    const { auth_code, code_verifier } = parseAuth(pkceGrantSchema, body)
    const hash = sha256Hex(auth_code)
    const row = await deps.db
      .selectFrom('auth_flow_codes')
      .selectAll()
      .where('code_hash', '=', hash)
      .executeTakeFirst()
    if (!row || row.used_at !== null) throw new GoTrueError(404, 'flow_state_not_found', FLOW_NOT_FOUND)
    if (new Date(row.expires_at).getTime() <= now.getTime()) {
      throw new GoTrueError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
    }
    const method = row.code_challenge_method as CodeChallengeMethod
    // A wrong verifier leaves the code usable (as GoTrue does): whoever holds the real verifier can
    // still finish, and 256-bit verifiers cannot be guessed.
    if (
      !CODE_CHALLENGE_METHODS.includes(method) ||
      !verifierMatches(code_verifier, row.code_challenge, method)
    ) {
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier')
    }
    const session = await deps.db.transaction().execute(async (trx) => {
      const consumed = await trx
        .updateTable('auth_flow_codes')
        .set({ used_at: now })
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst()
      if (!consumed) return null
      return createSession(trx, { keys: ctx.keys, now }, consumed.user_id, row.authentication_method)
    })
    if (!session) throw new GoTrueError(404, 'flow_state_not_found', FLOW_NOT_FOUND)
    return session
  }

  app.post('/auth/v1/token', async (c) => {
    const now = deps.clock.now()
    await limitByIp(deps.db, c, 'token', now, deps.config.trustProxy)
    const grantType = c.req.query('grant_type')
    if (!GRANT_TYPES.some((known) => known === grantType)) {
      throw badRequest('validation_failed', 'unsupported_grant_type')
    }
    const body = await readAuthBody(c)
    const session =
      grantType === 'pkce'
        ? await pkceGrant(body, now)
        : await rotateRefreshToken(
            deps.db,
            { keys: ctx.keys, now, secrets: deps.secrets },
            parseAuth(refreshGrantSchema, body).refresh_token,
          )
    c.header('Cache-Control', 'no-store')
    return answer(
      c,
      grantType === 'pkce'
        ? 'POST /auth/v1/token?grant_type=pkce'
        : 'POST /auth/v1/token?grant_type=refresh_token',
      session,
    )
  })
}
