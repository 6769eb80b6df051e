import type { Capability } from '@retainkit/shared/roles'
import type { Context } from 'hono'
import type { AuthUser } from '../../auth/types'
import type { AppDeps } from '../../deps'
import type { AppEnv } from '../../http/app-env'
import type { Membership } from '../../services/access'

export interface AccountRequest {
  deps: AppDeps
  user: AuthUser
  accountId: string
  membership: Membership
}

export interface AccountHandler {
  /** Checked before the handler runs; absent means "any member". */
  capability?: Capability
  run(c: Context<AppEnv>, request: AccountRequest): Promise<Response>
}

export type AccountMethod = 'GET' | 'PUT' | 'POST' | 'DELETE'
export type AccountActionHandlers = Partial<Record<AccountMethod, AccountHandler>>
