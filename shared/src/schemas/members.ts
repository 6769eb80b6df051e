import { z } from 'zod'
import { ROLES } from '../roles'
import { email } from './primitives'

/** Team management (`/api/account?action=members`, ours): inviting, changing a role, removing. */
export const MEMBER_MESSAGES = {
  role: `role must be one of: ${ROLES.join(', ')}`,
  userId: 'Invalid user ID',
} as const

const role = z.enum(ROLES, MEMBER_MESSAGES.role)

/** An invitation: the person signs in with this address to join (addresses compare case-insensitively). */
export const memberInviteSchema = z.object({ email, role }).strict()

export const memberRoleSchema = z.object({ user_id: z.uuid(MEMBER_MESSAGES.userId), role }).strict()

/** DELETE's query: a member to remove (`userId`) or an invitation to withdraw (`email`), not both. */
export const memberRemovalSchema = z.union([
  z.object({ userId: z.uuid(MEMBER_MESSAGES.userId), email: z.undefined() }),
  z.object({ email, userId: z.undefined() }),
])

export type MemberInvite = z.output<typeof memberInviteSchema>
export type MemberRoleChange = z.output<typeof memberRoleSchema>
