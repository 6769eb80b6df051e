import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import { GoTrueError } from '../http/gotrue-error'
import type { SecretBox } from '../ports/secret-box'
import { randomToken, sha256Hex } from './crypto'
import type { SigningKeys } from './signing-keys'
import { type GoTrueUser, loadGoTrueUser } from './users'

/**
 * Sessions of the embedded auth server: one auth_sessions row per sign-in, a chain of single-use
 * refresh tokens (stored hashed), and one-hour ES256 access tokens carrying the session id.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 3600

export type AuthenticationMethod = 'otp' | 'oauth'

/** GoTrue's AccessTokenResponse, which auth-js saves as its Session. */
export interface SessionResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: GoTrueUser
}

type Db = Kysely<Database>

export interface SessionContext {
  keys: SigningKeys
  now: Date
}

async function mint(
  ctx: SessionContext,
  user: GoTrueUser,
  session: { id: string; method: AuthenticationMethod; authenticatedAt: Date },
  refreshToken: string,
): Promise<SessionResponse> {
  const accessToken = await ctx.keys.sign(
    {
      email: user.email,
      phone: '',
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: session.method, timestamp: Math.floor(session.authenticatedAt.getTime() / 1000) }],
      session_id: session.id,
      is_anonymous: false,
    },
    { subject: user.id, expiresInSeconds: ACCESS_TOKEN_TTL_SECONDS, now: ctx.now },
  )
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: Math.floor(ctx.now.getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    user,
  }
}

async function issueRefreshToken(db: Db, sessionId: string, userId: string, now: Date): Promise<string> {
  const token = randomToken()
  await db
    .insertInto('auth_refresh_tokens')
    .values({ token_hash: sha256Hex(token), session_id: sessionId, user_id: userId, created_at: now })
    .execute()
  return token
}

async function requireUser(db: Db, userId: string): Promise<GoTrueUser> {
  const user = await loadGoTrueUser(db, userId)
  if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  return user
}

/** A new session for a user who just proved who they are (call inside the transaction that did so). */
export async function createSession(
  db: Db,
  ctx: SessionContext,
  userId: string,
  method: AuthenticationMethod,
): Promise<SessionResponse> {
  const user = await requireUser(db, userId)
  const id = randomUUID()
  await db
    .insertInto('auth_sessions')
    .values({
      id,
      user_id: userId,
      created_at: ctx.now,
      authentication_method: method,
      authenticated_at: ctx.now,
    })
    .execute()
  const refreshToken = await issueRefreshToken(db, id, userId, ctx.now)
  return mint(ctx, user, { id, method, authenticatedAt: ctx.now }, refreshToken)
}

const NOT_FOUND = 'Invalid Refresh Token: Refresh Token Not Found'

/** How long a just-used refresh token may be presented again and get the same successor (GoTrue: 10 s). */
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000

export interface RotationContext extends SessionContext {
  /** Keeps the successor of a used token, encrypted, for the reuse interval. */
  secrets: SecretBox
}

type Rotation = { response: SessionResponse } | { reused: true } | { notFound: true }

/**
 * Rotation: a refresh token works once and yields the next one in the same session. Presenting an
 * already-used token means it leaked (or was stolen and raced): GoTrue's reuse detection revokes the
 * whole session, so neither the thief nor the owner can go on refreshing. The exception, as in GoTrue:
 * within REFRESH_TOKEN_REUSE_INTERVAL_MS of its use, while its successor is still unused, the token
 * answers again with that same successor — the retry of a refresh whose answer never arrived, or a
 * second tab racing the first, then keeps the session instead of losing it.
 */
export async function rotateRefreshToken(
  db: Db,
  ctx: RotationContext,
  token: string,
): Promise<SessionResponse> {
  const hash = sha256Hex(token)
  const outcome = await db.transaction().execute(async (trx): Promise<Rotation> => {
    const consumed = await trx
      .updateTable('auth_refresh_tokens')
      .set({ used_at: ctx.now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning(['session_id', 'user_id'])
      .executeTakeFirst()
    if (!consumed) return reusedOrUnknown(trx, ctx, hash)
    const session = await liveSession(trx, consumed.session_id)
    if (!session) return { notFound: true }
    await trx
      .updateTable('auth_sessions')
      .set({ refreshed_at: ctx.now })
      .where('id', '=', session.id)
      .execute()
    const next = await issueRefreshToken(trx, session.id, consumed.user_id, ctx.now)
    // Only the token just used may be retried: older successors are forgotten.
    await trx
      .updateTable('auth_refresh_tokens')
      .set({ successor_ciphertext: null })
      .where('session_id', '=', session.id)
      .where('successor_ciphertext', 'is not', null)
      .execute()
    await trx
      .updateTable('auth_refresh_tokens')
      .set({ successor_ciphertext: ctx.secrets.encrypt(next) })
      .where('token_hash', '=', hash)
      .execute()
    return { response: await mintFor(trx, ctx, session, consumed.user_id, next) }
  })
  // Thrown after the transaction so the reuse revocation is committed, not rolled back.
  if ('reused' in outcome)
    throw new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  if ('notFound' in outcome) throw new GoTrueError(400, 'refresh_token_not_found', NOT_FOUND)
  return outcome.response
}

type LiveSession = { id: string; authentication_method: AuthenticationMethod; authenticatedAt: Date }

async function liveSession(db: Db, id: string): Promise<LiveSession | null> {
  const session = await db
    .selectFrom('auth_sessions')
    .select(['id', 'revoked_at', 'authentication_method', 'authenticated_at', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!session || session.revoked_at !== null) return null
  const { authentication_method, authenticated_at, created_at } = session
  return { id, authentication_method, authenticatedAt: new Date(authenticated_at ?? created_at) }
}

async function mintFor(db: Db, ctx: SessionContext, session: LiveSession, userId: string, refresh: string) {
  const user = await requireUser(db, userId)
  const { id, authentication_method: method, authenticatedAt } = session
  return mint(ctx, user, { id, method, authenticatedAt }, refresh)
}

/** A token that did not rotate: retried within the interval, reused (revoke the session), or unknown. */
async function reusedOrUnknown(db: Db, ctx: RotationContext, hash: string): Promise<Rotation> {
  const row = await db
    .selectFrom('auth_refresh_tokens')
    .select(['session_id', 'user_id', 'used_at', 'revoked_at', 'successor_ciphertext'])
    .where('token_hash', '=', hash)
    .executeTakeFirst()
  if (!row || row.used_at === null || row.revoked_at !== null) return { notFound: true }
  const usedAgo = ctx.now.getTime() - new Date(row.used_at).getTime()
  if (row.successor_ciphertext !== null && usedAgo <= REFRESH_TOKEN_REUSE_INTERVAL_MS) {
    const successor = ctx.secrets.decrypt(row.successor_ciphertext)
    const unused = await db
      .selectFrom('auth_refresh_tokens')
      .select('token_hash')
      .where('token_hash', '=', sha256Hex(successor))
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    const session = unused && (await liveSession(db, row.session_id))
    if (session) return { response: await mintFor(db, ctx, session, row.user_id, successor) }
  }
  await revokeSessionIds(db, [row.session_id], ctx.now)
  return { reused: true }
}

/** Revokes sessions and every refresh token in them. */
export async function revokeSessionIds(db: Db, sessionIds: string[], now: Date): Promise<void> {
  if (sessionIds.length === 0) return
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('id', 'in', sessionIds)
    .where('revoked_at', 'is', null)
    .execute()
  await db
    .updateTable('auth_refresh_tokens')
    .set({ revoked_at: now })
    .where('session_id', 'in', sessionIds)
    .where('revoked_at', 'is', null)
    .execute()
}

export type LogoutScope = 'global' | 'local' | 'others'

/** POST /logout: global = every session of the user, local = this one, others = all but this one. */
export async function revokeByScope(
  db: Db,
  userId: string,
  currentSessionId: string,
  scope: LogoutScope,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('auth_sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
    if (scope === 'local') query = query.where('id', '=', currentSessionId)
    if (scope === 'others') query = query.where('id', '!=', currentSessionId)
    const ids = (await query.execute()).map((row) => row.id)
    await revokeSessionIds(trx, ids, now)
  })
}

/** The live session a token names, or null when it was revoked, never existed or is someone else's. */
export async function activeSession(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('auth_sessions')
    .select(['user_id', 'revoked_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst()
  return !!row && row.revoked_at === null && row.user_id === userId
}
