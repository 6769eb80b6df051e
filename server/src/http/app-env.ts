import type { AuthUser } from '../ports/auth'

/** Hono's typing of per-request variables. */
export interface AppEnv {
  Variables: {
    requestId: string
    user: AuthUser
  }
}
