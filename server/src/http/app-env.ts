import type { AuthUser } from '../auth/types'

/** Hono's typing of per-request variables. */
export interface AppEnv {
  Variables: {
    requestId: string
    user: AuthUser
  }
}
