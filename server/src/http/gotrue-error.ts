import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * Errors of the embedded auth server, shaped the way GoTrue answers them, because the client is
 * `@supabase/auth-js` and it reads GoTrue's shapes, not ours (`{error: {...}}` is the /api shape).
 *
 * GoTrue negotiates the body by the `X-Supabase-Api-Version` request header: from 2024-01-01 on it
 * echoes the header and answers `{code: <error code>, message}`; without it, the legacy
 * `{code: <HTTP status>, error_code, msg}`. auth-js sends 2024-01-01 and reads `code`; older clients
 * read `error_code`/`msg`.
 */
export const API_VERSION_HEADER = 'X-Supabase-Api-Version'
export const API_VERSION_2024 = '2024-01-01'

/** The GoTrue error codes this server answers with (a subset of auth-js's ErrorCode). */
export type GoTrueErrorCode =
  | 'validation_failed'
  | 'bad_json'
  | 'bad_jwt'
  | 'no_authorization'
  | 'user_not_found'
  | 'session_not_found'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'bad_code_verifier'
  | 'otp_expired'
  | 'otp_disabled'
  | 'signup_disabled'
  | 'phone_provider_disabled'
  | 'over_email_send_rate_limit'
  | 'over_request_rate_limit'
  | 'bad_oauth_state'
  | 'bad_oauth_callback'
  | 'provider_email_needs_verification'
  | 'email_exists'
  | 'not_found'
  | 'unexpected_failure'

export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly code: GoTrueErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'GoTrueError'
  }
}

export const badRequest = (code: GoTrueErrorCode, message: string) => new GoTrueError(400, code, message)

/** True when the client asked for the 2024-01-01 API (or a later one). */
export function wantsModernErrors(c: Context): boolean {
  const version = c.req.header(API_VERSION_HEADER)?.trim() ?? ''
  return /^2\d{3}-\d{2}-\d{2}$/.test(version) && version >= API_VERSION_2024
}

export function goTrueErrorResponse(c: Context, error: GoTrueError): Response {
  c.header('Cache-Control', 'no-store')
  if (wantsModernErrors(c)) {
    c.header(API_VERSION_HEADER, API_VERSION_2024)
    return c.json({ code: error.code, message: error.message }, error.status as ContentfulStatusCode)
  }
  return c.json(
    { code: error.status, error_code: error.code, msg: error.message },
    error.status as ContentfulStatusCode,
  )
}

/**
 * Where GoTrue sends a browser after a failed redirect step (/verify, /callback): the OAuth-style
 * `error` (from the HTTP status), GoTrue's `error_code` and the human `error_description`, in the
 * fragment always and in the query too for the PKCE flow (a server-side callback cannot read
 * fragments). The target's own query is dropped so stale parameters never mix with the error.
 */
const OAUTH_ERROR_BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  429: 'invalid_request',
  500: 'server_error',
  503: 'temporarily_unavailable',
}

export function errorRedirectUrl(
  target: string,
  error: { error: string; code: string; description: string },
  pkce: boolean,
): string {
  const url = new URL(target)
  const params = new URLSearchParams({
    error: error.error,
    error_code: error.code,
    error_description: error.description,
  })
  url.search = pkce ? params.toString() : ''
  url.hash = params.toString()
  return url.toString()
}

export function oauthErrorFor(status: number): string {
  return OAUTH_ERROR_BY_STATUS[status] ?? 'server_error'
}
