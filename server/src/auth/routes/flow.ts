import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { sha256Hex } from '../crypto'
import { withFragment, withQuery } from '../redirect'
import { type AuthenticationMethod, createSession } from '../sessions'
import { type AuthContext, FLOW_CODE_TTL_MS } from './context'

/**
 * The last step of /verify and /callback, once the user is known: PKCE → a single-use flow code
 * bound to the stored code challenge, appended as `?code=` (the client exchanges it at /token);
 * implicit → a session handed over in the URL fragment, as GoTrue does.
 */
export async function completeSignIn(
  db: Kysely<Database>,
  ctx: AuthContext,
  input: {
    userId: string
    target: string
    challenge: { value: string; method: string } | null
    method: AuthenticationMethod
    type: string
    now: Date
  },
): Promise<string> {
  if (input.challenge) {
    const code = randomUUID()
    await db
      .insertInto('auth_flow_codes')
      .values({
        code_hash: sha256Hex(code),
        user_id: input.userId,
        code_challenge: input.challenge.value,
        code_challenge_method: input.challenge.method.toLowerCase(),
        created_at: input.now,
        expires_at: new Date(input.now.getTime() + FLOW_CODE_TTL_MS),
        authentication_method: input.method,
      })
      .execute()
    return withQuery(input.target, { code })
  }
  const session = await createSession(db, { keys: ctx.keys, now: input.now }, input.userId, input.method)
  return withFragment(input.target, {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    type: input.type,
  })
}
