import { memberInviteSchema, memberRemovalSchema, memberRoleSchema } from '@retainkit/shared/schemas'
import { HttpError } from '../../http/http-error'
import { ok } from '../../http/respond'
import { parseWith, readBody } from '../../http/validate'
import { changeRole, inviteMember, listTeam, removeMember, revokeInvitation } from '../../services/members'
import { enforceRateLimit } from '../../services/rate-limit'
import type { AccountActionHandlers } from './types'

/** Invitation mails per account per hour: a stolen admin session cannot turn us into a spam relay. */
export const INVITATIONS_PER_HOUR = 30

/**
 * `/api/account?accountId=&action=members` (ours; Settings → Team):
 * - GET, any member: `{data: {members: [{user_id, email, role, joined_at, you}], invitations: [...]}}`;
 * - POST `{email, role}` invites (201 `{data: {invitation, emailed}}`); the person joins when they sign
 *   in with that address;
 * - PUT `{user_id, role}` changes a member's role;
 * - DELETE `&userId=` removes a member, `&email=` withdraws an invitation.
 * Writes need canManageMembers; owners alone touch owners, and the last owner stays (services/members.ts).
 */
export const membersActions: AccountActionHandlers = {
  GET: {
    run: async (c, { deps, accountId, user }) =>
      ok(c, 'GET /api/account?action=members', await listTeam(deps.db, accountId, user.id, deps.clock.now())),
  },
  POST: {
    capability: 'canManageMembers',
    async run(c, { deps, accountId, user, membership }) {
      const body = await readBody(c, memberInviteSchema)
      await enforceRateLimit(c, deps, `member-invite:${accountId}`, INVITATIONS_PER_HOUR, 3600)
      const invited = await inviteMember(deps, accountId, { id: user.id, role: membership.role }, body)
      deps.logger.info('member invited', { accountId, role: body.role })
      return ok(c, 'POST /api/account?action=members', invited, 201)
    },
  },
  PUT: {
    capability: 'canManageMembers',
    async run(c, { deps, accountId, user, membership }) {
      const body = await readBody(c, memberRoleSchema)
      const member = await changeRole(deps, accountId, { id: user.id, role: membership.role }, body)
      deps.logger.info('member role changed', { accountId, role: body.role })
      return ok(c, 'PUT /api/account?action=members', member)
    },
  },
  DELETE: {
    capability: 'canManageMembers',
    async run(c, { deps, accountId, user, membership }) {
      const query = { userId: c.req.query('userId'), email: c.req.query('email') }
      if (!query.userId && !query.email) {
        throw new HttpError('MISSING_REQUIRED_FIELD', 'userId or email is required', 'userId')
      }
      const target = parseWith(memberRemovalSchema, query)
      if (target.email !== undefined)
        return ok(
          c,
          'DELETE /api/account?action=members',
          await revokeInvitation(deps, accountId, target.email),
        )
      const removed = await removeMember(
        deps,
        accountId,
        { id: user.id, role: membership.role },
        target.userId,
      )
      deps.logger.info('member removed', { accountId })
      return ok(c, 'DELETE /api/account?action=members', removed)
    },
  },
}
