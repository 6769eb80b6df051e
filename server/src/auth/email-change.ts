import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/tables'
import { PKCE_TOKEN_PREFIX, randomToken, sha256Hex } from './crypto'
import { userIdByEmail } from './users'

/**
 * E-mail changes (supabase-js updateUser({ email })), as GoTrue does them with a single confirmation:
 * a one-time link mailed to the new address; the address changes only when that link is opened, so
 * nobody can move an account onto an address they cannot read. Until then the user shows the pending
 * address as `new_email`. A newer request replaces an older one.
 */
type Db = Kysely<Database>

export type EmailChangeRequest = { token: string } | { taken: true } | { waitSeconds: number }

/** Serialises every request about one address (with /otp, which takes the same lock). */
const lockAddress = (db: Db, email: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`auth-otp:${email}`}))`.execute(db)

/** Records a change of `userId`'s address to `email` (in the caller's transaction); one per minute. */
export async function requestEmailChange(
  trx: Db,
  input: {
    userId: string
    email: string
    challenge: { value: string; method: string } | null
    redirectTo: string
    now: Date
    ttlMs: number
    resendSeconds: number
  },
): Promise<EmailChangeRequest> {
  const { userId, email, now } = input
  await lockAddress(trx, email)
  const owner = await userIdByEmail(trx, email)
  if (owner !== null && owner !== userId) return { taken: true }
  const last = await trx
    .selectFrom('auth_one_time_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('type', '=', 'email_change')
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  if (last) {
    const elapsed = Math.floor((now.getTime() - new Date(last.created_at).getTime()) / 1000)
    if (elapsed < input.resendSeconds) return { waitSeconds: input.resendSeconds - elapsed }
  }
  // The newest request is the one that counts: older links stop working.
  await trx
    .updateTable('auth_one_time_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('type', '=', 'email_change')
    .where('used_at', 'is', null)
    .execute()
  const token = `${input.challenge ? PKCE_TOKEN_PREFIX : ''}${randomToken()}`
  await trx
    .insertInto('auth_one_time_tokens')
    .values({
      token_hash: sha256Hex(token),
      email,
      user_id: userId,
      code_challenge: input.challenge?.value ?? null,
      code_challenge_method: input.challenge ? input.challenge.method.toLowerCase() : null,
      redirect_to: input.redirectTo,
      created_at: now,
      expires_at: new Date(now.getTime() + input.ttlMs),
      type: 'email_change',
      user_metadata: null,
    })
    .execute()
  return { token }
}

/**
 * A confirmed change (the claimed token's row): the user's address and e-mail identity become the new
 * one. Null when another user took the address meanwhile (the change is then dropped).
 */
export async function confirmEmailChange(
  trx: Db,
  row: { user_id: string | null; email: string },
  now: Date,
): Promise<string | null> {
  const userId = row.user_id
  if (!userId) return null
  await lockAddress(trx, row.email)
  const owner = await userIdByEmail(trx, row.email)
  if (owner !== null && owner !== userId) return null
  const moved = await trx
    .updateTable('users')
    .set({ email: row.email, email_confirmed_at: now, updated_at: now })
    .where('id', '=', userId)
    .executeTakeFirst()
  if (Number(moved.numUpdatedRows) === 0) return null
  await trx
    .updateTable('auth_identities')
    .set((eb) => ({
      email: row.email,
      identity_data: sql`jsonb_set(${eb.ref('identity_data')}, '{email}', to_jsonb(${row.email}::text))`,
      updated_at: now,
    }))
    .where('user_id', '=', userId)
    .where('provider', '=', 'email')
    .execute()
  return userId
}
