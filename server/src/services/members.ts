import type { Role } from '@retainkit/shared/roles'
import type { MemberInvite, MemberRoleChange } from '@retainkit/shared/schemas'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/tables'
import type { AppDeps } from '../deps'
import { HttpError, notFound } from '../http/http-error'
import { enqueueMail } from './mail/outbox'

/**
 * The team of an account (Settings → Team): its members and the invitations waiting for someone to sign
 * in. Rules, checked here on the server whatever the console shows:
 * - members with canManageMembers (owners, admins) invite, change roles and remove;
 * - only an owner may make someone an owner, or change or remove an owner;
 * - an account always keeps at least one owner (changes run with the account's memberships locked, so
 *   two owners demoting each other at once cannot both succeed).
 */
export const INVITATION_TTL_DAYS = 14
export const MAX_PENDING_INVITATIONS = 50

export const TEAM_MESSAGES = {
  ownerOnly: 'Only an owner can make someone an owner, or change or remove an owner.',
  lastOwner: 'An account needs at least one owner: make someone else an owner first.',
  alreadyMember: 'This person is already a member of the account.',
  tooManyInvitations: `An account can have at most ${MAX_PENDING_INVITATIONS} pending invitations.`,
  noMember: 'No member with this user ID in the account',
  noInvitation: 'No pending invitation for this address',
} as const

type Db = Kysely<Database>

export interface TeamMember {
  user_id: string
  email: string
  role: Role
  joined_at: string
  /** The member asking. */
  you: boolean
}

export interface TeamInvitation {
  email: string
  role: Role
  invited_at: string
  expires_at: string
}

export interface TeamView {
  members: TeamMember[]
  invitations: TeamInvitation[]
}

export interface Actor {
  id: string
  role: Role
}

const normaliseEmail = (email: string) => email.trim().toLowerCase()
const iso = (value: Date | string) => new Date(value).toISOString()

export async function listTeam(db: Db, accountId: string, userId: string, now: Date): Promise<TeamView> {
  const members = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'm.role', 'm.created_at'])
    .where('m.account_id', '=', accountId)
    .orderBy('m.created_at')
    .orderBy('u.email')
    .execute()
  const invitations = await db
    .selectFrom('member_invitations')
    .select(['email', 'role', 'created_at', 'expires_at'])
    .where('account_id', '=', accountId)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('email')
    .execute()
  return {
    members: members.map((row) => ({
      user_id: row.user_id,
      email: row.email,
      role: row.role,
      joined_at: iso(row.created_at),
      you: row.user_id === userId,
    })),
    invitations: invitations.map((row) => ({
      email: row.email,
      role: row.role,
      invited_at: iso(row.created_at),
      expires_at: iso(row.expires_at),
    })),
  }
}

/** Locks the account's memberships for a change that must see them all (the last-owner rule). */
async function lockedMembers(trx: Transaction<Database>, accountId: string) {
  return trx
    .selectFrom('memberships')
    .select(['user_id', 'role'])
    .where('account_id', '=', accountId)
    .forUpdate()
    .execute()
}

const requireOwner = (actor: Actor) => {
  if (actor.role !== 'owner') throw new HttpError('INSUFFICIENT_PERMISSIONS', TEAM_MESSAGES.ownerOnly)
}

/**
 * Invites `email` with `role` (again: refreshes the role and the expiry), and queues the mail with a
 * link to sign in in the same transaction (`emailed`: the mail is queued; the outbox delivers it).
 */
export async function inviteMember(
  deps: AppDeps,
  accountId: string,
  actor: Actor,
  input: MemberInvite,
): Promise<{ invitation: TeamInvitation; emailed: boolean }> {
  if (input.role === 'owner') requireOwner(actor)
  const email = normaliseEmail(input.email)
  const now = deps.clock.now()
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000)
  await deps.db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.user_id')
      .where('m.account_id', '=', accountId)
      .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email))
      .executeTakeFirst()
    if (member) throw new HttpError('DUPLICATE_ENTRY', TEAM_MESSAGES.alreadyMember, 'email')
    const pending = await trx
      .selectFrom('member_invitations')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('account_id', '=', accountId)
      .where('email', '<>', email)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow()
    if (Number(pending.count) >= MAX_PENDING_INVITATIONS) {
      throw new HttpError('BUSINESS_RULE_VIOLATION', TEAM_MESSAGES.tooManyInvitations)
    }
    const values = { role: input.role, invited_by: actor.id, created_at: now, expires_at: expiresAt }
    await trx
      .insertInto('member_invitations')
      .values({ account_id: accountId, email, ...values })
      .onConflict((oc) => oc.columns(['account_id', 'email']).doUpdateSet(values))
      .execute()
    // Committed with the invitation; the mail worker sends it and retries a failed send. Inviting
    // again (a new role, a new expiry) mails again.
    await enqueueMail(trx, deps, {
      kind: 'member_invitation',
      to: email,
      accountId,
      dedupeKey: `member_invitation:${email}:${now.getTime()}`,
      params: { email, role: input.role, days: INVITATION_TTL_DAYS },
    })
  })
  return {
    invitation: { email, role: input.role, invited_at: iso(now), expires_at: iso(expiresAt) },
    emailed: true,
  }
}

export async function changeRole(
  deps: AppDeps,
  accountId: string,
  actor: Actor,
  input: MemberRoleChange,
): Promise<TeamMember> {
  return deps.db.transaction().execute(async (trx) => {
    const members = await lockedMembers(trx, accountId)
    const target = members.find((member) => member.user_id === input.user_id)
    if (!target) throw notFound(TEAM_MESSAGES.noMember)
    if (target.role === 'owner' || input.role === 'owner') requireOwner(actor)
    const owners = members.filter((member) => member.role === 'owner').length
    if (target.role === 'owner' && input.role !== 'owner' && owners <= 1) {
      throw new HttpError('CONSTRAINT_VIOLATION', TEAM_MESSAGES.lastOwner)
    }
    const updated = await trx
      .updateTable('memberships')
      .set({ role: input.role })
      .where('account_id', '=', accountId)
      .where('user_id', '=', input.user_id)
      .returning(['user_id', 'role', 'created_at'])
      .executeTakeFirstOrThrow()
    const user = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', input.user_id)
      .executeTakeFirstOrThrow()
    return {
      user_id: updated.user_id,
      email: user.email,
      role: updated.role,
      joined_at: iso(updated.created_at),
      you: updated.user_id === actor.id,
    }
  })
}

/** Removes a member (yourself included: leaving), keeping at least one owner. */
export async function removeMember(deps: AppDeps, accountId: string, actor: Actor, userId: string) {
  await deps.db.transaction().execute(async (trx) => {
    const members = await lockedMembers(trx, accountId)
    const target = members.find((member) => member.user_id === userId)
    if (!target) throw notFound(TEAM_MESSAGES.noMember)
    if (target.role === 'owner') {
      requireOwner(actor)
      if (members.filter((member) => member.role === 'owner').length <= 1) {
        throw new HttpError('CONSTRAINT_VIOLATION', TEAM_MESSAGES.lastOwner)
      }
    }
    await trx
      .deleteFrom('memberships')
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .execute()
  })
  return { user_id: userId, removed: true as const }
}

export async function revokeInvitation(deps: AppDeps, accountId: string, email: string) {
  const deleted = await deps.db
    .deleteFrom('member_invitations')
    .where('account_id', '=', accountId)
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst()
  if (!deleted.numDeletedRows) throw notFound(TEAM_MESSAGES.noInvitation)
  return { email: normaliseEmail(email), revoked: true as const }
}

/**
 * Turns the invitations waiting for this address into memberships (at sign-in, inside the bootstrap
 * transaction); expired ones are dropped. Answers the accounts joined, newest invitation last.
 */
export async function acceptInvitations(
  trx: Transaction<Database>,
  user: { id: string; email: string },
  now: Date,
): Promise<string[]> {
  const email = normaliseEmail(user.email)
  const waiting = await trx
    .selectFrom('member_invitations')
    .select(['account_id', 'role'])
    .where('email', '=', email)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .execute()
  for (const invitation of waiting) {
    await trx
      .insertInto('memberships')
      .values({ account_id: invitation.account_id, user_id: user.id, role: invitation.role, created_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'user_id']).doNothing())
      .execute()
  }
  await trx.deleteFrom('member_invitations').where('email', '=', email).execute()
  return waiting.map((invitation) => invitation.account_id)
}
