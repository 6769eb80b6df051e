import type { Context } from 'hono'
import { decodeJwt } from 'jose'
import type { Kysely } from 'kysely'
import { DatabaseUnavailableError } from '../db/errors'
import type { Database } from '../db/tables'
import { GoTrueError } from '../http/gotrue-error'
import { bearerToken } from '../http/guards'
import { HttpError } from '../http/http-error'
import { activeSession } from './sessions'
import type { TokenVerifier } from './types'

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The `session_id` claim of an already verified token, when it is a well-formed id. */
export function sessionIdOf(token: string): string | null {
  try {
    const claim = decodeJwt(token).session_id
    return typeof claim === 'string' && UUID_PATTERN.test(claim) ? claim : null
  } catch {
    return null
  }
}

/**
 * Authenticates a call to /user or /logout as GoTrue does: a Bearer token signed by our keys and not
 * expired (401 no_authorization / 403 bad_jwt), naming a live session of its user (403
 * session_not_found — auth-js then drops its stored session). `verifier` is the plain embedded one,
 * so a revoked session is reported as session_not_found rather than as a bad token.
 */
export async function authenticateBearer(
  verifier: TokenVerifier,
  db: Kysely<Database>,
  c: Context,
): Promise<{ userId: string; sessionId: string }> {
  const token = bearerToken(c.req.header('authorization'))
  if (!token) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  let userId: string
  try {
    userId = (await verifier.verify(token)).id
  } catch (error) {
    // An outage is not a bad token: answering bad_jwt would make auth-js drop a good session.
    if (error instanceof DatabaseUnavailableError) throw error
    const expired = error instanceof HttpError && error.code === 'TOKEN_EXPIRED'
    throw new GoTrueError(
      403,
      'bad_jwt',
      expired
        ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
        : 'invalid JWT: unable to parse or verify signature',
    )
  }
  const sessionId = sessionIdOf(token)
  if (!sessionId || !UUID_PATTERN.test(userId) || !(await activeSession(db, sessionId, userId))) {
    throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  return { userId, sessionId }
}
