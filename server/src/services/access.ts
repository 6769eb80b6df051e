import { type Capabilities, type Capability, capabilitiesFor, type Role } from '@retainkit/shared/roles'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import { HttpError } from '../http/http-error'

export interface Membership {
  accountId: string
  role: Role
  capabilities: Capabilities
}

/**
 * The one gate for account-scoped routes: the caller must be a member of the account, and hold the
 * capability when one is named. Not a member → 403 FORBIDDEN (whether or not the account exists, so
 * the answer reveals nothing); member without the capability → 403 INSUFFICIENT_PERMISSIONS.
 */
export async function requireMembership(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  capability?: Capability,
): Promise<Membership> {
  const row = await db
    .selectFrom('memberships')
    .select(['role'])
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) throw new HttpError('FORBIDDEN', "You don't have permission to perform this action.")
  const capabilities = capabilitiesFor(row.role)
  if (capability && !capabilities[capability]) {
    throw new HttpError('INSUFFICIENT_PERMISSIONS', `Your role (${row.role}) does not allow this action.`)
  }
  return { accountId, role: row.role, capabilities }
}
