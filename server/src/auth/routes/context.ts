import type { Hono } from 'hono'
import type { AppDeps } from '../../deps'
import type { AppEnv } from '../../http/app-env'
import type { Fetch } from '../oauth-client'
import type { SigningKeys } from '../signing-keys'
import type { TokenVerifier } from '../types'

/** What every /auth/v1 route module receives (built once by authRoutes). */
export interface AuthContext {
  deps: AppDeps
  keys: SigningKeys
  /** The plain embedded verifier (no revoked-session check: /user reports that as session_not_found). */
  verifier: TokenVerifier
  /** How the OAuth client reaches providers (global fetch in production, a fake in tests). */
  fetch: Fetch
}

export type AuthApp = Hono<AppEnv>

/** Flow codes (PKCE) live 5 minutes, like GoTrue's flow states; one-time sign-in links 15. */
export const FLOW_CODE_TTL_MS = 5 * 60_000
export { ONE_TIME_TOKEN_TTL_MS } from '../one-time-token'
export const OAUTH_STATE_TTL_MS = 10 * 60_000
/** One sign-in mail per address per minute. */
export const EMAIL_RESEND_SECONDS = 60
