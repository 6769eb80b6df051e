import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import { HttpError } from '../http/http-error'
import { sessionIdOf } from './bearer'
import type { TokenVerifier } from './types'

export const REVOKED_SESSION_MESSAGE = 'Your session has been signed out. Please sign in again.'

/**
 * Wraps the API's bearer verifier so an access token dies with its session: after sign-out (or refresh
 * token reuse) GoTrue would keep honouring the JWT until it expires; the API refuses it at once.
 * Only a session row marked revoked refuses — tokens whose session id is unknown here (tests mint
 * their own) pass, since the signature already proved we issued them.
 */
export function withSessionCheck(inner: TokenVerifier, db: Kysely<Database>): TokenVerifier {
  return {
    async verify(token) {
      const user = await inner.verify(token)
      const sessionId = sessionIdOf(token)
      if (sessionId) {
        const row = await db
          .selectFrom('auth_sessions')
          .select('revoked_at')
          .where('id', '=', sessionId)
          .executeTakeFirst()
        if (row && row.revoked_at !== null) throw new HttpError('UNAUTHORIZED', REVOKED_SESSION_MESSAGE)
      }
      return user
    },
  }
}
