import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'

/**
 * Users as GoTrue presents them (auth-js's `User`), and the writes that sign a user in. The users
 * table is shared with the rest of the server (memberships, active account); auth adds identities and
 * the GoTrue-only fields.
 */
export interface GoTrueIdentity {
  identity_id: string
  id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: string | null
  created_at: string
  updated_at: string
  email: string | null
}

export interface GoTrueUser {
  id: string
  aud: 'authenticated'
  role: 'authenticated'
  email: string
  email_confirmed_at: string | null
  confirmed_at: string | null
  phone: ''
  last_sign_in_at: string | null
  app_metadata: { provider: string; providers: string[] }
  user_metadata: Record<string, unknown>
  identities: GoTrueIdentity[]
  created_at: string
  updated_at: string
  is_anonymous: false
  /** An e-mail change waiting for the new address to confirm it (auth/email-change.ts). */
  new_email?: string
  email_change_sent_at?: string
}

type Db = Kysely<Database>

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString()

export async function loadGoTrueUser(db: Db, userId: string): Promise<GoTrueUser | null> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  if (!user) return null
  const rows = await db
    .selectFrom('auth_identities')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('provider')
    .execute()
  const created = iso(user.created_at) as string
  // Users created outside auth (the demo seed, tests) have no identity row yet: they sign in by email.
  const identities: GoTrueIdentity[] =
    rows.length > 0
      ? rows.map((row) => ({
          identity_id: row.id,
          id: row.provider_id,
          user_id: row.user_id,
          identity_data: row.identity_data,
          provider: row.provider,
          last_sign_in_at: iso(row.last_sign_in_at),
          created_at: iso(row.created_at) as string,
          updated_at: iso(row.updated_at) as string,
          email: row.email,
        }))
      : [
          {
            identity_id: user.id,
            id: user.id,
            user_id: user.id,
            identity_data: { sub: user.id, email: user.email, email_verified: false, phone_verified: false },
            provider: 'email',
            last_sign_in_at: iso(user.last_sign_in_at),
            created_at: created,
            updated_at: created,
            email: user.email,
          },
        ]
  const providers = [...new Set(identities.map((identity) => identity.provider))]
  const confirmed = iso(user.email_confirmed_at)
  const pending = await db
    .selectFrom('auth_one_time_tokens')
    .select(['email', 'created_at'])
    .where('user_id', '=', userId)
    .where('type', '=', 'email_change')
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: confirmed,
    confirmed_at: confirmed,
    phone: '',
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: { provider: providers[0] ?? 'email', providers },
    user_metadata: user.user_metadata ?? {},
    identities,
    created_at: created,
    updated_at: iso(user.updated_at) ?? created,
    is_anonymous: false,
    ...(pending ? { new_email: pending.email, email_change_sent_at: iso(pending.created_at) as string } : {}),
  }
}

export async function userIdByEmail(db: Db, email: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  return row?.id ?? null
}

/** Finds or creates the user of a verified email; marks the email confirmed and the sign-in time. */
async function ensureUser(
  db: Db,
  email: string,
  metadata: Record<string, unknown>,
  now: Date,
): Promise<string> {
  const existing = await userIdByEmail(db, email)
  if (existing) {
    await db
      .updateTable('users')
      .set((eb) => ({
        last_sign_in_at: now,
        updated_at: now,
        email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(now)),
      }))
      .where('id', '=', existing)
      .execute()
    return existing
  }
  await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      email,
      created_at: now,
      updated_at: now,
      last_sign_in_at: now,
      email_confirmed_at: now,
      user_metadata: JSON.stringify(metadata),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute()
  // Another request may have created the same user a moment earlier: take whichever row exists.
  const id = await userIdByEmail(db, email)
  if (!id) throw new Error('user could not be created')
  return id
}

async function upsertIdentity(
  db: Db,
  identity: {
    provider: string
    providerId: string
    userId: string
    email: string
    data: Record<string, unknown>
  },
  now: Date,
): Promise<void> {
  await db
    .insertInto('auth_identities')
    .values({
      id: randomUUID(),
      provider: identity.provider,
      provider_id: identity.providerId,
      user_id: identity.userId,
      email: identity.email,
      identity_data: JSON.stringify(identity.data),
      created_at: now,
      updated_at: now,
      last_sign_in_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['provider', 'provider_id']).doUpdateSet({
        email: identity.email,
        identity_data: JSON.stringify(identity.data),
        updated_at: now,
        last_sign_in_at: now,
      }),
    )
    .execute()
}

/** A verified magic link: the email's user (created on first sign-in) with its email identity. */
export async function signInByEmail(
  db: Db,
  email: string,
  metadata: Record<string, unknown>,
  now: Date,
): Promise<string> {
  const userId = await ensureUser(db, email, metadata, now)
  await upsertIdentity(
    db,
    {
      provider: 'email',
      providerId: userId,
      userId,
      email,
      data: { sub: userId, email, email_verified: true, phone_verified: false },
    },
    now,
  )
  return userId
}

/**
 * A social sign-in with a provider-verified email: the identity's user if it is known, else the user
 * with that email (linked — the provider vouched for the address), else a new user.
 */
export async function signInByProvider(
  db: Db,
  input: { provider: string; providerId: string; email: string; data: Record<string, unknown> },
  now: Date,
): Promise<string> {
  const known = await db
    .selectFrom('auth_identities')
    .select('user_id')
    .where('provider', '=', input.provider)
    .where('provider_id', '=', input.providerId)
    .executeTakeFirst()
  let userId: string
  if (known) {
    userId = known.user_id
    await db
      .updateTable('users')
      .set({ last_sign_in_at: now, updated_at: now })
      .where('id', '=', userId)
      .execute()
  } else {
    userId = await ensureUser(db, input.email, input.data, now)
  }
  await upsertIdentity(
    db,
    { provider: input.provider, providerId: input.providerId, userId, email: input.email, data: input.data },
    now,
  )
  return userId
}
